import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, loginAs } from '../../test/test-app';
import { users } from '../users/schema';
import { REFRESH_TOKEN_HEADER } from '../../../contract/v1/constants';
import { memberships, organizations } from './schema';

/**
 * Issue #17 item 8: an organisation that enforces 2FA (seeded Globex) gets no access token for a member whose 2FA
 * is off. The member's answer to the portal's notice (Skip or Proceed) is `enableTwoFactor: true`, with which the
 * server switches email 2FA on and then issues the token (docs/organisation-selection.md#entering-an-organisation).
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const PASSWORD = 'Str0ng!Pass';
let counter = 0;

/** A verified user of its own with 2FA off, member of Globex and of its personal account. */
async function globexMember(): Promise<{ token: string; userId: string }> {
  const email = `enforced${++counter}@example.com`;
  const registered = await call(app, {
    url: '/v1/register',
    body: { firstName: 'Gina', lastName: 'Globex', email, password: PASSWORD },
  });
  expect(registered.statusCode).toBe(200);
  const [user] = await app.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  await app.database.db.insert(memberships).values({
    organizationId: DEMO_IDS.globex,
    userId: user!.id,
    role: 'member',
    createdAt: new Date(),
  });
  return { token: (await loginAs(app, email, PASSWORD)).accessToken, userId: user!.id };
}

const access = (token: string, body: Record<string, unknown>) =>
  call(app, { url: '/v1/organization/access', token, body });
const twoFactorOf = async (token: string) =>
  (await call(app, { url: '/v1/user', token })).json.data.userInfo.twoFactorAuthentication;

describe('POST /v1/organization/access to an organisation that enforces 2FA', () => {
  it('refuses a member whose 2FA is off: 403 TWO_FACTOR_REQUIRED, no token, 2FA untouched', async () => {
    const { token } = await globexMember();
    const refused = await access(token, { orgId: DEMO_IDS.globex, portalId: 'kreanoAccount' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      msg: 'This organisation requires two-factor authentication',
    });
    expect((await twoFactorOf(token)).enabled).toBe(false);
    const declined = await access(token, {
      orgId: DEMO_IDS.globex,
      portalId: 'kreanoAccount',
      enableTwoFactor: false,
    });
    expect(declined.statusCode).toBe(403);
  });

  it('with enableTwoFactor: switches email 2FA on, then issues the token, which works', async () => {
    const { token } = await globexMember();
    const accepted = await access(token, {
      orgId: DEMO_IDS.globex,
      portalId: 'kreanoAccount',
      enableTwoFactor: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json.data.twoFactorEnabledInOrg).toBe(true);
    expect(await twoFactorOf(token)).toMatchObject({
      enabled: true,
      email: { setupCompleted: true, enabled: true },
    });
    const orgToken = accepted.json.data.accessToken as string;
    expect((await call(app, { url: '/v1/apps', token: orgToken })).statusCode).toBe(200);
    // The next entry needs no flag.
    expect((await access(token, { orgId: DEMO_IDS.globex, portalId: 'kreanoAccount' })).statusCode).toBe(200);
  });

  it('turns email 2FA back on too when the account had it off', async () => {
    const { token, userId } = await globexMember();
    await app.database.db.update(users).set({ emailTwoFactorEnabled: false }).where(eq(users.id, userId));
    expect(
      (await access(token, { orgId: DEMO_IDS.globex, portalId: 'kreanoAccount', enableTwoFactor: true }))
        .statusCode,
    ).toBe(200);
    expect(await twoFactorOf(token)).toMatchObject({ enabled: true, email: { enabled: true } });
  });

  it('lets a member with 2FA on in without the flag', async () => {
    const tokenId = (
      await call(app, { url: '/v1/login', body: { email: 'email2fa@example.com', password: 'Demo@1234' } })
    ).json.data.tokenId;
    expect(tokenId).toEqual(expect.any(String));
    const sent = await call(app, {
      method: 'PATCH',
      url: '/v1/two-factor/otp',
      body: { tokenId, type: 'email' },
    });
    const verified = await call(app, {
      url: '/v1/two-factor/verify',
      body: { tokenId, type: 'email', code: sent.json.data.otp },
    });
    const entered = await access(verified.json.data.accessToken, {
      orgId: DEMO_IDS.globex,
      portalId: 'kreanoAccount',
    });
    expect(entered.statusCode).toBe(200);
  });

  it('changes nothing for an organisation that does not enforce 2FA, even with the flag', async () => {
    const demo = await loginAs(app, 'demo@example.com');
    const entered = await access(demo.accessToken, {
      orgId: DEMO_IDS.acme,
      portalId: 'kreanoAccount',
      enableTwoFactor: true,
    });
    expect(entered.statusCode).toBe(200);
    expect((await twoFactorOf(demo.accessToken)).enabled).toBe(false);
  });

  it('refuses the flag before anything else is checked: a non-member learns nothing and 2FA stays off', async () => {
    const alice = await loginAs(app, 'alice@example.com');
    const refused = await access(alice.accessToken, {
      orgId: DEMO_IDS.globex,
      portalId: 'kreanoAccount',
      enableTwoFactor: true,
    });
    expect(refused.statusCode).toBe(404);
    expect((await twoFactorOf(alice.accessToken)).enabled).toBe(false);
  });
});

/** #33 finding 3: enforcement turned on while a member without 2FA is inside the organisation. */
describe('"enforce 2FA" turned on after a member without 2FA entered', () => {
  const enforce = (on: boolean) =>
    app.database.db.update(organizations).set({ enforceTwoFactor: on }).where(eq(organizations.id, DEMO_IDS.globex));
  afterAll(() => enforce(true));

  const refresh = (refreshToken: string) =>
    call(app, { method: 'POST', url: '/v1/organization/refresh', headers: { [REFRESH_TOKEN_HEADER]: refreshToken } });

  it('stops the live organisation session at its next call and refresh; accepting the notice lets the member back in', async () => {
    const { token } = await globexMember();
    await enforce(false);
    const entered = await access(token, { orgId: DEMO_IDS.globex, portalId: 'kreanoAccount' });
    expect(entered.statusCode).toBe(200);
    const { accessToken, refreshToken } = entered.json.data as { accessToken: string; refreshToken: string };
    expect((await call(app, { url: '/v1/organization/member', token: accessToken })).statusCode).toBe(200);

    await enforce(true);
    const REQUIRED = { code: 'TWO_FACTOR_REQUIRED', msg: 'This organisation requires two-factor authentication' };
    const members = await call(app, { url: '/v1/organization/member', token: accessToken });
    expect(members.statusCode).toBe(403);
    expect(members.json).toEqual(REQUIRED);
    const invite = await call(app, {
      url: '/v1/organization/member',
      token: accessToken,
      body: { email: 'friend@example.com', role: 'member' },
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json).toEqual(REQUIRED);
    const renewed = await refresh(refreshToken);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json).toEqual(REQUIRED);
    // The account itself is not signed out: the notice's answer turns 2FA on and opens a session that works.
    const accepted = await access(accessToken, {
      orgId: DEMO_IDS.globex,
      portalId: 'kreanoAccount',
      enableTwoFactor: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await call(app, { url: '/v1/organization/member', token: accepted.json.data.accessToken })).statusCode).toBe(200);
    expect((await refresh(accepted.json.data.refreshToken)).statusCode).toBe(200);
  });
});
