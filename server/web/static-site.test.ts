import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { registerStaticSite } from './static-site';

const folder = mkdtempSync(join(tmpdir(), 'static-site-'));
const webRoot = join(folder, 'dist');
const configFile = join(folder, 'portal.config.json');
mkdirSync(webRoot);
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(webRoot, 'portal.config.json'), JSON.stringify({ brandName: 'From the build' }));

let app: App;
beforeEach(async () => {
  writeFileSync(configFile, JSON.stringify({ brandName: 'Kreano' }));
  app = Fastify() as unknown as App;
  await registerStaticSite(app, webRoot, configFile);
});
afterEach(() => app.close());
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fetchConfig = async () => {
  const response = await app.inject({ method: 'GET', url: '/portal.config.json' });
  return { status: response.statusCode, headers: response.headers, body: response.json() as unknown };
};

describe('/portal.config.json', () => {
  it("serves the deployment's file, not the copy inside the build, and never lets it be cached", async () => {
    const response = await fetchConfig();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ brandName: 'Kreano' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('reads the file at each request: a swapped config takes effect without a rebuild or a restart', async () => {
    expect((await fetchConfig()).body).toEqual({ brandName: 'Kreano' });
    writeFileSync(configFile, JSON.stringify({ brandName: 'Acme Docs', authLayout: { variant: 4 } }));
    expect((await fetchConfig()).body).toEqual({ brandName: 'Acme Docs', authLayout: { variant: 4 } });
  });

  it("falls back to the build's copy when the deployment's file is missing", async () => {
    rmSync(configFile);
    expect((await fetchConfig()).body).toEqual({ brandName: 'From the build' });
  });

  it('answers 404 when neither exists', async () => {
    rmSync(configFile);
    const bare = Fastify() as unknown as App;
    const emptyRoot = join(folder, 'empty');
    mkdirSync(emptyRoot, { recursive: true });
    writeFileSync(join(emptyRoot, 'index.html'), '<!doctype html>');
    await registerStaticSite(bare, emptyRoot, configFile);
    const response = await bare.inject({ method: 'GET', url: '/portal.config.json' });
    expect(response.statusCode).toBe(404);
    await bare.close();
  });
});
