import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { REDACTED_PATHS } from './app';
import { summariseError } from './error-summary';

/** What replaces a secret in a log line, for body fields (REDACTED_PATHS) and query parameters alike. */
export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: reset and verification links, partner SSO tokens, token-auth links, and
 * anything named like a credential. Links in mails put these in the URL, and Fastify logs `req.url` verbatim.
 */
const SECRET_PARAMETER = /token|secret|code|password|passwd|otp|key|signature|assertion|ticket/i;

/** The URL with the value of every secret-bearing query parameter replaced by `[redacted]`; other parameters kept. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, fragmentStart < 0 ? undefined : fragmentStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const rawName = pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape still gets checked by its raw spelling.
      }
      return SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}

/** Fastify's request serializer (node_modules/fastify/lib/logger-pino.js) with the query's secrets redacted. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The server's pino options: body and header secrets redacted by path, query secrets by the request serializer,
 * and an error logged under `err` or `error` reduced to its class and code (server/error-summary.ts), whoever logs it.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    // Fastify keeps a logger instance's own serializers over its defaults.
    serializers: { req: requestSerializer, err: summariseError, error: summariseError },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
