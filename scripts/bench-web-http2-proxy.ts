/**
 * `npm run bench:web -- --http2`: each page is measured behind a TLS proxy that speaks HTTP/2 to the browser, the
 * deployment docs/production.md recommends ("Behind a proxy: HTTP/2"). The portal's server speaks HTTP/1.1, where a
 * browser fetches six files at a time per origin; over HTTP/2 the page's ~35 files share one connection. Browsers use
 * HTTP/2 over TLS only, so the proxy has a self-signed certificate for `localhost` (made with the `openssl` command),
 * and the benchmark's Chromium runs with `--ignore-certificate-errors`. Closed and removed at clean-up.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import {
  createSecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import { join } from 'node:path';
import { onCleanup, tempDir } from './bench-web-server.ts';

/** Headers of one hop that HTTP/2 forbids or that describe the proxy's own connection. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = tempDir('portal-bench-tls-');
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ]),
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Starts an HTTP/2 TLS proxy on a free port in front of `target` (`http://127.0.0.1:1234`); returns its origin. */
export async function startHttp2Proxy(target: string): Promise<string> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const forward = (incoming: Http2ServerRequest, outgoing: Http2ServerResponse) => {
    const proxied = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...forwardedHeaders(incoming.headers), host: upstream.host },
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers));
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(proxied);
  };
  const server = createSecureServer(selfSignedCertificate(), forward);
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  onCleanup(() => {
    agent.destroy();
    // A browser keeps its session open; close() alone would wait for it.
    for (const session of sessions) session.destroy();
    return new Promise<void>((closed) => server.close(() => closed()));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the HTTP/2 proxy has no port');
  // `localhost`, the certificate's name, rather than the address.
  return `https://localhost:${address.port}`;
}
