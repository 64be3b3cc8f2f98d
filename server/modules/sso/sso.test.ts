import { generateKeyPairSync } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutes } from '../../clock';
import { activityLogs } from '../../db/schema';
import { users } from '../users/schema';
import type { App } from '../../http/types';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { SSO_DEMO_USERS } from './seed';
import { FakeClock, call, createTestApp } from '../../test/test-app';
import { signPartnerToken, type PartnerTokenInput } from './partner-token';
import { InvalidSsoApplication, SsoApplications, generateSharedSecret, type SsoApplicationInput } from './sso-applications';

const AUDIENCE = 'http://portal.test';
const clock = new FakeClock();
let app: App;
let registry: SsoApplications;

const SECRETS = { open: generateSharedSecret(), password: generateSharedSecret(), terms: generateSharedSecret(), off: generateSharedSecret() };
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const EC_PUBLIC = ec.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const EC_PRIVATE = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const APPS: Record<string, SsoApplicationInput> = {
  open: { id: 'test-open', name: 'Open', algorithm: 'HS256', verificationKey: SECRETS.open, redirectUrl: 'https://open.partner.example/home' },
  password: { id: 'test-password', name: 'Password', algorithm: 'HS256', verificationKey: SECRETS.password, redirectUrl: '/dev/partner?returned=test-password', requirePassword: true },
  terms: { id: 'test-terms', name: 'Terms', algorithm: 'HS256', verificationKey: SECRETS.terms, redirectUrl: 'https://terms.partner.example', requireTerms: true },
  off: { id: 'test-off', name: 'Off', algorithm: 'HS256', verificationKey: SECRETS.off, redirectUrl: 'https://off.partner.example', enabled: false },
  ec: { id: 'test-ec', name: 'Public key', algorithm: 'ES256', verificationKey: EC_PUBLIC, redirectUrl: 'https://ec.partner.example' },
};

beforeAll(async () => {
  app = await createTestApp({ clock });
  registry = new SsoApplications(app.services.db, app.services.clock, app.services.audit);
  for (const input of Object.values(APPS)) await registry.create(input);
});
afterAll(() => app.close());

let counter = 0;
const freshEmail = (prefix = 'new') => `${prefix}.${++counter}@partner-users.example`;

type AppKey = keyof typeof APPS;
function token(key: AppKey, input: Partial<PartnerTokenInput> & { email: string }) {
  const application = APPS[key]!;
  const signingKey = application.algorithm === 'HS256' ? application.verificationKey : EC_PRIVATE;
  return signPartnerToken(application, signingKey, { audience: AUDIENCE, now: clock.now(), ...input });
}

const ssoLogin = (applicationId: string, partnerToken: string) =>
  call(app, { url: '/v1/sso/login', body: { token: partnerToken, applicationId } });
const ssoRegister = (applicationId: string, partnerToken: string, password = 'Partner#2024x') =>
  call(app, { url: '/v1/sso/register', body: { token: partnerToken, applicationId, password } });

async function lastAudit(event: string) {
  const [row] = await app.services.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.eventType, event))
    .orderBy(desc(activityLogs.seq))
    .limit(1);
  return row;
}

const INVALID = { msg: 'Invalid sign-in request. Please sign in again from your application', code: 'SSO_TOKEN_INVALID' };

