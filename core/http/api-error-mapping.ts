import { AxiosHeaders, isAxiosError, type AxiosResponse } from 'axios';
import type { Translator } from '../i18n/translator';
import { ApiError } from './http-client';
import { isRequestTimeout } from './request-timeout';

/** The body a failed /v1 call carries; every field is optional because proxies and crashes send anything. */
interface ErrorBody {
  msg?: unknown;
  code?: unknown;
  errors?: unknown;
}

function fieldErrorsOf(body: ErrorBody | undefined): { field: string; msg: string }[] {
  if (!Array.isArray(body?.errors)) return [];
  return body.errors.filter(
    (e): e is { field: string; msg: string } => typeof e?.field === 'string' && typeof e?.msg === 'string',
  );
}

/** A request the portal itself cancelled (logout, unmount): no message is ever shown for it. */
export function abortedError(translator: Translator): ApiError {
  return new ApiError(translator.t('core:http.aborted'), null, undefined, [], true);
}

/**
 * Turns whatever a request threw into the message the user should read (docs/api-errors.md):
 * 4xx → the server's `msg`; 5xx or no answer in time → 'Please try again'; no response → the network message.
 */
export function toApiError(error: unknown, translator: Translator, aborted: boolean): ApiError {
  // Checked first: a request cut off by logout stays silent even if the refresh it waited for failed loudly.
  if (aborted) return abortedError(translator);
  if (error instanceof ApiError) return error;
  const response = isAxiosError(error) ? error.response : undefined;
  // The server took longer than requestTimeoutSeconds: it was reached, so not the network message.
  if (isRequestTimeout(error)) return new ApiError(translator.t('core:http.tryAgain'), null);
  if (!response) return new ApiError(translator.t('core:http.network'), null);
  const status = response.status;
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : undefined) as
    ErrorBody | undefined;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const serverMsg = typeof body?.msg === 'string' && body.msg.trim() !== '' ? body.msg : undefined;
  // A 5xx message is an internal detail (and often a stack trace behind a proxy): users get a plain retry hint.
  const message = status < 500 && serverMsg ? serverMsg : translator.t('core:http.tryAgain');
  return new ApiError(message, status, code, fieldErrorsOf(body), false, retryAfterOf(response.headers));
}

/**
 * `Retry-After` in whole seconds (delta-seconds or an HTTP date), so a screen can show the wait the server
 * holds to rather than one it remembers (a reload forgets): the OTP resend countdown (docs/two-factor.md).
 */
function retryAfterOf(headers: AxiosResponse['headers']): number | null {
  const raw: unknown = AxiosHeaders.from(headers as AxiosHeaders).get('retry-after');
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const value = raw.trim();
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
