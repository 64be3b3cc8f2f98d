import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../contract/v1/permissions';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { organizations } from '../organizations/schema';
import { call, createTestApp, FakeClock, loginAs } from '../../test/test-app';

const CLOUD_DRIVE = '33333333-3333-4333-8333-000000000001';
const LEDGER_BOOKS = '33333333-3333-4333-8333-000000000002';
const INVALID = { msg: 'Launch link is invalid or has expired', code: 'LAUNCH_TOKEN_INVALID' };

interface Card {
  id: string;
  title: string;
  canLaunch: boolean;
  thirdParty: boolean;
  ssoIntegrationCompleted: boolean;
  appUrl: string;
  portalName: string | null;
  portalKey: string | null;
  tabName: string;
}

let app: App;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
  // These tests are about apps, not the enforced-2FA rule (organizations/enforced-two-factor.test.ts): entering
  // Globex would switch demo's 2FA on, and every later demo login would then wait for a code.
  await app.database.db
    .update(organizations)
    .set({ enforceTwoFactor: false })
    .where(eq(organizations.id, DEMO_IDS.globex));
});
afterAll(() => app.close());

/** Logs in and enters the organisation, as the portal does before it shows the dashboard. */
async function enter(email: string, orgId: string) {
  const login = await loginAs(app, email);
  const access = await call(app, {
    url: '/v1/organization/access',
    token: login.accessToken,
    body: { portalId: 'kreanoAccount', orgId },
  });
  expect(access.statusCode).toBe(200);
  return { login, token: access.json.data.accessToken as string };
}

async function personalOrgOf(token: string): Promise<string> {
  const list = (await call(app, { url: '/v1/organization-list', token })).json.data.organizationList;
  return list.find((o: { accountType: string }) => o.accountType === 'personal').organizationId;
}

async function cards(token: string): Promise<Card[]> {
  const response = await call(app, { url: '/v1/apps', token });
  expect(response.statusCode).toBe(200);
  return response.json.data;
}

const byTitle = (list: Card[], title: string) => list.find((c) => c.title === title)!;
const setStatus = (token: string, appId: string, enabled: boolean) =>
  call(app, { method: 'PATCH', url: '/v1/app/status', token, body: { appId, enabled } });

describe('GET /v1/apps', () => {
  it("lists the active organisation's apps: first-party by portal access, third-party by the organisation's switch", async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const list = await cards(token);
    expect(list.map((c) => c.title)).toEqual([
      'AI Redaction',
      'E-Signature',
      'Developer API',
      'Identity Verification',
      'Document Exchange',
      'Asset Verification',
      'CloudDrive Sync',
      'LedgerBooks',
    ]);
    expect(byTitle(list, 'AI Redaction')).toMatchObject({
      canLaunch: true,
      thirdParty: false,
      ssoIntegrationCompleted: false,
      portalName: 'Kreano Redact',
      portalKey: 'kreanoRedact',
      tabName: 'redact',
      // Development: the portal lands on this server's stand-in.
      appUrl: 'http://portal.test/dev/apps/kreanoRedact',
      referenceLink: 'https://docs.kreano.example/redact',
      description: 'Find and remove sensitive information from documents with AI.',
    });
    // Acme has no access to the data-exchange portal.
    expect(byTitle(list, 'Document Exchange').canLaunch).toBe(false);
    expect(byTitle(list, 'CloudDrive Sync')).toMatchObject({
      canLaunch: true,
      thirdParty: true,
      ssoIntegrationCompleted: true,
      portalName: null,
      portalKey: null,
      appUrl: `http://portal.test/dev/third-party/${CLOUD_DRIVE}`,
    });
    expect(byTitle(list, 'LedgerBooks')).toMatchObject({
      canLaunch: false,
      thirdParty: true,
      ssoIntegrationCompleted: false,
    });
  });

  it('differs per organisation for the same user', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.globex);
    const list = await cards(token);
    expect(byTitle(list, 'Document Exchange').canLaunch).toBe(true);
    expect(byTitle(list, 'CloudDrive Sync')).toMatchObject({
      canLaunch: false,
      ssoIntegrationCompleted: false,
    });
    expect(byTitle(list, 'LedgerBooks').canLaunch).toBe(false);
  });

  it('needs a selected organisation and a login', async () => {
    const login = await loginAs(app, 'demo@example.com');
    const withoutOrganisation = await call(app, { url: '/v1/apps', token: login.accessToken });
    expect(withoutOrganisation.statusCode).toBe(403);
    expect(withoutOrganisation.json).toEqual({
      msg: 'Please select an organisation first',
      code: 'ORGANIZATION_REQUIRED',
    });
    expect((await call(app, { url: '/v1/apps' })).statusCode).toBe(401);
  });
});

