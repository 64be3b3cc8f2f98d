import { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { LogFormat } from './config';
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

/**
 * The server's logger. `readable` (development's default) writes each pino line as a person reads it
 * ({@link readableLine}) to `destination`, or standard output.
 */
export function createLogger(level: string, destination?: DestinationStream, format: LogFormat = 'json'): Logger {
  const out = destination ?? process.stdout;
  return pino(loggerOptions(level), format === 'readable' ? readableStream(out) : out);
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** What pino adds to every line, and the request fields the request line shows itself. */
const LINE_FRAME = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);

/**
 * One pino line as a person watching `npm start` reads it: the time, the level, then for a request
 * `GET /v1/user 200 12 ms`, else the message with its other fields as compact JSON. Not JSON: for a log collector,
 * LOG_FORMAT=json.
 * @example readableLine('{"level":30,"time":0,"msg":"request completed","req":{"method":"GET","url":"/v1/user"},"res":{"statusCode":200},"responseTime":12.3}')
 * // '00:00:00 INFO  GET /v1/user 200 12 ms'
 */
export function readableLine(json: string): string {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const time = new Date(typeof line.time === 'number' ? line.time : Date.now()).toISOString().slice(11, 19);
  const level = (LEVEL_NAMES[line.level as number] ?? String(line.level)).padEnd(5);
  const req = line.req as { method?: string; url?: string } | undefined;
  const res = line.res as { statusCode?: number } | undefined;
  const what =
    req && res
      ? `${req.method} ${req.url} ${res.statusCode} ${Math.round(Number(line.responseTime) || 0)} ms`
      : String(line.msg ?? '');
  const rest = Object.fromEntries(Object.entries(line).filter(([key]) => !LINE_FRAME.has(key)));
  return `${time} ${level} ${what}${Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''}`;
}

function readableStream(out: DestinationStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${readableLine(line)}\n`);
      done();
    },
  });
}
