/**
 * Invitation mail limits (issue #33, finding 4): 30 resends had sent 31 mails to one address in 0.7 s, and a brand
 * new user's organisation had sent 581 invitations in 10 s. Now: MAIL_MAX_PER_EMAIL mails to one address and
 * MEMBER_LIMITS.invitationMailsPerWindow from one organisation per mail window, and at most
 * MEMBER_LIMITS.pendingInvitationsMax pending invitations, each holding under parallel requests.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_LIMITS } from '../../../contract/v1/constants';
import type { App } from '../../http/types';
import { newId } from '../../security/random';
import { organizationToken } from '../../security/suite/suite-app';
import { call, createTestApp, mailbox } from '../../test/test-app';
import { createOrganization } from '../organizations/organization-queries';
import { invitations } from '../organizations/schema';
import { users } from '../users/schema';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A new business organisation owned by `email`, and the owner's token inside it. */
async function newOrganization(email: string): Promise<{ id: string; token: string }> {
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const id = await createOrganization(db, {
    name: `Limits ${newId().slice(0, 8)}`,
    accountType: 'business',
    ownerId: owner.id,
    now: app.services.clock.now(),
  });
  return { id, token: await organizationToken(app, email, id) };
}

const invite = (token: string, email: string) =>
  call(app, { url: '/v1/organization/member', token, body: { email, role: 'member' } });

describe('invitation mails', () => {
  it('reach one address at most MAIL_MAX_PER_EMAIL times in the window, however many resends arrive at once', async () => {
    const { token } = await newOrganization('alice@example.com');
    const to = 'resent.often@example.com';
    const invited = await invite(token, to);
    expect(invited.statusCode, invited.body).toBe(200);
    const invitationId = invited.json.data.id as string;

    const resends = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app, { url: '/v1/organization/member/resend-email', token, body: { invitationId } }),
      ),
    );
    const limit = app.services.config.mailThrottle.maxPerEmail;
    expect(resends.filter((r) => r.statusCode === 200)).toHaveLength(limit - 1);
    const refused = resends.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10 - (limit - 1));
    expect(refused[0].json).toMatchObject({ code: 'MAIL_THROTTLED', msg: 'Too many requests. Please try again later' });
    await app.services.mailer.idle();
    expect(await mailbox(app, to)).toHaveLength(limit);
  });

  it('leave one organisation at most invitationMailsPerWindow times in the window', async () => {
    const { token } = await newOrganization('bob@example.com');
    const max = MEMBER_LIMITS.invitationMailsPerWindow;
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, (_, index) => invite(token, `wave.${index}@example.com`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(max);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });
});

describe('pending invitations', () => {
  it('are refused past pendingInvitationsMax, with the number, and nothing is stored', async () => {
    const { id, token } = await newOrganization('carol@example.com');
    const db = app.database.db;
    const now = app.services.clock.now();
    const max = MEMBER_LIMITS.pendingInvitationsMax;
    await db.insert(invitations).values(
      Array.from({ length: max }, (_, index) => ({
        id: newId(),
        organizationId: id,
        email: `waiting.${index}@example.com`,
        role: 'member',
        status: 'pending' as const,
        expiresAt: new Date(now.getTime() + 86_400_000),
        createdAt: now,
      })),
    );
    const refused = await invite(token, 'one.more@example.com');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'TOO_MANY_PENDING_INVITATIONS',
      msg: `This organisation already has ${max} pending invitations. Revoke some, or wait for them to be accepted, before inviting more`,
    });
    const stored = await db.select().from(invitations).where(eq(invitations.organizationId, id));
    expect(stored).toHaveLength(max);
  });
});