describe('PATCH /v1/app/status', () => {
  it('lets an admin enable and disable a third-party app for that organisation only, and records who did', async () => {
    const { token } = await enter('alice@example.com', DEMO_IDS.acme);
    const enabled = await setStatus(token, LEDGER_BOOKS, true);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json.msg).toBe('App enabled successfully');
    expect(enabled.json.data).toMatchObject({ id: LEDGER_BOOKS, canLaunch: true });
    expect(byTitle(await cards(token), 'LedgerBooks').canLaunch).toBe(true);

    const globex = await enter('demo@example.com', DEMO_IDS.globex);
    expect(byTitle(await cards(globex.token), 'LedgerBooks').canLaunch).toBe(false);

    const disabled = await setStatus(token, LEDGER_BOOKS, false);
    expect(disabled.json.msg).toBe('App disabled successfully');
    expect(byTitle(await cards(token), 'LedgerBooks').canLaunch).toBe(false);

    const trail = await app.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'app.status-changed'));
    expect(trail.map((e) => e.details)).toEqual([
      { appId: LEDGER_BOOKS, enabled: true },
      { appId: LEDGER_BOOKS, enabled: false },
    ]);
    expect(trail.every((e) => e.organizationId === DEMO_IDS.acme)).toBe(true);
  });

  it('refuses a member (no apps.manage) with 403 and leaves the app as it was', async () => {
    const { token } = await enter('bob@example.com', DEMO_IDS.acme);
    const response = await setStatus(token, CLOUD_DRIVE, false);
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({
      msg: "You don't have permission to do this. Contact the account owner or admin",
      code: 'PERMISSION_DENIED',
    });
    expect(byTitle(await cards(token), 'CloudDrive Sync').canLaunch).toBe(true);
  });

  it("follows the apps.manage permission of the caller's role, not the role's name", async () => {
    const owner = await enter('demo@example.com', DEMO_IDS.acme);
    const setGrants = (roleId: string, permissions: string[]) =>
      call(app, { method: 'PATCH', url: '/v1/acl', token: owner.token, body: { roleId, permissions } });
    const admin = await enter('alice@example.com', DEMO_IDS.acme);
    const member = await enter('bob@example.com', DEMO_IDS.acme);

    // The owner takes apps.manage from admins and gives it to members: the same tokens swap rights.
    expect((await setGrants('admin', ['members.view', 'acl.manage'])).statusCode).toBe(200);
    expect((await setGrants('member', ['members.view', 'apps.manage'])).statusCode).toBe(200);
    expect((await setStatus(admin.token, CLOUD_DRIVE, false)).json.code).toBe('PERMISSION_DENIED');
    expect((await setStatus(member.token, CLOUD_DRIVE, false)).statusCode).toBe(200);
    expect((await setStatus(member.token, CLOUD_DRIVE, true)).statusCode).toBe(200);

    expect((await setGrants('admin', [...PERMISSIONS])).statusCode).toBe(200);
    expect((await setGrants('member', ['members.view'])).statusCode).toBe(200);
    expect((await setStatus(admin.token, CLOUD_DRIVE, true)).statusCode).toBe(200);
    expect((await setStatus(member.token, CLOUD_DRIVE, true)).statusCode).toBe(403);
  });

  it('lets the owner of a personal account switch partner apps on', async () => {
    const login = await loginAs(app, 'bob@example.com');
    const personal = await personalOrgOf(login.accessToken);
    const { token } = await enter('bob@example.com', personal);
    expect((await setStatus(token, CLOUD_DRIVE, true)).statusCode).toBe(200);
    expect(byTitle(await cards(token), 'CloudDrive Sync').canLaunch).toBe(true);
  });

  it('switches only third-party apps, and only known ones', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const redaction = byTitle(await cards(token), 'AI Redaction');
    const firstParty = await setStatus(token, redaction.id, false);
    expect(firstParty.statusCode).toBe(400);
    expect(firstParty.json.msg).toBe('Only third-party apps can be enabled or disabled');
    const unknown = await setStatus(token, '33333333-3333-4333-8333-999999999999', true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.msg).toBe('App not found');
    const invalid = await call(app, {
      method: 'PATCH',
      url: '/v1/app/status',
      token,
      body: { appId: CLOUD_DRIVE },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json.errors).toContainEqual({ field: 'enabled', msg: 'enabled is required' });
  });
});