describe('POST /v1/sso/login', () => {
  it('new user: existingAccount=false, no tokens, terms only when the application asks', async () => {
    const email = freshEmail();
    const open = await ssoLogin('test-open', await token('open', { email }));
    expect(open.statusCode).toBe(200);
    expect(open.json).toEqual({
      data: { showTermsAndConditions: false, isBlocked: false, existingAccount: false, passwordRequired: false, email: { id: email } },
      msg: 'Please set a password to finish creating your account',
    });

    const terms = await ssoLogin('test-terms', await token('terms', { email: freshEmail() }));
    expect(terms.json.data).toMatchObject({ existingAccount: false, showTermsAndConditions: true });
    expect(terms.json.data.accessToken).toBeUndefined();
    expect(await lastAudit('sso.login')).toMatchObject({ details: { applicationId: 'test-terms', outcome: 'new-account' } });
  });

  it('existing user: tokens of a user session with no organisation selected', async () => {
    const response = await ssoLogin('test-open', await token('open', { email: 'Sso.Member@example.com' }));
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ existingAccount: true, passwordRequired: false, isBlocked: false, email: { id: SSO_DEMO_USERS.member } });
    const list = await call(app, { url: '/v1/organization-list', token: response.json.data.accessToken });
    expect(list.statusCode).toBe(200);
    expect(list.json.data.organizationList.map((o: { organizationName: string }) => o.organizationName)).toContain('Sophie Member');
    const entry = await lastAudit('sso.login');
    expect(entry).toMatchObject({ email: SSO_DEMO_USERS.member, details: { applicationId: 'test-open', outcome: 'logged-in' } });
  });

  it('a partner token alone is not recent authentication: a sensitive change asks for the password first', async () => {
    const response = await ssoLogin('test-open', await token('open', { email: SSO_DEMO_USERS.member }));
    const accessToken = response.json.data.accessToken as string;
    const change = () => call(app, { method: 'PATCH', url: '/v1/user', token: accessToken, body: { phoneNumber: '+61412345678' } });
    const refused = await change();
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('REAUTH_REQUIRED');
    const proven = await call(app, { url: '/v1/reauth', token: accessToken, body: { password: DEMO_PASSWORD } });
    expect(proven.statusCode, proven.body).toBe(200);
    expect((await change()).statusCode).toBe(200);
  });

  it('password-required application: passwordRequired=true and no tokens until the password step', async () => {
    const response = await ssoLogin('test-password', await token('password', { email: SSO_DEMO_USERS.member }));
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      showTermsAndConditions: false,
      isBlocked: false,
      existingAccount: true,
      passwordRequired: true,
      email: { id: SSO_DEMO_USERS.member },
    });
    expect(response.json.msg).toBe('Please enter your password to continue');
  });

  it('a user with 2FA keeps it: the password (and then the second factor) is required even where the application does not ask', async () => {
    const response = await ssoLogin('test-open', await token('open', { email: 'totp@example.com' }));
    expect(response.json.data).toMatchObject({ existingAccount: true, passwordRequired: true });
    expect(response.json.data.accessToken).toBeUndefined();
  });

  it('blocked user: isBlocked and the application redirect URL, no tokens', async () => {
    const response = await ssoLogin('test-open', await token('open', { email: SSO_DEMO_USERS.blocked }));
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      data: {
        showTermsAndConditions: false,
        isBlocked: true,
        existingAccount: true,
        passwordRequired: false,
        redirectUrl: 'https://open.partner.example/home',
        email: { id: SSO_DEMO_USERS.blocked },
      },
      msg: 'Your account is blocked. Please contact admin',
    });
    // A redirect stored as a path (demo data) is made absolute against PUBLIC_URL.
    const relative = await ssoLogin('test-password', await token('password', { email: SSO_DEMO_USERS.blocked }));
    expect(relative.json.data.redirectUrl).toBe('http://portal.test/dev/partner?returned=test-password');
    expect(await lastAudit('sso.login')).toMatchObject({ email: SSO_DEMO_USERS.blocked, details: { outcome: 'blocked' } });
  });

  it('refuses an account whose email was never verified (no pre-hijacking through SSO)', async () => {
    const response = await ssoLogin('test-open', await token('open', { email: 'unverified@example.com' }));
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({ msg: 'Please verify your email address to continue', code: 'EMAIL_UNVERIFIED' });
  });

  it('accepts a token signed with the private key of a public-key (ES256) application', async () => {
    const response = await ssoLogin('test-ec', await token('ec', { email: SSO_DEMO_USERS.member }));
    expect(response.statusCode).toBe(200);
    expect(response.json.data.accessToken).toEqual(expect.any(String));
  });

  describe('refusals (each in the activity trail with its reason)', () => {
    async function expectRefused(response: Awaited<ReturnType<typeof ssoLogin>>, status: number, body: object, reason: string) {
      expect(response.statusCode).toBe(status);
      expect(response.json).toEqual(body);
      expect(await lastAudit('sso.refused')).toMatchObject({ details: { step: 'login', reason } });
    }

    it('an expired token', async () => {
      const partnerToken = await token('open', { email: freshEmail(), lifetimeSeconds: 60 });
      clock.advance(minutes(2));
      await expectRefused(
        await ssoLogin('test-open', partnerToken),
        401,
        { msg: 'Your sign-in request has expired. Please sign in again from your application', code: 'SSO_TOKEN_EXPIRED' },
        'expired',
      );
    });

    it('a wrong signature', async () => {
      const forged = await signPartnerToken(APPS.open!, generateSharedSecret(), { email: SSO_DEMO_USERS.member, audience: AUDIENCE, now: clock.now() });
      await expectRefused(await ssoLogin('test-open', forged), 401, INVALID, 'signature');
    });

    it('a tampered payload', async () => {
      const [header, , signature] = (await token('open', { email: freshEmail() })).split('.');
      const payload = Buffer.from(JSON.stringify({ email: SSO_DEMO_USERS.member, iss: 'test-open', aud: AUDIENCE, iat: 1, exp: 2, jti: 'x' })).toString('base64url');
      await expectRefused(await ssoLogin('test-open', `${header}.${payload}.${signature}`), 401, INVALID, 'signature');
    });

    it('a wrong audience', async () => {
      const other = await token('open', { email: SSO_DEMO_USERS.member, audience: 'https://another-portal.example' });
      await expectRefused(await ssoLogin('test-open', other), 401, INVALID, 'audience');
    });

    it('an issuer other than the application named in the request', async () => {
      // test-open's key, so only the issuer check can catch it.
      const wrongIssuer = await signPartnerToken({ id: 'test-terms', algorithm: 'HS256' }, SECRETS.open, { email: SSO_DEMO_USERS.member, audience: AUDIENCE, now: clock.now() });
      await expectRefused(await ssoLogin('test-open', wrongIssuer), 401, INVALID, 'issuer');
    });

    it('an unknown or disabled application', async () => {
      const partnerToken = await token('open', { email: SSO_DEMO_USERS.member });
      const unknown = await ssoLogin('no-such-app', partnerToken);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json).toEqual({ msg: 'Unknown application', code: 'UNKNOWN_APPLICATION' });
      expect(await lastAudit('sso.refused')).toMatchObject({ details: { applicationId: 'no-such-app', reason: 'unknown-application' } });
      const disabled = await ssoLogin('test-off', await token('off', { email: SSO_DEMO_USERS.member }));
      expect(disabled.statusCode).toBe(400);
      expect(await lastAudit('sso.refused')).toMatchObject({ details: { applicationId: 'test-off', reason: 'application-disabled' } });
    });

    it('a replayed token, for an existing and for a new user', async () => {
      const existing = await token('open', { email: SSO_DEMO_USERS.member });
      expect((await ssoLogin('test-open', existing)).statusCode).toBe(200);
      const replayed = { msg: 'This sign-in request has already been used. Please sign in again from your application', code: 'SSO_TOKEN_REPLAYED' };
      await expectRefused(await ssoLogin('test-open', existing), 401, replayed, 'replayed');

      const fresh = await token('open', { email: freshEmail() });
      expect((await ssoLogin('test-open', fresh)).statusCode).toBe(200);
      await expectRefused(await ssoLogin('test-open', fresh), 401, replayed, 'replayed');
    });

    it('two simultaneous uses of one token: exactly one wins', async () => {
      const partnerToken = await token('open', { email: SSO_DEMO_USERS.member });
      const results = await Promise.all([ssoLogin('test-open', partnerToken), ssoLogin('test-open', partnerToken)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('a token that lives longer than five minutes, even while still fresh', async () => {
      const longLived = await token('open', { email: SSO_DEMO_USERS.member, lifetimeSeconds: 3600 });
      await expectRefused(await ssoLogin('test-open', longLived), 401, INVALID, 'lifetime');
    });

    it('a token issued in the future, one without jti or email, an HS512 token and an unsigned one', async () => {
      const now = Math.floor(clock.now().getTime() / 1000);
      const key = new TextEncoder().encode(SECRETS.open);
      const base = () => new SignJWT({ email: SSO_DEMO_USERS.member }).setIssuer('test-open').setAudience(AUDIENCE);
      const future = await base().setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now + 600).setExpirationTime(now + 700).setJti('f1').sign(key);
      await expectRefused(await ssoLogin('test-open', future), 401, INVALID, 'not-yet-valid');
      const noJti = await base().setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 60).sign(key);
      await expectRefused(await ssoLogin('test-open', noJti), 401, INVALID, 'claims');
      const noEmail = await new SignJWT({}).setIssuer('test-open').setAudience(AUDIENCE).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 60).setJti('n1').sign(key);
      await expectRefused(await ssoLogin('test-open', noEmail), 401, INVALID, 'claims');
      const hs512 = await base().setProtectedHeader({ alg: 'HS512' }).setIssuedAt(now).setExpirationTime(now + 60).setJti('h1').sign(key);
      await expectRefused(await ssoLogin('test-open', hs512), 401, INVALID, 'algorithm');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ email: SSO_DEMO_USERS.member, iss: 'test-open', aud: AUDIENCE, iat: now, exp: now + 60, jti: 'u1' })).toString('base64url');
      await expectRefused(await ssoLogin('test-open', `${header}.${payload}.`), 401, INVALID, 'algorithm');
      await expectRefused(await ssoLogin('test-open', 'not-a-token'), 401, INVALID, 'malformed');
    });

    it('an HMAC token keyed with a public-key application’s public key (algorithm confusion)', async () => {
      const now = Math.floor(clock.now().getTime() / 1000);
      const confused = await new SignJWT({ email: SSO_DEMO_USERS.member })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('test-ec')
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .setJti('c1')
        .sign(new TextEncoder().encode(EC_PUBLIC));
      await expectRefused(await ssoLogin('test-ec', confused), 401, INVALID, 'algorithm');
    });

    it('a request without token or applicationId, with the field named', async () => {
      const response = await call(app, { url: '/v1/sso/login', body: { applicationId: 'test-open' } });
      expect(response.statusCode).toBe(400);
      expect(response.json.msg).toBe('Token is required');
    });
  });
});

