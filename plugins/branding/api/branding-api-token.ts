import { token } from '@core';
import type { HttpBrandingApi } from './branding-api';

/**
 * The token of the plugin's /v1 calls, apart from their class so that the plugin's definition (on every page's
 * first paint) binds it without loading the class: `bind.lazySingleton` fetches that with the first call.
 */
export type BrandingApi = Pick<HttpBrandingApi, keyof HttpBrandingApi>;
export const BrandingApi = token<BrandingApi>('branding.api');
