import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerI18n } from './server-i18n';

/** The language of the answer to this request (Accept-Language, else English). */
export function replyLanguage(i18n: ServerI18n, request: FastifyRequest): string {
  return i18n.languageOf(request.headers['accept-language']);
}

function hasMessage(payload: unknown): payload is { msg: string } {
  return (
    typeof payload === 'object' && payload !== null && typeof (payload as { msg?: unknown }).msg === 'string'
  );
}

/**
 * Success answers (`{ data, msg }`) name their message by key (locales/<lang>/server.json); this writes it in
 * the request's language just before the answer is serialised, so route handlers stay free of language
 * plumbing. Error answers are translated by the error handler, which also has their parameters.
 * See docs/server-messages.md.
 */
export function localiseReplies(app: FastifyInstance, i18n: ServerI18n): void {
  app.addHook('preSerialization', async (request: FastifyRequest, _reply, payload: unknown) => {
    if (!hasMessage(payload) || !i18n.isKey(payload.msg)) return payload;
    return { ...payload, msg: i18n.t(payload.msg, replyLanguage(i18n, request)) };
  });
}