describe('POST /v1/sso/register', () => {
  async function arrive(key: AppKey, email: string, extra: Partial<PartnerTokenInput> = {}) {
    const partnerToken = await token(key, { email, ...extra });
    const response = await ssoLogin(APPS[key]!.id, partnerToken);
    expect(response.json.data.existingAccount).toBe(false);
    return partnerToken;
  }

  it('creates a verified SSO account with the chosen password and its personal organisation, and returns tokens', async () => {
    const email = freshEmail('ada');
    const partnerToken = await arrive('terms', email, { givenName: 'Ada', familyName: 'Lovelace' });
    const response = await ssoRegister('test-terms', partnerToken, 'Lovelace#1843');
    expect(response.statusCode).toBe(200);
    expect(response.json.msg).toBe('Registration successful');
    expect(response.json.data).toMatchObject({ existingAccount: true, passwordRequired: false, isBlocked: false, email: { id: email } });

    const [row] = await app.services.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', isSsoRegistration: true, disabled: false });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.passwordHash).not.toContain('Lovelace#1843');

    const list = await call(app, { url: '/v1/organization-list', token: response.json.data.accessToken });
    expect(list.json.data.organizationList).toEqual([expect.objectContaining({ organizationName: 'Ada Lovelace', accountType: 'personal' })]);
    expect(await lastAudit('sso.register')).toMatchObject({ email, details: { applicationId: 'test-terms', termsAccepted: true } });

    // The password works at the normal login, and the next partner link finds the account.
    const login = await call(app, { url: '/v1/login', body: { email, password: 'Lovelace#1843' } });
    expect(login.statusCode).toBe(200);
    const again = await ssoLogin('test-open', await token('open', { email }));
    expect(again.json.data).toMatchObject({ existingAccount: true, passwordRequired: false });
  });

  it('refuses the same token a second time', async () => {
    const partnerToken = await arrive('open', freshEmail());
    expect((await ssoRegister('test-open', partnerToken)).statusCode).toBe(200);
    const replay = await ssoRegister('test-open', partnerToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json.code).toBe('SSO_TOKEN_REPLAYED');
    expect(await lastAudit('sso.refused')).toMatchObject({ details: { step: 'register', reason: 'replayed' } });
  });

  it('refuses a token that never went through /v1/sso/login, or one of an existing user', async () => {
    const unseen = await token('open', { email: freshEmail() });
    const response = await ssoRegister('test-open', unseen);
    expect(response.statusCode).toBe(401);
    expect(response.json).toEqual(INVALID);
    expect(await lastAudit('sso.refused')).toMatchObject({ details: { step: 'register', reason: 'no-pending-registration' } });

    const existing = await token('open', { email: SSO_DEMO_USERS.member });
    await ssoLogin('test-open', existing);
    expect((await ssoRegister('test-open', existing)).json.code).toBe('SSO_TOKEN_REPLAYED');
  });

  it('refuses a token presented for another application, or re-signed by someone else', async () => {
    const partnerToken = await arrive('open', freshEmail());
    expect((await ssoRegister('test-terms', partnerToken)).statusCode).toBe(401);
    const [, payload] = partnerToken.split('.');
    const forged = await signPartnerToken(APPS.open!, generateSharedSecret(), { email: freshEmail(), audience: AUDIENCE, now: clock.now() });
    const [header, , signature] = forged.split('.');
    expect((await ssoRegister('test-open', `${header}.${payload}.${signature}`)).json).toEqual(INVALID);
    // The real token still works afterwards: refusals do not spend it.
    expect((await ssoRegister('test-open', partnerToken)).statusCode).toBe(200);
  });

  it('applies the password rules on the server and keeps the token usable after a refused password', async () => {
    const partnerToken = await arrive('open', freshEmail());
    const weak = await ssoRegister('test-open', partnerToken, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json.errors).toEqual([{ field: 'password', msg: 'Password must be 7 characters at minimum!' }]);
    const common = await ssoRegister('test-open', partnerToken, 'Password@1');
    expect(common.statusCode).toBe(400);
    expect(common.json.code).toBe('PASSWORD_TOO_COMMON');
    expect((await ssoRegister('test-open', partnerToken)).statusCode).toBe(200);
  });

  it('allows choosing the password after the token expired, within 30 minutes of arriving, and not later', async () => {
    const slow = await arrive('open', freshEmail(), { lifetimeSeconds: 60 });
    const tooSlow = await arrive('open', freshEmail(), { lifetimeSeconds: 60 });
    clock.advance(minutes(10));
    expect((await ssoRegister('test-open', slow)).statusCode).toBe(200);
    clock.advance(minutes(21));
    const late = await ssoRegister('test-open', tooSlow);
    expect(late.statusCode).toBe(401);
    expect(late.json.code).toBe('SSO_TOKEN_EXPIRED');
  });
});

