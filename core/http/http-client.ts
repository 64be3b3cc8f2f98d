import type { Endpoint, EndpointData, EndpointInput, EndpointNeedsInput } from '@contract/v1/endpoint';
import { token } from '../di/container';

/** What every /v1 success carries. */
export interface ApiResult<T> {
  data: T;
  msg: string;
}

/** How the pipeline treats one call. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Do not show the error notification; the caller handles the {@link ApiError} itself. */
  silent?: boolean;
  /** Show the server's `msg` as a success notification. */
  showSuccess?: boolean;
}

/** What a call of endpoint `E` resolves with: `data` typed by the endpoint's response schema. */
export type EndpointResult<E extends Endpoint> = ApiResult<EndpointData<E>>;

/** An endpoint that takes nothing accepts no input, or an empty one, and never a stray part. */
interface NoInput {
  body?: never;
  query?: never;
  params?: never;
}

/**
 * The arguments after the endpoint: its input (`{ body, query, params }`, only the parts it has, each typed by
 * its schema), optional when the endpoint takes nothing, then the {@link RequestOptions}.
 */
export type CallArgs<E extends Endpoint> =
  EndpointNeedsInput<E> extends true
    ? [input: EndpointInput<E>, options?: RequestOptions]
    : [input?: NoInput, options?: RequestOptions];

/**
 * The one HTTP client of the portal, and the only way to reach `/v1`: every call names an entry of the
 * contract's endpoint table (`@contract/v1/endpoints`), so a wrong body or a field the server does not send is
 * a type error. Base URL from config, bearer token from the session for `session` endpoints, `{ data, msg }`
 * unwrapped, errors mapped to {@link ApiError} and shown per the error catalogue (`toApiError`), a
 * single-flight refresh on 401 with queued replays, and aborts on logout.
 * @example
 * const { data } = await http.call(endpoints.login, { body: { email, password } }, { signal });
 * await http.call(endpoints.logout, undefined, { silent: true });
 * await http.call(endpoints.checkInvitation, { params: { orgId, invitationId } });
 */
export interface HttpClient {
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointResult<E>>;
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
    /** Seconds the server asked to wait (`Retry-After` of a 429 or 503), or null when it named none. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
