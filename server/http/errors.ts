import type { Message } from '../i18n/message';

/** A message the client sees in its language: a key of locales/<lang>/server.json (or a core validation key). */
type Text = Message;

/** A field's failed rule; the message is translated with the rest of the answer. */
export interface FieldFailure {
  field: string;
  msg: Text;
}

/**
 * A failure the client should see as `{ msg, code }` with this status; `msg` (and each field's) is translated
 * into the request's language by the error handler, `code` never changes (docs/api-errors.md).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msg: Text,
    readonly code: string,
    readonly errors?: FieldFailure[],
    readonly headers?: Record<string, string>,
  ) {
    super(typeof msg === 'string' ? msg : msg.key);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: Text, code = 'BAD_REQUEST', errors?: FieldFailure[]) =>
  new HttpError(400, msg, code, errors);
export const fieldError = (field: string, msg: Text, code = 'VALIDATION_FAILED') =>
  new HttpError(400, msg, code, [{ field, msg }]);
export const unauthorized = (msg: Text = 'http.sessionExpired', code = 'UNAUTHORIZED') =>
  new HttpError(401, msg, code);
export const forbidden = (msg: Text, code = 'FORBIDDEN') => new HttpError(403, msg, code);
export const notFound = (msg: Text, code = 'NOT_FOUND') => new HttpError(404, msg, code);
export const preconditionFailed = (msg: Text, code = 'PRECONDITION_FAILED') => new HttpError(412, msg, code);
export const tooManyRequests = (msg: Text, retryAfterSeconds: number, code = 'TOO_MANY_REQUESTS') =>
  new HttpError(429, msg, code, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export const ok = <T>(data: T, msg: Text) => ({ data, msg });
