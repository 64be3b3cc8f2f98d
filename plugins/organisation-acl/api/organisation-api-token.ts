import { token } from '@core';
import type { HttpOrganisationApi } from './organisation-api';

/**
 * The token of the plugin's /v1 calls, apart from their class so that the plugin's definition (on every page's
 * first paint) binds it without loading the class: `bind.lazySingleton` fetches that with the first call.
 */
export type OrganisationApi = Pick<HttpOrganisationApi, keyof HttpOrganisationApi>;
export const OrganisationApi = token<OrganisationApi>('organisation-acl.api');
