/**
 * A personal account has no members (issue #33, finding 6): its owner could invite anyone, and the invitee entered
 * with every permission over the account's bills, cards and IP list.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { newId } from '../../security/random';
import { organizationToken } from '../../security/suite/suite-app';
import { call, createTestApp } from '../../test/test-app';
import { invitations, memberships, organizations } from '../organizations/schema';
import { users } from '../users/schema';

let app: App;
let personalId: string;
let ownerToken: string;
beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
  const [personal] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.ownerId, owner.id), eq(organizations.accountType, 'personal')));
  personalId = personal.id;
  ownerToken = await organizationToken(app, 'demo@example.com', personalId);
});
afterAll(() => app.close());

const invitationsOf = (organizationId: string) =>
  app.database.db.select().from(invitations).where(eq(invitations.organizationId, organizationId));

describe('a personal account', () => {
  it('refuses to invite anyone, and stores no invitation', async () => {
    const response = await call(app, {
      url: '/v1/organization/member',
      token: ownerToken,
      body: { email: 'someone@example.com', role: 'member' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json).toMatchObject({
      code: 'BUSINESS_ONLY',
      msg: 'Only a business organisation has members, roles and owners to change',
    });
    expect(await invitationsOf(personalId)).toEqual([]);
  });

  it('lets nobody in through an invitation made before invitations were refused', async () => {
    const db = app.database.db;
    const id = newId();
    const now = app.services.clock.now();
    await db.insert(invitations).values({
      id,
      organizationId: personalId,
      email: 'alice@example.com',
      role: 'member',
      status: 'pending',
      expiresAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
    });
    const response = await call(app, { url: '/v1/organization/invite', body: { orgId: personalId, invitationId: id } });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json).toMatchObject({ code: 'INVITATION_INVALID' });
    const members = await db.select().from(memberships).where(eq(memberships.organizationId, personalId));
    expect(members.map((member) => member.role)).toEqual(['owner']);
  });
});
