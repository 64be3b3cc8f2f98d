import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_KEYS } from '../../../contract/v1/common';
import { REFRESH_TOKEN_HEADER } from '../../../contract/v1/constants';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, loginAs } from '../../test/test-app';

let app: App;
let demo: { accessToken: string; refreshToken: string };
beforeAll(async () => {
  app = await createTestApp();
  demo = await loginAs(app, 'demo@example.com');
});
afterAll(() => app.close());

const access = (token: string, body: Record<string, unknown>) =>
  call(app, { url: '/v1/organization/access', token, body });

describe('GET /v1/organization-list', () => {
  it("lists the user's personal and business accounts with role, state, portals and branding", async () => {
    const { statusCode, json } = await call(app, { url: '/v1/organization-list', token: demo.accessToken });
    expect(statusCode).toBe(200);
    const list = json.data.organizationList;
    expect(list.map((o: { organizationName: string }) => o.organizationName)).toEqual([
      'Demo User',
      'Acme Pty Ltd',
      'Globex',
      'Initech',
    ]);
    const [personal, acme, globex, initech] = list;
    expect(personal).toMatchObject({ accountType: 'personal', role: 'owner', enabled: true });
    expect(acme).toMatchObject({
      organizationId: DEMO_IDS.acme,
      accountType: 'business',
      role: 'owner',
      enabled: true,
    });
    expect(acme.branding).toEqual({
      primaryColor: '#0b1f44',
      secondaryColor: '#f5a623',
      textColor: '#ffffff',
      file: null,
      darkLogo: null,
    });
    expect(Object.keys(acme.portals).sort()).toEqual([...PORTAL_KEYS].sort());
    expect(acme.portals.kreanoAccount).toEqual({ hasAccess: true });
    expect(acme.portals.dataExchange).toEqual({ hasAccess: false });
    expect(globex).toMatchObject({ role: 'admin', enabled: true });
    expect(initech).toMatchObject({ role: 'member', enabled: false });
  });
});

describe('GET /v1/portal', () => {
  it('lists the seven portals of docs/api-contract.md with id, name and key', async () => {
    const { statusCode, json } = await call(app, {
      url: '/v1/portal?account_setting=true',
      token: demo.accessToken,
    });
    expect(statusCode).toBe(200);
    expect(json.data.portal.map((p: { key: string }) => p.key)).toEqual([...PORTAL_KEYS]);
    expect(json.data.portal[0]).toEqual({
      id: expect.any(String),
      name: 'Kreano Account',
      key: 'kreanoAccount',
    });
  });

  it('needs a login', async () => {
    expect((await call(app, { url: '/v1/portal' })).statusCode).toBe(401);
  });
});

