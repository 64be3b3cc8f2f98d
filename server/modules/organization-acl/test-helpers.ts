import { expect } from 'vitest';
import type { OrganizationAccessData } from '../../../contract/v1/organization';
import type { App } from '../../http/types';
import { call, loginAs } from '../../test/test-app';

/** Logs in and enters the organisation, as the portal does: the whole answer (tokens, role, grants, branding…). */
export async function entryAnswer(app: App, email: string, orgId: string): Promise<OrganizationAccessData> {
  const login = await loginAs(app, email);
  const access = await call(app, {
    url: '/v1/organization/access',
    token: login.accessToken,
    body: { portalId: 'kreanoAccount', orgId },
  });
  expect(access.statusCode, access.body).toBe(200);
  return access.json.data as OrganizationAccessData;
}

/** Logs in and enters the organisation, as the portal does; the answer's access token is scoped to it. */
export async function enter(app: App, email: string, orgId: string): Promise<string> {
  return (await entryAnswer(app, email, orgId)).accessToken;
}

/** `call` with a method and a bearer token. */
export const api = (app: App, token: string) => ({
  get: (url: string, headers?: Record<string, string>) => call(app, { url, token, headers }),
  post: (url: string, body: unknown, headers?: Record<string, string>) =>
    call(app, { url, token, body, headers }),
  patch: (url: string, body: unknown, headers?: Record<string, string>) =>
    call(app, { method: 'PATCH', url, token, body, headers }),
  delete: (url: string) => call(app, { method: 'DELETE', url, token }),
});
