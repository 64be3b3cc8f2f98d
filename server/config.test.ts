import { describe, expect, it } from 'vitest';
import { loadConfig, productionChecks } from './config';

describe('productionChecks', () => {
  it('stops a production server on a shared database without a shared signing key', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/portal',
      SMTP_URL: 'smtp://mail',
    });
    expect(productionChecks(config).errors).toEqual([
      'JWT_SECRET is required in production with DATABASE_URL: every instance must sign tokens with the same key',
    ]);
    const shared = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/portal',
      SMTP_URL: 'smtp://mail',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(productionChecks(shared)).toEqual({ errors: [], warnings: [] });
  });

  it('lets a single production instance keep its generated key, and warns when mail cannot leave', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/portal-data' });
    expect(productionChecks(config)).toEqual({
      errors: [],
      warnings: [
        'SMTP_URL is not set: mail (verification, password reset, codes) reaches nobody in production',
      ],
    });
  });

  it('asks nothing of development', () => {
    expect(productionChecks(loadConfig({ DATABASE_URL: 'postgres://db/portal' }))).toEqual({
      errors: [],
      warnings: [],
    });
  });
});

describe('network and header settings (server/README.md "Security")', () => {
  it('listens on 127.0.0.1 outside production and on every interface in production, unless HOST says', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('serves the API docs outside production only, unless API_DOCS says', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('sends HSTS over TLS only by default; HSTS=always|off and HSTS_MAX_AGE change that', () => {
    expect(loadConfig({}).hsts).toEqual({ mode: 'tls', maxAgeSeconds: 31_536_000 });
    expect(loadConfig({ HSTS: 'always', HSTS_MAX_AGE: '600' }).hsts).toEqual({
      mode: 'always',
      maxAgeSeconds: 600,
    });
    expect(loadConfig({ HSTS: 'off' }).hsts.mode).toBe('off');
    expect(() => loadConfig({ HSTS: 'sometimes' })).toThrow('HSTS must be one of tls, always, off, got "sometimes"');
  });

  it("allows CORS for PUBLIC_URL's origin by default, or the origins CORS_ORIGINS lists", () => {
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:8080']);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example/account/' }).corsOrigins).toEqual([
      'https://portal.example',
    ]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example:8443/' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow('CORS_ORIGINS');
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow('CORS_ORIGINS');
  });
});
