import { endpointPath } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';
import { describe, expect, it } from 'vitest';
import { apiAssetUrl } from './api-asset-url';

/** A logo as the API names it: `/v1/branding/logo/x`. */
const LOGO = endpointPath(endpoints.logoFile, { logoId: 'x' });

describe('apiAssetUrl', () => {
  it('keeps a path when the API is on the page origin (empty, "/" or the page origin itself)', () => {
    expect(apiAssetUrl(LOGO, '')).toBe(LOGO);
    expect(apiAssetUrl(LOGO, '/')).toBe(LOGO);
    expect(apiAssetUrl(LOGO, 'http://127.0.0.1:4611/', 'http://127.0.0.1:4611')).toBe(LOGO);
  });

  it('puts a path on the API origin when the API is elsewhere, as the HTTP client calls it', () => {
    expect(apiAssetUrl(LOGO, 'https://api.example.com')).toBe('https://api.example.com/v1/branding/logo/x');
    expect(apiAssetUrl(LOGO, 'https://api.example.com/', 'https://portal.example')).toBe(
      'https://api.example.com/v1/branding/logo/x',
    );
    expect(apiAssetUrl(LOGO, '/api/')).toBe('/api/v1/branding/logo/x');
  });

  it('keeps an absolute URL (an older server, a chosen file) as it is', () => {
    const older = 'http://localhost:4000/v1/branding/logo/x';
    expect(apiAssetUrl(older, 'https://api.example.com')).toBe(older);
    expect(apiAssetUrl('data:image/png;base64,AAAA', 'https://api.example.com')).toBe('data:image/png;base64,AAAA');
    expect(apiAssetUrl('//cdn.example/logo.png', '/')).toBe('//cdn.example/logo.png');
  });
});
