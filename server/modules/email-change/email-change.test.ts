import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutes, seconds } from '../../clock';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { FakeClock, call, createTestApp, linkParams, loginAs, mailbox } from '../../test/test-app';
import { actionTokens } from '../auth/schema';
import { users } from '../users/schema';

const PASSWORD = 'Str0ng!Pass';
const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

let counter = 0;
/** A verified account of its own for each test, signed in (a fresh login is recent authentication). */
async function newUser(name = 'user') {
  const email = `${name}${++counter}@example.com`;
  await call(app, {
    url: '/v1/register',
    body: { firstName: 'Eve', lastName: 'Mover', email, password: PASSWORD },
  });
  const verify = await linkParams(app, email, '/email-verification');
  await call(app, { url: '/v1/verify-email', body: { token: verify.get('verificationToken') } });
  const { accessToken } = await loginAs(app, email, PASSWORD);
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, token: accessToken, id: row!.id };
}

const requestChange = (token: string, newEmail: string, endOtherSessions?: boolean) =>
  call(app, {
    url: '/v1/user/email-change',
    token,
    body: { newEmail, ...(endOtherSessions === undefined ? {} : { endOtherSessions }) },
  });
const confirm = (token: string | null) => call(app, { url: '/v1/email-change/confirm', body: { token } });
const undo = (token: string | null) => call(app, { url: '/v1/email-change/undo', body: { token } });
const confirmLink = async (to: string) => (await linkParams(app, to, '/email-change')).get('token');
const undoLink = async (to: string) => (await linkParams(app, to, '/email-change/undo')).get('token');
const signedIn = async (token: string) => (await call(app, { url: '/v1/user', token })).statusCode === 200;
const canLogin = async (email: string) =>
  (await call(app, { url: '/v1/login', body: { email, password: PASSWORD, captcha: 'test' } })).statusCode ===
  200;

async function events(userId: string, event: string) {
  return app.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, userId), eq(activityLogs.eventType, event)))
    .orderBy(desc(activityLogs.seq));
}

