import { isAxiosError } from 'axios';
import type { Translator } from '../i18n/translator';
import { ApiError } from './http-client';

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
 * Turns whatever a request threw into the message the user should read (spec §8):
 * 4xx → the server's `msg`; 5xx → 'Please try again'; no response → the network message.
 */
export function toApiError(error: unknown, translator: Translator, aborted: boolean): ApiError {
  // Checked first: a request cut off by logout stays silent even if the refresh it waited for failed loudly.
  if (aborted) return abortedError(translator);
  if (error instanceof ApiError) return error;
  const response = isAxiosError(error) ? error.response : undefined;
  if (!response) return new ApiError(translator.t('core:http.network'), null);
  const status = response.status;
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : undefined) as ErrorBody | undefined;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const serverMsg = typeof body?.msg === 'string' && body.msg.trim() !== '' ? body.msg : undefined;
  // A 5xx message is an internal detail (and often a stack trace behind a proxy): users get a plain retry hint.
  const message = status < 500 && serverMsg ? serverMsg : translator.t('core:http.tryAgain');
  return new ApiError(message, status, code, fieldErrorsOf(body));
}
