import type { FieldError } from '../../contract/v1/common';

/** A failure the client should see as `{ msg, code }` with this status (spec §8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string, code = 'BAD_REQUEST', errors?: FieldError[]) => new HttpError(400, msg, code, errors);
export const fieldError = (field: string, msg: string, code = 'VALIDATION_FAILED') =>
  new HttpError(400, msg, code, [{ field, msg }]);
export const unauthorized = (msg = 'Session expired. Please log in again', code = 'UNAUTHORIZED') =>
  new HttpError(401, msg, code);
export const forbidden = (msg: string, code = 'FORBIDDEN') => new HttpError(403, msg, code);
export const notFound = (msg: string, code = 'NOT_FOUND') => new HttpError(404, msg, code);
export const preconditionFailed = (msg: string, code = 'PRECONDITION_FAILED') => new HttpError(412, msg, code);
export const tooManyRequests = (msg: string, retryAfterSeconds: number, code = 'TOO_MANY_REQUESTS') =>
  new HttpError(429, msg, code, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const ok = <T>(data: T, msg: string) => ({ data, msg });
