import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { LocaleFiles, registerLocaleFiles } from './locale-files';

// The deployment's folder (LOCALES_DIR) and the build's copy, which holds a test build's fixture plugins' texts.
const folder = mkdtempSync(join(tmpdir(), 'locale-files-'));
const deployed = join(folder, 'locales');
const built = join(folder, 'dist-locales');
const write = (root: string, path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const core = { greeting: 'Hello', filler: 'x'.repeat(2000) };
write(deployed, 'en/core.json', JSON.stringify(core));
write(deployed, 'en/server.json', JSON.stringify({ mail: 'secret-ish template' }));
write(deployed, 'fr/core.json', '{ "greeting": "Bonjour", }');
write(built, 'en/fixture-hello.json', JSON.stringify({ hello: 'Hi from the build' }));
write(built, 'en/core.json', JSON.stringify({ greeting: 'the build copy' }));

const logged: string[] = [];
const log = { error: (message: string) => logged.push(message) } as never;
let app: App;
beforeEach(async () => {
  app = Fastify() as unknown as App;
  registerLocaleFiles(app, new LocaleFiles([deployed, built], log));
  await app.ready();
});
afterEach(() => app.close());
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('GET /locales/<lang>/<namespace>.json', () => {
  it("serves the deployment's file, revalidated against an ETag of its content", async () => {
    const response = await get('/locales/en/core.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(core);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await get('/locales/en/core.json', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compressed as the browser accepts, and the same text', async () => {
    const br = await get('/locales/en/core.json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(core);
    const gzip = await get('/locales/en/core.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(core);
    expect(br.rawPayload.length).toBeLessThan(500);
  });

  it('an edited file is sent, with a new ETag, at the next request: no restart', async () => {
    const before = await get('/locales/en/core.json');
    try {
      write(deployed, 'en/core.json', JSON.stringify({ ...core, greeting: 'Hello again' }));
      const after = await get('/locales/en/core.json');
      expect(after.json()).toMatchObject({ greeting: 'Hello again' });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      write(deployed, 'en/core.json', JSON.stringify(core));
    }
  });

  it("falls back to the build's copy for a file the deployment does not have", async () => {
    expect((await get('/locales/en/fixture-hello.json')).json()).toEqual({ hello: 'Hi from the build' });
  });

  it("answers 404, never 500, for the server's own texts, a name outside the pattern or a missing file", async () => {
    for (const url of [
      '/locales/en/server.json',
      '/locales/..%2F..%2Fetc/passwd.json',
      '/locales/en/..%2Fcore.json',
      '/locales/EN/core.json',
      '/locales/en/core.txt',
      '/locales/de/core.json',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ msg: 'http.notFound', code: 'NOT_FOUND' });
    }
  });

  it('a file that is not valid JSON is refused (the portal falls back to English) and logged with its line and column', async () => {
    expect((await get('/locales/fr/core.json')).statusCode).toBe(404);
    expect(logged).toContainEqual(expect.stringMatching(/fr\/core\.json: is not valid JSON \(line 1, column 26: /));
  });
});