describe('PATCH /v1/app/config', () => {
  it("records an organisation's completed SSO set-up, for those holding apps.manage only", async () => {
    const owner = await enter('carol@example.com', DEMO_IDS.globex);
    const body = { appId: LEDGER_BOOKS, ssoIntegrationCompleted: true };
    const done = await call(app, { method: 'PATCH', url: '/v1/app/config', token: owner.token, body });
    expect(done.statusCode).toBe(200);
    expect(done.json.msg).toBe('App configuration updated successfully');
    // Set-up alone does not switch the app on.
    expect(done.json.data).toMatchObject({ ssoIntegrationCompleted: true, canLaunch: false });
    const bob = await enter('bob@example.com', DEMO_IDS.acme);
    expect(
      (await call(app, { method: 'PATCH', url: '/v1/app/config', token: bob.token, body })).statusCode,
    ).toBe(403);
  });
});

describe('first-party launch tokens', () => {
  const launch = (token: string, appId: string) =>
    call(app, { url: '/v1/app/launch', token, body: { appId } });
  const exchange = (token: string) => call(app, { url: '/v1/token', body: { token } });

  it('are traded once for a session of the target portal, scoped to the organisation', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const redaction = byTitle(await cards(token), 'AI Redaction');
    const launched = await launch(token, redaction.id);
    expect(launched.statusCode).toBe(200);
    const data = launched.json.data;
    expect(data).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      portalUrl: 'http://portal.test/dev/apps/kreanoRedact',
      portalId: expect.any(String),
      orgId: DEMO_IDS.acme,
      expiresIn: 60,
    });
    // Not an access token: nothing in it a receiver could use without the exchange.
    expect(() => decodeJwt(data.token)).toThrow();

    const traded = await exchange(data.token);
    expect(traded.statusCode).toBe(200);
    expect(traded.json.data).toMatchObject({
      orgId: DEMO_IDS.acme,
      portalId: data.portalId,
      portalKey: 'kreanoRedact',
    });
    expect(decodeJwt(traded.json.data.accessToken)).toMatchObject({
      org: DEMO_IDS.acme,
      role: 'owner',
      portal: 'kreanoRedact',
    });
    const profile = await call(app, { url: '/v1/user', token: traded.json.data.accessToken });
    expect(profile.json.data.userInfo.email).toBe('demo@example.com');

    const again = await exchange(data.token);
    expect(again.statusCode).toBe(400);
    expect(again.json).toEqual(INVALID);
  });

  it('expire after about 60 seconds', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const sign = byTitle(await cards(token), 'E-Signature');
    const fresh = (await launch(token, sign.id)).json.data.token;
    const stale = (await launch(token, sign.id)).json.data.token;
    clock.advance(59_000);
    expect((await exchange(fresh)).statusCode).toBe(200);
    clock.advance(2_000);
    const late = await exchange(stale);
    expect(late.statusCode).toBe(400);
    expect(late.json).toEqual(INVALID);
  });

  it('work only once even when presented twice at the same moment', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const raw = (await launch(token, byTitle(await cards(token), 'Developer API').id)).json.data.token;
    const results = await Promise.all([exchange(raw), exchange(raw)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('die with the login that launched them', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const raw = (await launch(token, byTitle(await cards(token), 'Identity Verification').id)).json.data
      .token;
    expect((await call(app, { url: '/v1/logout', token, body: {} })).statusCode).toBe(200);
    expect((await exchange(raw)).json).toEqual(INVALID);
  });

  it('are refused for a portal the organisation has no access to, and for partner apps', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const list = await cards(token);
    const noAccess = await launch(token, byTitle(list, 'Document Exchange').id);
    expect(noAccess.statusCode).toBe(403);
    expect(noAccess.json.msg).toBe("You don't have access to this Portal for this organisation");
    const partner = await launch(token, CLOUD_DRIVE);
    expect(partner.statusCode).toBe(400);
    expect(partner.json.msg).toBe('This app opens with single sign-on');
  });
});

