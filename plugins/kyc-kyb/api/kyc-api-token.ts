import { token } from '@core';
import type { HttpKycApi } from './kyc-api';

/**
 * The token of the plugin's /v1 calls, apart from their class so that the plugin's definition (on every page's
 * first paint) binds it without loading the class: `bind.lazySingleton` fetches that with the first call.
 */
export type KycApi = Pick<HttpKycApi, keyof HttpKycApi>;
export const KycApi = token<KycApi>('kyc-kyb.api');
