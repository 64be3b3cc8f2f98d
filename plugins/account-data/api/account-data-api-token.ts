import { token } from '@core';
import type { HttpAccountDataApi } from './account-data-api';

/**
 * The token of the plugin's /v1 calls, apart from their class so that the plugin's definition (on every page's
 * first paint) binds it without loading the class: `bind.lazySingleton` fetches that with the first call.
 */
export type AccountDataApi = Pick<HttpAccountDataApi, keyof HttpAccountDataApi>;
export const AccountDataApi = token<AccountDataApi>('account-data.api');
