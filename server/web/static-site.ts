import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types';

/** True when a request should get the portal's index.html (client-side routing), not a JSON 404. */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path === '/v1' || path.startsWith('/v1/') || path === '/dev' || path.startsWith('/dev/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built portal: hashed assets cached for a year, index.html revalidated every time so a new build
 * is picked up, and index.html for every other page path (history fallback). Returns false when there is no build.
 */
export async function registerStaticSite(app: App, webRoot: string): Promise<boolean> {
  if (!existsSync(join(webRoot, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: false,
    // The build writes .br and .gz beside each asset (build/vite-precompress.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${join(webRoot, 'assets')}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendSpaIndex(reply));
  return true;
}

export async function sendSpaIndex(reply: FastifyReply): Promise<FastifyReply> {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false });
}
