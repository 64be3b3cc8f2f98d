import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp } from '../test/test-app';
import type { App } from './types';

/**
 * The headers a browser enforces (server/README.md "Security"): a Content-Security-Policy derived from the
 * deployment's portal.config.json, the opener policy that keeps a launched app's named tab, HSTS only where it
 * means something, CORS for the portal's own origin only, and the API docs off in production.
 */
const folder = mkdtempSync(join(tmpdir(), 'security-headers-'));
const webRoot = join(folder, 'dist');
const configFile = join(folder, 'portal.config.json');
mkdirSync(join(webRoot, 'assets'), { recursive: true });
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');

const writeConfig = (config: object) =>
  writeFileSync(configFile, JSON.stringify({ apiBaseUrl: '/', ...config }));

const html = { accept: 'text/html,application/xhtml+xml' };

/** The policy's directives as a map: `script-src` → its sources. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

async function pagePolicy(app: App, url = '/login') {
  const response = await app.inject({ method: 'GET', url, headers: html });
  expect(response.statusCode, url).toBe(200);
  return directives(response.headers['content-security-policy']);
}

let app: App;
beforeAll(async () => {
  writeConfig({});
  app = await createTestApp({
    env: { WEB_ROOT: webRoot, PORTAL_CONFIG: configFile, PUBLIC_URL: 'https://portal.example' },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the Content-Security-Policy of the portal follows portal.config.json', () => {
  it('allows only the portal itself when no captcha and a same-origin API are configured', async () => {
    writeConfig({ captcha: { provider: 'none', siteKey: '' } });
    const policy = await pagePolicy(app);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src') ?? ["'self'"]).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // No page declares a <base>: an injected one could not redirect the page's relative URLs.
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it("lets reCAPTCHA's scripts and frames in when captcha.provider is recaptcha", async () => {
    writeConfig({ captcha: { provider: 'recaptcha', siteKey: 'k' } });
    const policy = await pagePolicy(app);
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it("lets Turnstile's script and frame in when captcha.provider is turnstile", async () => {
    writeConfig({ captcha: { provider: 'turnstile', siteKey: 'k' } });
    const policy = await pagePolicy(app, '/forgot-password');
    expect(policy.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
  });

  it('adds the origin of a configured captcha.scriptUrl (a proxy such as recaptcha.net, or a test double)', async () => {
    writeConfig({
      captcha: { provider: 'turnstile', siteKey: 'k', scriptUrl: 'http://127.0.0.1:9/turnstile/api.js' },
    });
    const policy = await pagePolicy(app);
    expect(policy.get('script-src')).toContain('http://127.0.0.1:9');
    expect(policy.get('frame-src')).toContain('http://127.0.0.1:9');
  });

  it("lets the support-chat provider's widget in when supportChat names one (docs/support-chat.md)", async () => {
    writeConfig({ supportChat: { provider: 'crisp', siteId: 'site-1' } });
    const policy = await pagePolicy(app);
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://client.crisp.chat',
      'https://settings.crisp.chat',
    ]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://client.crisp.chat',
      'wss://client.relay.crisp.chat',
      'wss://stream.relay.crisp.chat',
    ]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://game.crisp.chat']);
    expect(policy.get('media-src')).toEqual(["'self'", 'https://client.crisp.chat']);

    writeConfig({ supportChat: { provider: 'intercom', siteId: 'abc123' } });
    expect((await pagePolicy(app)).get('script-src')).toContain('https://widget.intercom.io');
    writeConfig({ supportChat: { provider: 'tawk', siteId: 'p/w' } });
    expect((await pagePolicy(app)).get('connect-src')).toContain('wss://*.tawk.to');
  });

  it('adds the origin of supportChat.scriptUrl, and nothing for an unknown provider', async () => {
    writeConfig({ supportChat: { provider: 'crisp', siteId: 's', scriptUrl: 'http://127.0.0.1:9/l.js' } });
    const policy = await pagePolicy(app);
    expect(policy.get('script-src')).toContain('http://127.0.0.1:9');
    expect(policy.get('connect-src')).toContain('http://127.0.0.1:9');

    writeConfig({ supportChat: { provider: 'toString', siteId: 's', scriptUrl: 'http://127.0.0.1:9/l.js' } });
    expect((await pagePolicy(app)).get('script-src')).toEqual(["'self'"]);
  });

  it('adds no source for a script URL whose host is not one named host, or that is plain http off this machine', async () => {
    const strict = ["'self'"];
    for (const scriptUrl of [
      'https://*/x.js',
      'https://*.example.com/x.js',
      "https://a;script-src 'unsafe-inline'/x.js",
      'https://a,b/x.js',
      'http://cdn.example.com/l.js',
      'javascript:alert(1)',
    ]) {
      writeConfig({ supportChat: { provider: 'crisp', siteId: 's', scriptUrl } });
      const policy = await pagePolicy(app);
      expect(policy.get('script-src'), scriptUrl).toEqual([...strict, 'https://client.crisp.chat', 'https://settings.crisp.chat']);
      expect(policy.get('connect-src'), scriptUrl).not.toContainEqual(expect.stringMatching(/\*|;|,|cdn\.example/));
      writeConfig({ captcha: { provider: 'turnstile', siteKey: 'k', scriptUrl } });
      expect((await pagePolicy(app)).get('script-src'), scriptUrl).toEqual([...strict, 'https://challenges.cloudflare.com']);
    }
  });

  it('lets the portal call an API on another origin (apiBaseUrl) and show its logos, and nothing else', async () => {
    writeConfig({ apiBaseUrl: 'https://api.example.com/base/' });
    const policy = await pagePolicy(app);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.example.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'https://api.example.com']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    // Logos come by path from the API's origin (core/http/api-asset-url.ts): `https:` does not cover plain http.
    writeConfig({ apiBaseUrl: 'http://127.0.0.1:9/' });
    expect((await pagePolicy(app)).get('img-src')).toContain('http://127.0.0.1:9');
    writeConfig({ apiBaseUrl: '/' });
    expect((await pagePolicy(app)).get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    writeConfig({});
  });

  it('follows the file at each request, and falls back to the strict policy when it cannot be read', async () => {
    writeConfig({ captcha: { provider: 'turnstile', siteKey: 'k' } });
    expect((await pagePolicy(app)).get('script-src')).toContain('https://challenges.cloudflare.com');
    writeConfig({});
    expect((await pagePolicy(app)).get('script-src')).toEqual(["'self'"]);
    writeFileSync(configFile, '{ not json');
    expect((await pagePolicy(app)).get('script-src')).toEqual(["'self'"]);
    writeConfig({});
  });

  it('never widens the policy of API answers', async () => {
    writeConfig({ captcha: { provider: 'recaptcha', siteKey: 'k' }, apiBaseUrl: 'https://api.example.com' });
    const response = await call(app, { url: '/v1/health' });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    writeConfig({});
  });
});

