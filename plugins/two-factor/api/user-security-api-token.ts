import { token } from '@core';
import type { HttpUserSecurityApi } from './user-security-api';

/**
 * The token of the plugin's /v1 calls, apart from their class so that the plugin's definition (on every page's
 * first paint) binds it without loading the class: `bind.lazySingleton` fetches that with the first call.
 */
export type UserSecurityApi = Pick<HttpUserSecurityApi, keyof HttpUserSecurityApi>;
export const UserSecurityApi = token<UserSecurityApi>('two-factor.api');
