import { token } from '../di/container';

/** What every /v1 success carries. */
export interface ApiResult<T> {
  data: T;
  msg: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Do not show the error notification; the caller handles the {@link ApiError} itself. */
  silent?: boolean;
  /** Show the server's `msg` as a success notification. */
  showSuccess?: boolean;
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

/**
 * The one HTTP client of the portal (spec §7, §8). Base URL from config, bearer token from the session,
 * `{ data, msg }` unwrapped, errors mapped to {@link ApiError} and shown per the error catalogue,
 * a single-flight refresh on 401 with queued replays, and aborts on logout.
 * @example
 * const { data } = await http.post<LoginResponse>('/v1/login', body, { signal });
 */
export interface HttpClient {
  get<T>(url: string, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  patch<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  delete<T>(url: string, options?: RequestOptions): Promise<ApiResult<T>>;
}
export const HttpClient = token<HttpClient>('core.http-client');

/** A failed call, already translated into what the user should read (`message`). */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no response arrived (network, abort). */
    readonly status: number | null,
    readonly code?: string,
    /** Per-field messages from a 400 `{ errors: [{ field, msg }] }`. */
    readonly fieldErrors: { field: string; msg: string }[] = [],
    readonly aborted = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