describe('Cross-Origin-Opener-Policy keeps the named tab of a launched app', () => {
  it("the portal's pages keep their pop-ups (same-origin-allow-popups), not same-origin", async () => {
    for (const url of ['/', '/login', '/dashboard/apps']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
    }
  });

  it('the launch landing (/token-auth, or the path the config moves it to) accepts an opener on another origin', async () => {
    const landing = await app.inject({ method: 'GET', url: '/token-auth?token=x', headers: html });
    expect(landing.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    writeConfig({ plugins: { auth: { routes: { 'auth.token-auth': { path: '/launch' } } } } });
    const moved = await app.inject({ method: 'GET', url: '/launch?token=x', headers: html });
    expect(moved.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const old = await app.inject({ method: 'GET', url: '/token-auth', headers: html });
    expect(old.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    writeConfig({});
  });

  it("the development app landings (stand-ins for the family's other products) accept an opener on another origin", async () => {
    const landing = await app.inject({ method: 'GET', url: '/dev/apps/kreanoRedact', headers: html });
    expect(landing.statusCode).toBe(400);
    expect(landing.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });
});

describe('HSTS and framing', () => {
  it('sends no Strict-Transport-Security over plain HTTP', async () => {
    const response = await app.inject({ method: 'GET', url: '/login', headers: html });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends it when the request came over TLS (a trusted proxy says https)', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const secure = await proxied.inject({
        method: 'GET',
        url: '/v1/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.inject({ method: 'GET', url: '/v1/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('ignores a forwarded https from a proxy that is not trusted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS=always sends it on every answer with HSTS_MAX_AGE; HSTS=off never', async () => {
    const always = await createTestApp({ env: { HSTS: 'always', HSTS_MAX_AGE: '600' } });
    try {
      expect(
        (await always.inject({ method: 'GET', url: '/v1/health' })).headers['strict-transport-security'],
      ).toBe('max-age=600; includeSubDomains');
    } finally {
      await always.close();
    }
    const off = await createTestApp({ env: { HSTS: 'off', TRUST_PROXY: '127.0.0.1' } });
    try {
      const secure = await off.inject({
        method: 'GET',
        url: '/v1/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it("refuses framing the same way in both headers: X-Frame-Options DENY with frame-ancestors 'none'", async () => {
    const response = await app.inject({ method: 'GET', url: '/login', headers: html });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
  });
});

describe('CORS: the API answers the configured portal origin only', () => {
  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/v1/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,accept-language',
      },
    });

  it('lets the portal origin (PUBLIC_URL) send its requests, headers included, and read Retry-After', async () => {
    const response = await preflight('https://portal.example');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://portal.example');
    expect(String(response.headers['access-control-allow-methods'])).toMatch(/POST/);
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    for (const header of ['authorization', 'content-type', 'accept-language', 'x-refresh-token'])
      expect(allowed).toContain(header);
    expect(String(response.headers.vary)).toMatch(/origin/i);

    const answer = await call(app, { url: '/v1/health', headers: { origin: 'https://portal.example' } });
    expect(answer.headers['access-control-allow-origin']).toBe('https://portal.example');
    expect(String(answer.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
  });

  it('gives any other origin no CORS permission', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await call(app, { url: '/v1/health', headers: { origin: 'https://evil.example' } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes the allowed origins from CORS_ORIGINS when set', async () => {
    const shared = await createTestApp({
      env: { CORS_ORIGINS: 'https://sign.example, https://redact.example' },
    });
    try {
      const answer = await call(shared, { url: '/v1/health', headers: { origin: 'https://redact.example' } });
      expect(answer.headers['access-control-allow-origin']).toBe('https://redact.example');
      const portal = await call(shared, { url: '/v1/health', headers: { origin: 'http://portal.test' } });
      expect(portal.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await shared.close();
    }
  });
});

describe('API docs', () => {
  it('are served outside production', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/openapi.json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/docs/' })).statusCode).toBe(200);
  });

  it('are absent in production unless API_DOCS=true', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const url of ['/v1/openapi.json', '/v1/docs/', '/v1/docs/static/index.html']) {
        expect((await production.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
    const documented = await createTestApp({ env: { NODE_ENV: 'production', API_DOCS: 'true' } });
    try {
      expect((await documented.inject({ method: 'GET', url: '/v1/openapi.json' })).statusCode).toBe(200);
      expect((await documented.inject({ method: 'GET', url: '/v1/docs/' })).statusCode).toBe(200);
    } finally {
      await documented.close();
    }
    // Two production servers, each with its own embedded database and migrations.
  }, 90_000);
});
