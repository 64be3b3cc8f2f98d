import { token } from '@core';
import type { HttpActivityApi } from './activity-api';

/**
 * The token of the plugin's /v1 calls, apart from their class so that the plugin's definition (on every page's
 * first paint) binds it without loading the class: `bind.lazySingleton` fetches that with the first call.
 */
export type ActivityApi = Pick<HttpActivityApi, keyof HttpActivityApi>;
export const ActivityApi = token<ActivityApi>('activity-log.api');
