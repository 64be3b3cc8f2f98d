/**
 * Runtime constants of the /v1 contract that both the portal and the server import.
 * This file must not import a schema library: the portal bundles it.
 */
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
export const API_PREFIX = '/v1';
