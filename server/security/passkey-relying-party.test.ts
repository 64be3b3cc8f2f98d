import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

/** Passkeys' relying party from the environment (docs/passkeys.md): a mismatch stops the start with its reason. */
describe('passkey relying party configuration', () => {
  it('defaults to the host and origin of PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://portal.example.com/' });
    expect(config.passkeys).toEqual({ rpId: 'portal.example.com', origins: ['https://portal.example.com'] });
  });

  it("accepts the product's other portals under a shared parent domain", () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://portal.example.com',
      PASSKEY_RP_ID: 'example.com',
      PASSKEY_EXTRA_ORIGINS: 'https://sign.example.com, https://redact.example.com:8443',
    });
    expect(config.passkeys).toEqual({
      rpId: 'example.com',
      origins: ['https://portal.example.com', 'https://sign.example.com', 'https://redact.example.com:8443'],
    });
  });

  it('stops the start when an origin is not under the relying party id, naming both', () => {
    expect(() =>
      loadConfig({
        PUBLIC_URL: 'https://portal.example.com',
        PASSKEY_EXTRA_ORIGINS: 'https://sign.example.com',
      }),
    ).toThrow(
      /relying party id "portal\.example\.com".*not sign\.example\.com nor a parent domain of it \(PASSKEY_EXTRA_ORIGINS https:\/\/sign\.example\.com\)/,
    );
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://portal.example.com', PASSKEY_RP_ID: 'other.example' }),
    ).toThrow(/"other\.example".*\(PUBLIC_URL https:\/\/portal\.example\.com\)/);
    // A suffix of the text that is not a parent domain is no relying party of it.
    expect(() => loadConfig({ PUBLIC_URL: 'https://myexample.com', PASSKEY_RP_ID: 'example.com' })).toThrow(
      /not myexample\.com/,
    );
  });

  it('refuses an extra origin that is not an origin', () => {
    expect(() =>
      loadConfig({
        PUBLIC_URL: 'https://portal.example.com',
        PASSKEY_EXTRA_ORIGINS: 'https://sign.example.com/path',
      }),
    ).toThrow(
      'PASSKEY_EXTRA_ORIGINS must list origins such as https://sign.example.com, got "https://sign.example.com/path"',
    );
  });
});
