import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Cloudflare Turnstile on its own origin (127.0.0.1 and a port of its own): it serves a script
 * that defines `window.turnstile`, renders each widget as an iframe from this origin whose page hands a fresh
 * token to the portal by postMessage, and answers the server's siteverify call for the tokens it issued (once
 * each, for the expected secret). So a test proves that the portal's page may load a captcha provider's script
 * and frame (the Content-Security-Policy) and that the server checks the token (CAPTCHA_VERIFY_URL).
 */
export interface FakeCaptchaProvider {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  /** What was asked of it, in order: `script`, `frame`, `verify:<ok|refused>`. */
  readonly calls: string[];
  close(): Promise<void>;
}

const WIDGET_SCRIPT = (origin: string) => `(() => {
  const widgets = new Map();
  let count = 0;
  window.turnstile = {
    render(container, options) {
      const id = 'fake-widget-' + ++count;
      const frame = document.createElement('iframe');
      frame.title = 'Fake captcha';
      frame.src = ${JSON.stringify(origin)} + '/challenge?sitekey=' + encodeURIComponent(options.sitekey);
      const onMessage = (event) => {
        if (event.origin !== ${JSON.stringify(origin)} || event.source !== frame.contentWindow) return;
        window.removeEventListener('message', onMessage);
        options.callback && options.callback(event.data.token);
      };
      window.addEventListener('message', onMessage);
      widgets.set(id, { frame, onMessage });
      container.append(frame);
      return id;
    },
    remove(id) {
      const widget = widgets.get(id);
      if (!widget) return;
      window.removeEventListener('message', widget.onMessage);
      widget.frame.remove();
      widgets.delete(id);
    },
  };
})();`;

export async function startFakeCaptchaProvider(secret: string, port = 0): Promise<FakeCaptchaProvider> {
  const issued = new Set<string>();
  const calls: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'GET' && url.pathname === '/turnstile/v0/api.js') {
      calls.push('script');
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(WIDGET_SCRIPT(origin));
    }
    if (request.method === 'GET' && url.pathname === '/challenge') {
      calls.push('frame');
      const token = `fake-${randomBytes(12).toString('hex')}`;
      issued.add(token);
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(
        `<!doctype html><p>Fake captcha</p><script>parent.postMessage({ token: ${JSON.stringify(token)} }, '*');</script>`,
      );
    }
    if (request.method === 'POST' && url.pathname === '/siteverify') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const token = form.get('response') ?? '';
        const ok = form.get('secret') === secret && issued.delete(token);
        calls.push(`verify:${ok ? 'ok' : 'refused'}`);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success: ok }));
      });
      return;
    }
    // A page on this origin, for checking what another origin may do with the API.
    if (request.method === 'GET' && url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<!doctype html><title>Another site</title>');
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    scriptUrl: `${origin}/turnstile/v0/api.js`,
    verifyUrl: `${origin}/siteverify`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
