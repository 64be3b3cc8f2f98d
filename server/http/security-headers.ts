import helmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, REFRESH_TOKEN_HEADER } from '../../contract/v1/constants';
import type { ServerConfig } from '../config';
import { INFRASTRUCTURE_PATHS } from './contract-guard';
import type { App } from './types';

export type CspDirectives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every answer. The portal's own document adds what its configuration needs
 * (server/web/portal-page-policy.ts); API answers and development pages keep this one.
 */
export const BASE_CSP_DIRECTIVES: Readonly<CspDirectives> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // antd injects <style> tags at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  // The portal's pages declare no <base>: none may be injected to redirect their relative URLs.
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // Violations are logged, within a rate limit (./csp-reports.ts): a broken page or an injection attempt shows.
  'report-uri': [INFRASTRUCTURE_PATHS.cspReport],
  // No upgrade-insecure-requests: it breaks plain-http hosts other than localhost.
};

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Methods and request headers the portal uses on /v1 (contract/v1/endpoints.ts, core/http). */
const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const CORS_REQUEST_HEADERS = `authorization, content-type, accept, accept-language, ${REFRESH_TOKEN_HEADER}`;
/** The portal reads Retry-After from a 429 to show the remaining wait. */
const CORS_EXPOSED_HEADERS = 'retry-after';
const CORS_PREFLIGHT_MAX_AGE_SECONDS = 600;

const isApiPath = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);

/**
 * CORS for an `apiBaseUrl` on another origin than the portal: only the listed origins (CORS_ORIGINS, default
 * the origin of PUBLIC_URL) may call /v1 from a browser; any other origin gets no permission, so its pages
 * cannot read an answer. No credentials mode: the portal sends tokens in headers, never cookies.
 */
function allowPortalOrigins(app: App, allowed: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin || !isApiPath(request.url.split('?')[0]!)) return;
    reply.header('vary', 'Origin');
    if (!allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .header('access-control-allow-methods', CORS_METHODS)
        .header('access-control-allow-headers', CORS_REQUEST_HEADERS)
        .header('access-control-max-age', String(CORS_PREFLIGHT_MAX_AGE_SECONDS))
        .code(204)
        .send();
    }
  });
}

/**
 * Strict-Transport-Security means something only on an answer that arrived over HTTPS (browsers ignore it over
 * plain HTTP, scanners flag it). `tls` sends it when the request came over TLS, directly or through a trusted
 * proxy's X-Forwarded-Proto (TRUST_PROXY); `always` on every answer (a TLS proxy the server cannot see); `off`
 * never (the proxy sends its own).
 */
function strictTransportSecurity(app: App, hsts: ServerConfig['hsts']): void {
  if (hsts.mode === 'off') return;
  const value = `max-age=${hsts.maxAgeSeconds}; includeSubDomains`;
  app.addHook('onRequest', async (request, reply) => {
    if (hsts.mode === 'always' || request.protocol === 'https') reply.header('strict-transport-security', value);
  });
}

/** Every answer's security headers (server/README.md "Security"); the portal's document refines two of them. */
export async function registerSecurityHeaders(app: App, config: ServerConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...BASE_CSP_DIRECTIVES } },
    // Keeps the tabs the portal opens (a launched app's named tab) while cutting the portal off from a page on
    // another origin that opened it; the launch landing relaxes it (server/web/portal-page-policy.ts).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The same refusal as frame-ancestors 'none', for browsers that only know this header.
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  strictTransportSecurity(app, config.hsts);
  allowPortalOrigins(app, new Set(config.corsOrigins));
}