describe('changing the email address', () => {
  it('mails a link to the new address, changes it when opened, and tells the old address with an undo link', async () => {
    const user = await newUser();
    const newEmail = `moved${counter}@example.com`;
    const asked = await requestChange(user.token, newEmail.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json).toEqual({
      data: { newEmail },
      msg: 'We sent a link to the new address. Open it to finish the change',
    });
    // Nothing changes until the link is opened.
    expect(await canLogin(user.email)).toBe(true);

    const [mail] = await mailbox(app, newEmail);
    expect(mail!.subject).toBe('Confirm your new email address');
    expect(mail!.text).toContain('within 60 minutes');
    const token = await confirmLink(newEmail);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json).toEqual({ data: { email: newEmail }, msg: 'Your email address has been changed' });

    expect(await canLogin(newEmail)).toBe(true);
    expect(await canLogin(user.email)).toBe(false);
    // The session that asked was not asked to end the others: it goes on.
    expect(await signedIn(user.token)).toBe(true);

    const [notice] = await mailbox(app, user.email);
    expect(notice!.subject).toBe('The email address of your account was changed');
    expect(notice!.text).toContain(newEmail);
    expect(notice!.text).toContain('within 5 days');
    expect(await undoLink(user.email)).toEqual(expect.any(String));

    expect((await events(user.id, 'email-change.requested'))[0]?.details).toEqual({ newEmail });
    expect((await events(user.id, 'email-change.confirmed'))[0]?.details).toEqual({
      oldEmail: user.email,
      newEmail,
      otherSessionsEnded: false,
    });
  });

  it('stores only a hash of the link', async () => {
    const user = await newUser();
    await requestChange(user.token, `hashed${counter}@example.com`);
    const token = await confirmLink(`hashed${counter}@example.com`);
    const rows = await app.database.db
      .select({ tokenHash: actionTokens.tokenHash })
      .from(actionTokens)
      .where(and(eq(actionTokens.userId, user.id), eq(actionTokens.purpose, 'change-email')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('works once', async () => {
    const user = await newUser();
    await requestChange(user.token, `once${counter}@example.com`);
    const token = await confirmLink(`once${counter}@example.com`);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json).toMatchObject({ msg: 'Link is expired', code: 'LINK_EXPIRED' });
  });

  it('expires after 60 minutes', async () => {
    const user = await newUser();
    await requestChange(user.token, `late${counter}@example.com`);
    const token = await confirmLink(`late${counter}@example.com`);
    clock.advance(minutes(60) + seconds(1));
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json.code).toBe('LINK_EXPIRED');
    expect(await canLogin(user.email)).toBe(true);
  });

  it('makes exactly one change when the same link is opened several times at once', async () => {
    const user = await newUser();
    const newEmail = `parallel${counter}@example.com`;
    await requestChange(user.token, newEmail);
    const token = await confirmLink(newEmail);
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await events(user.id, 'email-change.confirmed')).toHaveLength(1);
    expect((await mailbox(app, user.email)).filter((m) => m.subject.includes('was changed'))).toHaveLength(1);
  });

  it('only the newest link works', async () => {
    const user = await newUser();
    await requestChange(user.token, `first${counter}@example.com`);
    const first = await confirmLink(`first${counter}@example.com`);
    await requestChange(user.token, `second${counter}@example.com`);
    // The new link is made with its mail, after the answer: once it is out, the first one no longer works.
    const second = await confirmLink(`second${counter}@example.com`);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('needs recent authentication', async () => {
    const user = await newUser();
    clock.advance(minutes(5) + seconds(1));
    const refused = await requestChange(user.token, `stale${counter}@example.com`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json.code).toBe('REAUTH_REQUIRED');
    expect(await mailbox(app, `stale${counter}@example.com`)).toEqual([]);
    const proven = await call(app, { url: '/v1/reauth', token: user.token, body: { password: PASSWORD } });
    expect(proven.statusCode).toBe(200);
    expect((await requestChange(user.token, `stale${counter}@example.com`)).statusCode).toBe(200);
  });

  it('refuses the current address and an invalid one, with messages', async () => {
    const user = await newUser();
    const same = await requestChange(user.token, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json).toMatchObject({ msg: 'This is already your email address', code: 'EMAIL_UNCHANGED' });
    const invalid = await requestChange(user.token, 'not an address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json.errors).toEqual([{ field: 'newEmail', msg: expect.any(String) }]);
    const anonymous = await call(app, { url: '/v1/user/email-change', body: { newEmail: 'x@example.com' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers a taken address like a free one, sends no link, and tells the address's owner without naming who asked", async () => {
    const owner = await newUser('owner');
    const asker = await newUser('asker');
    const free = await requestChange(asker.token, `free${counter}@example.com`);
    const taken = await requestChange(asker.token, owner.email);
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json).toEqual({ ...free.json, data: { newEmail: owner.email } });
    // The log of the asker reads the same for both.
    const requested = await events(asker.id, 'email-change.requested');
    expect(requested.map((e) => Object.keys(e.details ?? {}))).toEqual([['newEmail'], ['newEmail']]);

    const mails = await mailbox(app, owner.email);
    expect(mails.map((m) => m.subject)).toContain('Someone tried to use your email address');
    const notice = mails.find((m) => m.subject === 'Someone tried to use your email address')!;
    expect(notice.text).not.toContain(asker.email);
    expect(notice.text).not.toContain('Mover');
    expect(notice.links.some((link) => new URL(link).pathname.startsWith('/email-change'))).toBe(false);
    // A second try within the mail window mails the owner nothing more.
    await requestChange(asker.token, owner.email);
    expect((await mailbox(app, owner.email)).filter((m) => m.subject === notice.subject)).toHaveLength(1);
    expect(await canLogin(asker.email)).toBe(true);
  });

  it('refuses an address taken between the request and the link with its own message', async () => {
    const user = await newUser();
    const wanted = `race${counter}@example.com`;
    await requestChange(user.token, wanted);
    const token = await confirmLink(wanted);
    await call(app, {
      url: '/v1/register',
      body: { firstName: 'Ray', lastName: 'Ce', email: wanted, password: PASSWORD },
    });
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({
      msg: 'This address can no longer be used. Your email address was not changed',
      code: 'EMAIL_TAKEN',
    });
    expect(await canLogin(user.email)).toBe(true);
  });

  it('ends the other sessions when asked, keeping the one that asked', async () => {
    const user = await newUser();
    const elsewhere = await loginAs(app, user.email, PASSWORD);
    const newEmail = `alone${counter}@example.com`;
    await requestChange(user.token, newEmail, true);
    expect(await signedIn(elsewhere.accessToken)).toBe(true);
    await confirm(await confirmLink(newEmail));
    expect(await signedIn(elsewhere.accessToken)).toBe(false);
    expect(await signedIn(user.token)).toBe(true);
  });
});

describe('undoing an email change from the old address', () => {
  async function changed() {
    const user = await newUser('victim');
    const newEmail = `thief${counter}@example.com`;
    await requestChange(user.token, newEmail);
    await confirm(await confirmLink(newEmail));
    return { ...user, newEmail, undoToken: await undoLink(user.email) };
  }

  it('restores the old address and ends every session, once', async () => {
    const user = await changed();
    const thief = await loginAs(app, user.newEmail, PASSWORD);
    const undone = await undo(user.undoToken);
    expect(undone.statusCode).toBe(200);
    expect(undone.json).toEqual({
      data: { email: user.email },
      msg: 'Your previous email address is back and every session has been ended',
    });
    expect(await signedIn(user.token)).toBe(false);
    expect(await signedIn(thief.accessToken)).toBe(false);
    expect(await canLogin(user.email)).toBe(true);
    expect(await canLogin(user.newEmail)).toBe(false);
    expect((await undo(user.undoToken)).json.code).toBe('LINK_EXPIRED');
    expect((await events(user.id, 'email-change.undone'))[0]?.details).toEqual({
      email: user.email,
      fromEmail: user.newEmail,
    });
  });

  it('still works after a further change, which it also cancels', async () => {
    const user = await changed();
    const thief = await loginAs(app, user.newEmail, PASSWORD);
    const third = `third${counter}@example.com`;
    await requestChange(thief.accessToken, third);
    await confirm(await confirmLink(third));
    const pendingFourth = `fourth${counter}@example.com`;
    await requestChange(thief.accessToken, pendingFourth);
    const fourthLink = await confirmLink(pendingFourth);
    // The thief's own undo link (sent to the address they chose) must not move the account back to them.
    const thiefsUndo = await undoLink(user.newEmail);

    expect((await undo(user.undoToken)).statusCode).toBe(200);
    expect(await canLogin(user.email)).toBe(true);
    expect((await confirm(fourthLink)).statusCode).toBe(400);
    expect((await undo(thiefsUndo)).statusCode).toBe(400);
    expect(await canLogin(user.email)).toBe(true);
  });

  it('keeps the old address for the undo: no sign-up and no other account can take it meanwhile', async () => {
    const user = await changed();
    const signUp = await call(app, {
      url: '/v1/register',
      body: { firstName: 'Tom', lastName: 'Taker', email: user.email, password: PASSWORD },
    });
    expect(signUp.statusCode).toBe(200);
    expect(await canLogin(user.email)).toBe(false);
    const other = await newUser('other');
    expect((await requestChange(other.token, user.email)).statusCode).toBe(200);
    expect((await mailbox(app, user.email)).some((m) => m.subject === 'Confirm your new email address')).toBe(
      false,
    );

    expect((await undo(user.undoToken)).statusCode).toBe(200);
    expect(await canLogin(user.email)).toBe(true);
  });

  it('expires after 5 days', async () => {
    const user = await changed();
    clock.advance(minutes(5 * 24 * 60) + seconds(1));
    expect((await undo(user.undoToken)).json.code).toBe('LINK_EXPIRED');
    expect(await canLogin(user.newEmail)).toBe(true);
  });
});