describe('third-party SSO tokens', () => {
  const sso = (token: string, appId: string) => call(app, { url: '/v1/app/sso', token, body: { appId } });
  const exchange = (token: string, appId: string) =>
    call(app, { url: '/v1/app/sso/exchange', body: { token, appId } });

  it('tell only the app they were issued to who arrived, once', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const issued = await sso(token, CLOUD_DRIVE);
    expect(issued.statusCode).toBe(200);
    expect(issued.json.data.url).toBe(`http://portal.test/dev/third-party/${CLOUD_DRIVE}?token=`);
    const raw = issued.json.data.token as string;

    expect((await exchange(raw, LEDGER_BOOKS)).json).toEqual(INVALID);
    // A partner's token never opens the API itself.
    expect((await call(app, { url: '/v1/token', body: { token: raw } })).json).toEqual(INVALID);

    const identity = await exchange(raw, CLOUD_DRIVE);
    expect(identity.statusCode).toBe(200);
    expect(identity.json.data).toEqual({
      appId: CLOUD_DRIVE,
      user: { id: expect.any(String), email: 'demo@example.com', firstName: 'Demo', lastName: 'User' },
      organization: { id: DEMO_IDS.acme, name: 'Acme Pty Ltd' },
      role: 'owner',
    });
    expect(JSON.stringify(identity.json)).not.toMatch(/accessToken|refreshToken/);
    expect((await exchange(raw, CLOUD_DRIVE)).json).toEqual(INVALID);
  });

  it('are refused for a disabled app, an app without SSO set-up, and first-party apps', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const disabled = await sso(token, LEDGER_BOOKS);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json.msg).toBe('This app is disabled for your organisation');

    const globex = await enter('demo@example.com', DEMO_IDS.globex);
    expect((await setStatus(globex.token, CLOUD_DRIVE, true)).statusCode).toBe(200);
    const notSetUp = await sso(globex.token, CLOUD_DRIVE);
    expect(notSetUp.statusCode).toBe(412);
    expect(notSetUp.json.msg).toBe('Single sign-on is not set up for this app yet');

    const firstParty = await sso(token, byTitle(await cards(token), 'AI Redaction').id);
    expect(firstParty.statusCode).toBe(400);
  });
});

describe('development landings', () => {
  it('a first-party landing trades the token and shows who arrived from which organisation', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const data = (
      await call(app, {
        url: '/v1/app/launch',
        token,
        body: { appId: byTitle(await cards(token), 'AI Redaction').id },
      })
    ).json.data;
    const url = `/dev/apps/kreanoRedact?${new URLSearchParams({ token: data.token, portalId: data.portalId, orgId: data.orgId })}`;
    const landing = await app.inject({ method: 'GET', url });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toContain('text/html');
    expect(landing.body).toContain('<h1>Kreano Redact</h1>');
    expect(landing.body).toContain('<dd>Demo User</dd>');
    expect(landing.body).toContain('<dd>demo@example.com</dd>');
    expect(landing.body).toContain('<dd>Acme Pty Ltd</dd>');
    expect(landing.body).toContain('<dd>Owner</dd>');

    const replay = await app.inject({ method: 'GET', url });
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toContain('Launch refused: Launch link is invalid or has expired');
  });

  it("a first-party landing refuses another portal's token", async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const data = (
      await call(app, {
        url: '/v1/app/launch',
        token,
        body: { appId: byTitle(await cards(token), 'AI Redaction').id },
      })
    ).json.data;
    const landing = await app.inject({ method: 'GET', url: `/dev/apps/kreanoSign?token=${data.token}` });
    expect(landing.statusCode).toBe(400);
    expect(landing.body).not.toContain('demo@example.com');
  });

  it('a partner landing shows the SSO identity, or a plain welcome without a token', async () => {
    const { token } = await enter('demo@example.com', DEMO_IDS.acme);
    const issued = (await call(app, { url: '/v1/app/sso', token, body: { appId: CLOUD_DRIVE } })).json.data;
    const landing = await app.inject({
      method: 'GET',
      url: new URL(issued.url + issued.token).pathname + new URL(issued.url + issued.token).search,
    });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('<h1>CloudDrive Sync</h1>');
    expect(landing.body).toContain('Single sign-on accepted');
    expect(landing.body).toContain('<dd>Acme Pty Ltd</dd>');
    const plain = await app.inject({ method: 'GET', url: `/dev/third-party/${LEDGER_BOOKS}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('You arrived without single sign-on');
  });
});

describe('outside development', () => {
  let production: App;
  beforeAll(async () => {
    production = await createTestApp({ configOverrides: { devRoutes: false } });
  });
  afterAll(() => production.close());

  it('apps point at their stored URLs and the landings do not exist', async () => {
    const login = await loginAs(production, 'demo@example.com');
    const access = await call(production, {
      url: '/v1/organization/access',
      token: login.accessToken,
      body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
    });
    const list = (await call(production, { url: '/v1/apps', token: access.json.data.accessToken })).json
      .data as Card[];
    expect(byTitle(list, 'AI Redaction').appUrl).toBe('https://redact.kreano.example');
    expect(byTitle(list, 'CloudDrive Sync').appUrl).toBe('https://clouddrive.example');
    expect(
      (await production.inject({ method: 'GET', url: '/dev/apps/kreanoRedact?token=x' })).statusCode,
    ).toBe(404);
  });
});
