import type { FastifyRequest } from 'fastify';
import { minutes } from '../clock';
import type { Limit, Throttle } from '../security/throttle';
import { INFRASTRUCTURE_PATHS } from './contract-guard';
import { badRequest } from './errors';
import type { App } from './types';

/** Reports each client address may have logged: a page that breaks its policy in a loop must not flood the log. */
export const CSP_REPORT_LIMIT: Limit = { limit: 20, windowMs: minutes(15) };
/** The report formats browsers send: `report-uri`'s and the Reporting API's (`report-to`). */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
const MAX_REPORTS_PER_REQUEST = 10;

/** One violation as the log keeps it: where, which directive, what was blocked; no query, fragment or text sample. */
export interface CspViolation {
  directive: string | null;
  page: string | null;
  blocked: string | null;
  source: string | null;
  line: number | null;
}

/** A URL's origin and path only (a token in a query string or fragment never reaches the log). */
function withoutQuery(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? `${url.origin}${url.pathname}`
      : url.protocol;
  } catch {
    // `inline`, `eval`, `self`, `data`: a keyword, not a URL.
    return /^[a-z-]{1,32}$/i.test(value) ? value : null;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : null);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The violations in a report body of either format; anything else yields none. */
export function violationsOf(body: unknown): CspViolation[] {
  const legacy = (body as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
  if (legacy && typeof legacy === 'object') {
    return [
      {
        directive: text(legacy['effective-directive'] ?? legacy['violated-directive']),
        page: withoutQuery(legacy['document-uri']),
        blocked: withoutQuery(legacy['blocked-uri']),
        source: withoutQuery(legacy['source-file']),
        line: number(legacy['line-number']),
      },
    ];
  }
  if (!Array.isArray(body)) return [];
  return body
    .filter(
      (report): report is { type: string; body: Record<string, unknown> } => report?.type === 'csp-violation',
    )
    .slice(0, MAX_REPORTS_PER_REQUEST)
    .map(({ body: report }) => ({
      directive: text(report?.effectiveDirective),
      page: withoutQuery(report?.documentURL),
      blocked: withoutQuery(report?.blockedURL),
      source: withoutQuery(report?.sourceFile),
      line: number(report?.lineNumber),
    }));
}

/**
 * POST /v1/csp-report, where the portal's Content-Security-Policy sends its violations (`report-uri`,
 * docs/production.md): each goes to the log as a warning, at most CSP_REPORT_LIMIT per client address across
 * instances; beyond that they are accepted and dropped. Always 204: a browser does nothing with the answer.
 */
export function registerCspReports(app: App, throttle: Throttle): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      REPORT_TYPES,
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(badRequest('http.invalidRequest', 'INVALID_REQUEST'), undefined);
        }
      },
    );
    scope.post(
      INFRASTRUCTURE_PATHS.cspReport,
      { schema: { hide: true } },
      async (request: FastifyRequest, reply) => {
        const violations = violationsOf(request.body);
        if (violations.length > 0 && (await throttle.take('csp-report', request.ip, CSP_REPORT_LIMIT)).ok) {
          for (const violation of violations)
            request.log.warn({ csp: violation }, 'content security policy violation');
        }
        return reply.code(204).send();
      },
    );
  });
}
