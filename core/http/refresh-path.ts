/** The one refresh endpoint; the HTTP client never refreshes its own refresh call. */
export const REFRESH_PATH = '/v1/organization/refresh';