describe('POST /v1/login with isSSOLogin (the password step)', () => {
  it('logs in like the normal login and marks the trail as SSO', async () => {
    const response = await call(app, { url: '/v1/login', body: { email: SSO_DEMO_USERS.member, password: DEMO_PASSWORD, isSSOLogin: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json.data.accessToken).toEqual(expect.any(String));
    expect(await lastAudit('login.success')).toMatchObject({ email: SSO_DEMO_USERS.member, details: { sso: true } });
  });

  it('keeps every check: a wrong password fails, a 2FA user gets the second-factor challenge', async () => {
    const wrong = await call(app, { url: '/v1/login', body: { email: SSO_DEMO_USERS.member, password: 'Wrong#1234', isSSOLogin: true } });
    expect(wrong.statusCode).toBe(400);
    expect(await lastAudit('login.failure')).toMatchObject({ details: { reason: 'password', sso: true } });
    const twoFactor = await call(app, { url: '/v1/login', body: { email: 'totp@example.com', password: DEMO_PASSWORD, isSSOLogin: true } });
    expect(twoFactor.json.data).toMatchObject({ twoFactorEnabled: true, tokenId: expect.any(String) });
    expect(twoFactor.json.data.accessToken).toBeUndefined();
  });

  it('leaves ordinary logins untagged', async () => {
    await call(app, { url: '/v1/login', body: { email: SSO_DEMO_USERS.member, password: DEMO_PASSWORD } });
    const entry = await lastAudit('login.success');
    expect(entry?.details).toBeNull();
  });
});

describe('the partner application registry', () => {
  it('refuses unsafe or unusable entries', async () => {
    const base = { id: 'bad-app', name: 'Bad', algorithm: 'HS256' as const, verificationKey: generateSharedSecret(), redirectUrl: 'https://ok.example' };
    await expect(registry.create({ ...base, redirectUrl: 'javascript:alert(1)' })).rejects.toThrow(InvalidSsoApplication);
    await expect(registry.create({ ...base, redirectUrl: '//evil.example' })).rejects.toThrow(/not a URL/);
    await expect(registry.create({ ...base, verificationKey: 'short' })).rejects.toThrow(/at least 32/);
    await expect(registry.create({ ...base, algorithm: 'RS256', verificationKey: 'not a key' })).rejects.toThrow(/public key/);
    await expect(registry.create({ ...base, algorithm: 'ES256', verificationKey: EC_PRIVATE })).rejects.toThrow(/public key/);
    await expect(registry.create({ ...base, id: 'Has Spaces' })).rejects.toThrow(/id/);
    await expect(registry.create({ ...base, id: 'test-open' })).rejects.toThrow(/already exists/);
  });

  it('lists applications without their keys and records every change', async () => {
    const listed = await registry.list();
    expect(listed.find((a) => a.id === 'test-ec')).toMatchObject({ algorithm: 'ES256', keyKind: 'public key' });
    expect(JSON.stringify(listed)).not.toContain(SECRETS.open);
    await registry.update('test-off', { requirePassword: true });
    const [entry] = await app.services.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.eventType, 'sso.application')))
      .orderBy(desc(activityLogs.seq))
      .limit(1);
    expect(entry?.details).toEqual({ action: 'updated', applicationId: 'test-off', changed: ['requirePassword'] });
  });
});

