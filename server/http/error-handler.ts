import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '../../contract/v1/common';
import { HttpError } from './errors';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
}

const GENERIC_500 = 'Please try again';

function customMessage(schema: unknown, keyword: string): string | undefined {
  const byKeyword = (schema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages'];
  return byKeyword?.[keyword];
}

function toFieldError(error: AjvError): { field: string; msg: string; custom: boolean } {
  const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    const field = path ? `${path}.${missing}` : missing;
    const properties = error.parentSchema?.properties as Record<string, unknown> | undefined;
    const msg = customMessage(properties?.[missing], 'required');
    return { field, msg: msg ?? `${missing} is required`, custom: Boolean(msg) };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String(error.params.additionalProperty);
    return { field: path ? `${path}.${extra}` : extra, msg: `Unknown field: ${extra}`, custom: true };
  }
  const msg = customMessage(error.parentSchema, error.keyword);
  const field = path || 'body';
  return { field, msg: msg ?? `${field} ${error.message ?? 'is invalid'}`, custom: Boolean(msg) };
}

/** One message per field, preferring the wording the contract gives for the failed rule. */
export function validationErrors(errors: AjvError[]): FieldError[] {
  const byField = new Map<string, { msg: string; custom: boolean }>();
  for (const error of errors) {
    const { field, msg, custom } = toFieldError(error);
    const current = byField.get(field);
    if (!current || (!current.custom && custom)) byField.set(field, { msg, custom });
  }
  return [...byField].map(([field, { msg }]) => ({ field, msg }));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ msg: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      const errors = validationErrors(error.validation as unknown as AjvError[]);
      return reply.status(400).send({ msg: errors[0]?.msg ?? 'Invalid request', code: 'VALIDATION_FAILED', errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ msg: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    if (status === 415) return reply.status(415).send({ msg: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad headers): their messages hold no internals.
      return reply.status(status).send({ msg: status === 400 ? 'Invalid request' : error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ msg: GENERIC_500, code: 'INTERNAL_ERROR' });
  });
}
