import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging';
import { call, createTestApp } from '../test/test-app';
import type { App } from './types';

/** #33 finding 15: the portal's policy reports its violations, which are logged without secrets, within a limit. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const violations = () =>
  lines.map((line) => JSON.parse(line) as { msg: string; csp?: unknown }).filter((entry) => entry.csp);

let app: App;
beforeAll(async () => {
  app = await createTestApp({ logger: createLogger('warn', sink) });
});
afterAll(() => app.close());

/** A report as a browser posts it; a string is sent as it is (a body that is not JSON). */
const post = (payload: string, contentType: string, ip = '10.80.0.1') =>
  app.inject({
    method: 'POST',
    url: '/v1/csp-report',
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: ip,
  });
const report = (body: unknown, contentType: string, ip?: string) =>
  post(JSON.stringify(body), contentType, ip);

describe('POST /v1/csp-report', () => {
  it("is where every page's policy sends its reports", async () => {
    const page = await call(app, { method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain('report-uri /v1/csp-report');
  });

  it('logs a report-uri violation with the page and the blocked origin, never a query string', async () => {
    const answer = await report(
      {
        'csp-report': {
          'document-uri': 'https://portal.example/reset-password?verificationToken=secret-token-123',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js?session=abc',
          'source-file': 'https://portal.example/assets/index.js',
          'line-number': 12,
          'script-sample': 'alert(document.cookie)',
        },
      },
      'application/csp-report',
    );
    expect(answer.statusCode).toBe(204);
    expect(violations().at(-1)).toMatchObject({
      msg: 'content security policy violation',
      csp: {
        directive: 'script-src-elem',
        page: 'https://portal.example/reset-password',
        blocked: 'https://evil.example/x.js',
        source: 'https://portal.example/assets/index.js',
        line: 12,
      },
    });
    const logged = lines.join('');
    for (const secret of ['secret-token-123', 'session=abc', 'document.cookie'])
      expect(logged).not.toContain(secret);
  });

  it("logs the Reporting API's reports too", async () => {
    const answer = await report(
      [
        {
          type: 'csp-violation',
          body: {
            documentURL: 'https://portal.example/dashboard/apps',
            effectiveDirective: 'style-src-attr',
            blockedURL: 'inline',
          },
        },
      ],
      'application/reports+json',
    );
    expect(answer.statusCode).toBe(204);
    expect(violations().at(-1)).toMatchObject({ csp: { directive: 'style-src-attr', blocked: 'inline' } });
  });

  it('logs at most 20 reports per address in 15 minutes and takes the rest quietly', async () => {
    const before = violations().length;
    const body = {
      'csp-report': { 'document-uri': 'https://portal.example/login', 'violated-directive': 'img-src' },
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => report(body, 'application/csp-report', '10.80.0.2')),
    );
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    expect(violations().length - before).toBe(20);
  });

  it('answers 400 to a body that is not JSON, and 415 to another content type', async () => {
    expect((await post('{not json', 'application/csp-report')).statusCode).toBe(400);
    expect((await post('x', 'text/plain')).statusCode).toBe(415);
  });
});
