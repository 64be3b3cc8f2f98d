import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { InjectedPayments, SimulatedService } from '../../contract/portal-config/injected-config';
import { API_PREFIX } from '../../contract/v1/constants';
import type { App } from '../http/types';
import { localesFolder, projectRoot } from '../paths';
import { registerLocaleFiles, LocaleFiles } from './locale-files';
import { PortalDocuments } from './portal-document';
import { portalPageHeadersFor } from './portal-page-policy';

/** Paths that are never a page: the API, the development tools, the built assets, and files (a name with an extension). */
function isPagePath(path: string): boolean {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return !under(API_PREFIX) && !under('/dev') && !under('/assets') && !/\.[A-Za-z0-9]+$/.test(path);
}

/**
 * Whether `accept` lets the answer be HTML: it names text/html, or asks for nothing in particular (absent, or only
 * `*\/*` as curl, uptime monitors, link previews and load-balancer checks send). A request that names something
 * else (`application/json, *\/*` from an API client, `image/*`) is not sent a page.
 */
function acceptsPage(accept: string | undefined): boolean {
  const types = (accept ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  return types.includes('text/html') || types.every((type) => type === '*/*');
}

/** True when a request should get the portal's index.html (client-side routing), not a JSON 404. */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return isPagePath(request.url.split('?')[0]!) && acceptsPage(request.headers.accept);
}

/**
 * Serves the built portal: hashed assets cached for a year, the texts from `localesDir` (locale-files.ts), index.html revalidated every time so a new build
 * is picked up, and index.html for every other page path (history fallback). `/portal.config.json` comes from
 * `configFile` (the top-level file, or `PORTAL_CONFIG`), read on every request, so a deployment swaps it without
 * a rebuild or a restart; the copy inside the build is served only when that file does not exist.
 * index.html carries the Content-Security-Policy and opener policy that file calls for (portal-page-policy.ts), and
 * the configuration itself with the page's preload links (portal-document.ts).
 * Returns what sends index.html for a page path (the not-found handler's history fallback), or null when there
 * is no build.
 */
export async function registerStaticSite(
  app: App,
  webRoot: string,
  configFile: string = join(projectRoot, 'portal.config.json'),
  simulatedServices?: (config: unknown) => SimulatedService[],
  payments: InjectedPayments | null = null,
  localesDir: string = localesFolder,
  log?: FastifyBaseLogger,
): Promise<SendPortal | null> {
  if (!existsSync(join(webRoot, 'index.html'))) return null;
  // The deployment's texts first; the build's copy holds those of plugins outside plugins/ (a test build's fixtures).
  const locales = new LocaleFiles([localesDir, join(webRoot, 'locales')], log);
  registerLocaleFiles(app, locales);
  app.get('/portal.config.json', { schema: { hide: true } }, async (request, reply) => {
    for (const file of [configFile, join(webRoot, 'portal.config.json')]) {
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        continue;
      }
      if (file !== configFile)
        request.log.warn({ configFile }, 'portal config file not found: serving the copy inside the build');
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body);
    }
    request.log.error({ configFile }, 'portal config file not found');
    return reply.status(404).send({ msg: 'http.notFound', code: 'NOT_FOUND' });
  });
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: false,
    // The build writes .br and .gz beside each asset (tooling/vite-precompress.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${join(webRoot, 'assets')}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const documents = new PortalDocuments(webRoot, configFile, simulatedServices, payments, locales);
  const sendPortal: SendPortal = async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const config = await documents.readConfig();
    const html = await documents.render(path, config);
    reply
      .headers(portalPageHeadersFor(path, config, { stripe: payments?.provider === 'stripe' }))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    reply.type('text/html; charset=utf-8');
    // Written per request (config and preload links), so compressed here: ~10 KiB of HTML becomes ~3.
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted))
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };
  app.get('/', { schema: { hide: true } }, sendPortal);
  return sendPortal;
}

export type SendPortal = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
