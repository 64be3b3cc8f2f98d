import { token } from '@core';
import type { HttpBillingApi } from './billing-api';

/**
 * The token of the plugin's /v1 calls, apart from their class so that the plugin's definition (on every page's
 * first paint) binds it without loading the class: `bind.lazySingleton` fetches that with the first call.
 */
export type BillingApi = Pick<HttpBillingApi, keyof HttpBillingApi>;
export const BillingApi = token<BillingApi>('billing.api');
