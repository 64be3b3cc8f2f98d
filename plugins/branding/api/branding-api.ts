import { HttpClient, inject, injectable } from '@core';
import type {
  PortalBranding,
  ResetBrandingQuery,
  UpdateBrandingBody,
  UpdateLogoBody,
} from '@contract/v1/branding';
import { endpoints } from '@contract/v1/endpoints';

/**
 * The branding plugin's /v1 calls (docs/branding.md), all about the organisation of the caller's access token and
 * guarded by `branding.manage` on the server. Failures are shown by the HTTP client (docs/api-errors.md); changes
 * also show the server's success message.
 * @example
 * const portals = await useService(BrandingApi).list(signal);
 */
@injectable()
export class HttpBrandingApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  /** Every portal's branding, in the catalogue's order. */
  async list(signal?: AbortSignal): Promise<PortalBranding[]> {
    const { data } = await this.http.call(endpoints.branding, undefined, { signal });
    return data.portals;
  }

  /** Sets the colours of one portal (or all); answers every portal that changed. */
  async saveColours(body: UpdateBrandingBody, signal?: AbortSignal): Promise<PortalBranding[]> {
    const { data } = await this.http.call(endpoints.updateBranding, { body }, { signal, showSuccess: true });
    return data.portals;
  }

  /** Uploads one logo (base64 bytes) of one portal (or all); `cleaned` says an SVG lost active content. */
  async uploadLogo(
    body: UpdateLogoBody,
    signal?: AbortSignal,
  ): Promise<{ portals: PortalBranding[]; cleaned: boolean }> {
    const { data } = await this.http.call(endpoints.updateLogo, { body }, { signal, showSuccess: true });
    return data;
  }

  /** Back to the product defaults for one portal (or all); answers every portal that changed. */
  async reset(query: ResetBrandingQuery, signal?: AbortSignal): Promise<PortalBranding[]> {
    const { data } = await this.http.call(endpoints.resetBranding, { query }, { signal, showSuccess: true });
    return data.portals;
  }
}

export { BrandingApi } from './branding-api-token';
