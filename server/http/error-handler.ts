import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '../../contract/v1/common';
import { RULE_KEYWORD } from '../../contract/rules/schema-keyword';
import { summariseError } from '../error-summary';
import { message, type Message } from '../i18n/message';
import { messageTranslator } from '../i18n/message-translator';
import { replyLanguage } from '../i18n/localise-replies';
import { serverI18n, type ServerI18n } from '../i18n/server-i18n';
import { HttpError } from './errors';
import { FINITE_KEYWORD } from './finite-number';
import { PLAIN_TEXT_KEYWORD, type PlainTextErrorParams } from './plain-text';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
}

const GENERIC_500 = 'http.tryAgain';

function customMessage(schema: unknown, keyword: string): string | undefined {
  const byKeyword = (schema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages'];
  return byKeyword?.[keyword];
}

/**
 * Which message a field shows when several rules fail: the shared rule set's (what the portal's form says for the
 * same input: 'Enter your first name in format: John Smith' for a name with a line break), then the control
 * character one (server/http/plain-text.ts: an id or a token says what is wrong with it), then the contract's other
 * wording, then ajv's.
 */
const RANK = { generic: 0, custom: 1, plainText: 2, rule: 3 } as const;
type Rank = (typeof RANK)[keyof typeof RANK];

const PLAIN_TEXT_MESSAGES = {
  'control-character': 'validation.controlCharacters',
  'malformed-text': 'validation.malformedText',
} as const;

function toFieldError(error: AjvError): { field: string; msg: Message | string; rank: Rank } {
  const { field, msg, custom } = contractFieldError(error);
  const rank =
    error.keyword === RULE_KEYWORD
      ? RANK.rule
      : error.keyword === PLAIN_TEXT_KEYWORD
        ? RANK.plainText
        : custom
          ? RANK.custom
          : RANK.generic;
  return { field, msg, rank };
}

function contractFieldError(error: AjvError): { field: string; msg: Message | string; custom: boolean } {
  const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    const field = path ? `${path}.${missing}` : missing;
    const properties = error.parentSchema?.properties as Record<string, unknown> | undefined;
    const msg = customMessage(properties?.[missing], 'required');
    return { field, msg: msg ?? message('validation.fieldRequired', { field: missing }), custom: Boolean(msg) };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String(error.params.additionalProperty);
    return { field: path ? `${path}.${extra}` : extra, msg: message('validation.unknownField', { field: extra }), custom: true };
  }
  const field = path || 'body';
  if (error.keyword === PLAIN_TEXT_KEYWORD) {
    const { problem } = error.params as unknown as PlainTextErrorParams;
    return { field, msg: message(PLAIN_TEXT_MESSAGES[problem], { field }), custom: true };
  }
  // The shared rule set's keyword carries its own message (contract/rules/schema-keyword.ts).
  if (error.keyword === RULE_KEYWORD) return { field, msg: String(error.params.message), custom: true };
  // An infinite number is a wrong type to the user: the field's own wording for a wrong type applies (./finite-number.ts).
  const msg = customMessage(error.parentSchema, error.keyword === FINITE_KEYWORD ? 'type' : error.keyword);
  // ajv's own wording (English) is kept as the detail of the generic message.
  return { field, msg: msg ?? message('validation.fieldInvalid', { field, reason: error.message ?? 'is invalid' }), custom: Boolean(msg) };
}

/** One message per field, preferring the wording the contract gives for the failed rule, written by `translate`. */
export function validationErrors(errors: AjvError[], translate: (text: Message | string) => string): FieldError[] {
  const byField = new Map<string, { msg: Message | string; rank: Rank }>();
  for (const error of errors) {
    const { field, msg, rank } = toFieldError(error);
    const current = byField.get(field);
    if (!current || current.rank < rank) byField.set(field, { msg, rank });
  }
  return [...byField].map(([field, { msg }]) => ({ field, msg: translate(msg) }));
}

/** Error answers: `{ msg, code, errors? }`, every message in the request's language (docs/server-messages.md). */
export function installErrorHandling(app: FastifyInstance, i18n: ServerI18n = serverI18n()): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const say = messageTranslator(i18n, replyLanguage(i18n, request));
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const errors = error.errors?.map(({ field, msg }) => ({ field, msg: say(msg) }));
      return reply.status(error.statusCode).send({ msg: say(error.msg), code: error.code, ...(errors ? { errors } : {}) });
    }
    if (error.validation) {
      const errors = validationErrors(error.validation as unknown as AjvError[], say);
      return reply.status(400).send({ msg: errors[0]?.msg ?? say('http.invalidRequest'), code: 'VALIDATION_FAILED', errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ msg: say('http.payloadTooLarge'), code: 'PAYLOAD_TOO_LARGE' });
    if (status === 415) return reply.status(415).send({ msg: say('http.unsupportedMediaType'), code: 'UNSUPPORTED_MEDIA_TYPE' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad headers): their messages hold no internals.
      const msg = status === 400 ? say('http.invalidRequest') : say(message('http.clientError', { reason: error.message }));
      return reply.status(status).send({ msg, code: error.code ?? 'BAD_REQUEST' });
    }
    // The error's class and code only: its message can hold SQL parameters and row values (server/error-summary.ts).
    const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    request.log.error({ err: summariseError(error), route }, 'request failed');
    return reply.status(500).send({ msg: say(GENERIC_500), code: 'INTERNAL_ERROR' });
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a URL that is not UTF-8 once
 * decoded, a path parameter over its length) is answered with the usual `{ msg, code }` in the request's language,
 * instead of Fastify's own body, which quotes the URL back. The handler above is not reached from there (the
 * router's context keeps Fastify's default one), hence this second door.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const i18n = serverI18n();
  const say = messageTranslator(i18n, replyLanguage(i18n, request));
  // The status says enough (400, or 414 for a parameter over its length); Fastify's message would echo the URL.
  const status = error.statusCode === 414 ? 414 : 400;
  void reply.status(status).send({ msg: say('http.invalidRequest'), code: status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST' });
}
