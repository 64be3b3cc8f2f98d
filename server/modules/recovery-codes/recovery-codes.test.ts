import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutes, seconds } from '../../clock';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { FakeClock, call, createTestApp, createTwinApp, mailbox } from '../../test/test-app';
import { users } from '../users/schema';
import { recoveryCodes } from './schema';

/**
 * Recovery codes (issue #36 item 2, docs/recovery-codes.md): ten single-use codes, made after recent
 * authentication, kept as keyed hashes, accepted once as the second step of a password login, counted against the
 * second step's guess budget; each use is mailed and logged. Runs on PostgreSQL too (DATABASE_URL).
 */
const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const CODE_SHAPE = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

async function userId(email: string): Promise<string> {
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A login of that account made just now: recent authentication, whatever its second factor. */
async function tokenOf(email: string): Promise<string> {
  return (await app.services.sessions.startLogin(await userId(email))).accessToken;
}

const status = (token: string) => call(app, { url: '/v1/recovery-codes', token });
const generate = (token: string) => call(app, { url: '/v1/recovery-codes', method: 'POST', token });

/** A password login of an account with 2FA: its tokenId and the methods it offers. */
async function passwordStep(email: string, on = app) {
  const { json } = await call(on, { url: '/v1/login', body: { email, password: DEMO_PASSWORD } });
  expect(json.data.tokenId).toEqual(expect.any(String));
  return json.data as { tokenId: string; twoFactorConfigInfo: Record<string, { show: boolean }> };
}
const submitCode = (tokenId: string, code: string, on = app) =>
  call(on, { url: '/v1/two-factor/recovery-code', body: { tokenId, code } });

async function events(email: string, event: string) {
  return app.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, await userId(email)), eq(activityLogs.eventType, event)))
    .orderBy(desc(activityLogs.seq));
}

async function notices(email: string, text: string) {
  await app.services.mailer.idle();
  return (await mailbox(app, email)).filter(
    (m) => m.subject === 'Security notice for your account' && m.text.includes(text),
  );
}

describe('making a set', () => {
  it('is refused while the account has no second factor: nothing for the codes to stand in for', async () => {
    const token = await tokenOf('alice@example.com');
    expect((await status(token)).json.data).toEqual({
      total: 0,
      remaining: 0,
      createdAt: null,
      secondFactor: false,
    });
    const refused = await generate(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toEqual({
      msg: 'Turn on two-factor authentication or add a passkey before making recovery codes',
      code: 'RECOVERY_CODES_UNAVAILABLE',
    });
  });

  it('makes ten distinct codes, shown once, stored only as keyed hashes; mailed and in the activity log', async () => {
    const token = await tokenOf('email2fa@example.com');
    expect((await status(token)).json.data).toMatchObject({ total: 0, secondFactor: true });
    const made = await generate(token);
    expect(made.statusCode).toBe(200);
    const { codes, status: after } = made.json.data as { codes: string[]; status: unknown };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    expect(after).toEqual({
      total: 10,
      remaining: 10,
      createdAt: clock.now().toISOString(),
      secondFactor: true,
    });
    expect((await status(token)).json.data).toEqual(after);

    const rows = await app.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, await userId('email2fa@example.com')));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect((await events('email2fa@example.com', 'recovery-codes.generated'))[0]?.details).toEqual({
      count: 10,
      replaced: false,
    });
    expect(await notices('email2fa@example.com', 'New recovery codes were made')).toHaveLength(1);
  });

  it('needs recent authentication: an older login answers 403 REAUTH_REQUIRED and the set stays', async () => {
    const token = await tokenOf('email2fa@example.com');
    const before = await app.database.db.select().from(recoveryCodes);
    clock.advance(minutes(5) + seconds(1));
    const refused = await generate(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('REAUTH_REQUIRED');
    expect(await app.database.db.select().from(recoveryCodes)).toEqual(before);
  });

  it('a passkey is a second factor too', async () => {
    const token = await tokenOf('bob@example.com');
    expect((await status(token)).json.data.secondFactor).toBe(false);
    await app.database.db.insert((await import('../passkeys/schema')).passkeys).values({
      id: 'bob-passkey',
      userId: await userId('bob@example.com'),
      credentialId: 'bob-credential',
      publicKey: 'AA',
      deviceType: 'singleDevice',
      name: 'Laptop',
      createdAt: clock.now(),
    });
    expect((await status(token)).json.data.secondFactor).toBe(true);
    expect((await generate(token)).statusCode).toBe(200);
  });
});