describe('the development partner simulator', () => {
  it('signs a token for the chosen application and lands on /sso with it', async () => {
    const page = await call(app, { url: '/dev/partner' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<option value="partner-crm">Partner CRM</option>');
    expect(page.body).toContain('test-ec');

    const email = freshEmail('sim');
    const launch = await call(app, { url: `/dev/partner/launch?applicationId=test-open&email=${encodeURIComponent(email)}&givenName=Sim` });
    expect(launch.statusCode).toBe(302);
    const location = new URL(launch.headers.location as string, 'http://portal.test');
    expect(location.pathname).toBe('/sso');
    expect(location.searchParams.get('applicationId')).toBe('test-open');
    const arrived = await ssoLogin('test-open', location.searchParams.get('token')!);
    expect(arrived.json.data).toMatchObject({ existingAccount: false, email: { id: email } });
  });

  it('cannot sign for a public-key application, and says so', async () => {
    const launch = await call(app, { url: '/dev/partner/launch?applicationId=test-ec&email=a%40b.example' });
    expect(launch.statusCode).toBe(400);
  });

  it('shows where a blocked user was sent back to', async () => {
    const page = await call(app, { url: '/dev/partner?returned=partner-hr' });
    expect(page.body).toContain('Back at Partner HR (password step): the portal sent you here.');
  });
});

describe('in production', () => {
  it('has no partner simulator', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await call(production, { url: '/dev/partner' })).statusCode).toBe(404);
      expect((await call(production, { url: '/dev/partner/launch?applicationId=partner-crm&email=a%40b.example' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