describe('POST /v1/organization/access', () => {
  it('gives an organisation-scoped token with org, role and portal, plus branding and regional defaults', async () => {
    const response = await access(demo.accessToken, {
      portalId: 'kreanoAccount',
      orgId: DEMO_IDS.acme,
      newPortal: false,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json.data;
    expect(data).toMatchObject({
      kycStatus: 'notSubmitted',
      kybStatus: 'notSubmitted',
      logo: null,
      passwordResetRequired: false,
      twoFactorEnabledInOrg: false,
      regionalConfig: {
        matchDeviceTime: false,
        timeZone: 'Australia/Sydney',
        timeFormat: 'DD/MM/YYYY hh:mm A',
      },
      portalUrl: 'http://portal.test/dashboard',
    });
    expect(data.branding.primaryColor).toBe('#0b1f44');
    const claims = decodeJwt(data.accessToken);
    expect(claims).toMatchObject({ org: DEMO_IDS.acme, role: 'owner', portal: 'kreanoAccount' });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect((await call(app, { url: '/v1/user', token: data.accessToken })).statusCode).toBe(200);

    const refreshed = await call(app, {
      method: 'POST',
      url: '/v1/organization/refresh',
      headers: { [REFRESH_TOKEN_HEADER]: data.refreshToken },
    });
    expect(decodeJwt(refreshed.json.data.accessToken)).toMatchObject({
      org: DEMO_IDS.acme,
      role: 'owner',
      portal: 'kreanoAccount',
    });
  });

  it('accepts the portal id from GET /v1/portal', async () => {
    const portals = (await call(app, { url: '/v1/portal', token: demo.accessToken })).json.data.portal;
    const sign = portals.find((p: { key: string }) => p.key === 'kreanoSign');
    // Globex enforces 2FA and demo has it off: this is demo's answer to the portal's notice (enforced-two-factor.test.ts).
    const response = await access(demo.accessToken, {
      portalId: sign.id,
      orgId: DEMO_IDS.globex,
      newPortal: true,
      enableTwoFactor: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data.twoFactorEnabledInOrg).toBe(true);
    expect(response.json.data.portalUrl).toBe('https://sign.kreano.example');
    expect(decodeJwt(response.json.data.accessToken)).toMatchObject({ role: 'admin', portal: 'kreanoSign' });
  });

  it('refuses a disabled organisation', async () => {
    const response = await access(demo.accessToken, { portalId: 'kreanoAccount', orgId: DEMO_IDS.initech });
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({
      msg: 'Account is disabled. Please contact admin',
      code: 'ORGANIZATION_DISABLED',
    });
  });

  it('refuses a portal the organisation has no access to', async () => {
    const response = await access(demo.accessToken, { portalId: 'dataExchange', orgId: DEMO_IDS.acme });
    expect(response.statusCode).toBe(403);
    expect(response.json.msg).toBe("You don't have access to this Portal for this organisation");
  });

  it('refuses an unknown portal and an organisation the user is not in', async () => {
    const unknownPortal = await access(demo.accessToken, { portalId: 'nope', orgId: DEMO_IDS.acme });
    expect(unknownPortal.statusCode).toBe(404);
    expect(unknownPortal.json.msg).toBe('Portal not found');
    const alice = await loginAs(app, 'alice@example.com');
    const notMember = await access(alice.accessToken, { portalId: 'kreanoAccount', orgId: DEMO_IDS.globex });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json.msg).toBe('Organisation not found');
  });

  it('validates its body and needs a login', async () => {
    const missing = await access(demo.accessToken, { orgId: DEMO_IDS.acme });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors).toContainEqual({ field: 'portalId', msg: 'Portal is required' });
    expect(
      (
        await call(app, {
          url: '/v1/organization/access',
          body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('invitations', () => {
  const checkUrl = (orgId: string, invitationId: string) =>
    `/v1/user-organization/${orgId}/invitation/${invitationId}`;

  it('tells whether the invited email already has an account', async () => {
    const fresh = await call(app, { url: checkUrl(DEMO_IDS.acme, DEMO_IDS.inviteNewUser) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json.data).toEqual({ userExists: false, email: 'new@example.com' });
    const existing = await call(app, { url: checkUrl(DEMO_IDS.globex, DEMO_IDS.inviteExistingUser) });
    expect(existing.json.data).toEqual({ userExists: true, email: 'bob@example.com' });
  });

  it('refuses an unknown invitation or one checked against another organisation', async () => {
    const wrongOrg = await call(app, { url: checkUrl(DEMO_IDS.acme, DEMO_IDS.inviteExistingUser) });
    expect(wrongOrg.statusCode).toBe(404);
    expect(wrongOrg.json.msg).toBe('Invitation is invalid or has expired');
  });

  it('asks a new user to sign up instead of accepting', async () => {
    const response = await call(app, {
      url: '/v1/organization/invite',
      body: { orgId: DEMO_IDS.acme, invitationId: DEMO_IDS.inviteNewUser },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json.msg).toBe('Please sign up to accept this invitation');
  });

  it('lets an existing user accept: the organisation appears in their list, once', async () => {
    const body = { orgId: DEMO_IDS.globex, invitationId: DEMO_IDS.inviteExistingUser };
    const response = await call(app, { url: '/v1/organization/invite', body });
    expect(response.statusCode).toBe(200);
    expect(response.json.msg).toBe('Invitation accepted. Please log in to continue');
    const bob = await loginAs(app, 'bob@example.com');
    const list = (await call(app, { url: '/v1/organization-list', token: bob.accessToken })).json.data
      .organizationList;
    expect(list).toContainEqual(expect.objectContaining({ organizationId: DEMO_IDS.globex, role: 'admin' }));
    const again = await call(app, { url: '/v1/organization/invite', body });
    expect(again.statusCode).toBe(404);
  });
});