describe('a recovery code as the second step of a password login', () => {
  let codes: string[];
  beforeAll(async () => {
    codes = (await generate(await tokenOf('sms2fa@example.com'))).json.data.codes;
  });

  it('is offered once the account has codes left', async () => {
    expect((await passwordStep('sms2fa@example.com')).twoFactorConfigInfo.recoveryCode).toEqual({
      show: true,
      label: 'Recovery code',
    });
    expect((await passwordStep('totp@example.com')).twoFactorConfigInfo.recoveryCode).toEqual({
      show: false,
      label: 'Recovery code',
    });
  });

  it('signs in once, typed in capitals with spaces; mailed with what is left, and in the activity log', async () => {
    const { tokenId } = await passwordStep('sms2fa@example.com');
    const typed = ` ${codes[0]!.toUpperCase().replace('-', ' ')} `;
    const used = await submitCode(tokenId, typed);
    expect(used.statusCode).toBe(200);
    expect(used.json.data).toMatchObject({
      twoFactorEnabled: true,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const token = used.json.data.accessToken as string;
    expect((await status(token)).json.data).toMatchObject({ total: 10, remaining: 9 });
    expect((await events('sms2fa@example.com', 'recovery-codes.used'))[0]?.details).toEqual({ remaining: 9 });
    expect((await events('sms2fa@example.com', 'login.success'))[0]?.details).toEqual({
      secondFactor: 'recovery-code',
    });
    expect(await notices('sms2fa@example.com', 'Recovery codes left: 9')).toHaveLength(1);

    const log = await call(app, { url: '/v1/activity-logs?type=user', token });
    const descriptions = log.json.data.items.map((row: { description: string }) => row.description);
    expect(descriptions).toContain('Recovery code used (codes left: 9)');
    expect(descriptions).toContain('Signed in with a password and a recovery code');

    // The same code on the next login: refused.
    const again = await submitCode((await passwordStep('sms2fa@example.com')).tokenId, codes[0]!);
    expect(again.statusCode).toBe(400);
    expect(again.json).toEqual({
      msg: 'This recovery code is not valid or was already used',
      code: 'RECOVERY_CODE_INVALID',
    });
  });

  it('10 parallel submissions of one code on 10 logins, on two instances: exactly one signs in', async () => {
    const twin = await createTwinApp(app, { clock });
    try {
      const logins = await Promise.all(
        Array.from({ length: 10 }, (_, i) => passwordStep('sms2fa@example.com', i % 2 ? twin : app)),
      );
      const answers = await Promise.all(
        logins.map(({ tokenId }, i) => submitCode(tokenId, codes[1]!, i % 2 ? twin : app)),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      // The others are refused: a used code, or the guess budget spent by the refusals.
      for (const answer of answers.filter((a) => a.statusCode !== 200))
        expect(['RECOVERY_CODE_INVALID', 'SECOND_FACTOR_LOCKED']).toContain(answer.json.code);
    } finally {
      await twin.close();
    }
  });

  it('consuming one code 10 times at once: one use only, whatever the guess budget', async () => {
    const owner = await userId('sms2fa@example.com');
    const uses = await Promise.all(
      Array.from({ length: 10 }, () => app.services.recoveryCodes.consume(owner, codes[2]!)),
    );
    expect(uses.filter((id) => id !== null)).toHaveLength(1);
  });

  it('a new set: the old codes stop working, the new ones sign in', async () => {
    clock.advance(minutes(20));
    const fresh = (await generate(await tokenOf('sms2fa@example.com'))).json.data.codes as string[];
    expect(fresh).not.toContain(codes[3]);
    expect((await submitCode((await passwordStep('sms2fa@example.com')).tokenId, codes[3]!)).json.code).toBe(
      'RECOVERY_CODE_INVALID',
    );
    expect((await submitCode((await passwordStep('sms2fa@example.com')).tokenId, fresh[0]!)).statusCode).toBe(
      200,
    );
    expect((await events('sms2fa@example.com', 'recovery-codes.generated'))[0]?.details).toEqual({
      count: 10,
      replaced: true,
    });
  });
});

describe('guesses', () => {
  it('count against the account second step budget: the fifth wrong code locks it, the right one then too', async () => {
    const codes = (await generate(await tokenOf('totp@example.com'))).json.data.codes as string[];
    const { tokenId } = await passwordStep('totp@example.com');
    for (let i = 0; i < 4; i++) expect((await submitCode(tokenId, 'aaaaa-aaaaa')).statusCode).toBe(400);
    const fifth = await submitCode(tokenId, 'aaaaa-aaaaa');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json.code).toBe('SECOND_FACTOR_LOCKED');
    expect((await submitCode(tokenId, codes[0]!)).statusCode).toBe(429);
    expect(await events('totp@example.com', 'two-factor.failure')).toHaveLength(5);
    expect((await events('totp@example.com', 'two-factor.failure'))[4]?.details).toEqual({
      type: 'recovery-code',
    });
  });

  it('malformed input is a 400 with a message, never a 500', async () => {
    const { tokenId } = await passwordStep('email2fa@example.com');
    const bad = await submitCode(tokenId, 'drop table;');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.msg).toBe('A recovery code has 10 letters and digits, like k7m2p-x9qdw');
    expect((await submitCode(tokenId, '')).statusCode).toBe(400);
    expect((await submitCode('no-such-login', 'aaaaa-aaaaa')).json.code).toBe('CHALLENGE_EXPIRED');
  });
});
