import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, createTwinApp } from '../../test/test-app';
import { api, enter } from '../organization-acl/test-helpers';
import { memberships } from '../organizations/schema';
import { findUserByEmail } from '../users/user-queries';

/**
 * #33 finding 5: two admins demoting or removing each other at the same moment, through two instances on one
 * PostgreSQL database (each its own connection pool, so the two changes really run at once). At most one may win:
 * the second must find that its caller is no longer an admin. PGlite runs one statement at a time, so only
 * PostgreSQL shows the race (`npm run test:postgres`).
 */
if (!process.env.DATABASE_URL) {
  throw new Error('concurrent-changes.postgres.test.ts needs PostgreSQL: run it with npm run test:postgres');
}

let a: App;
let b: App;
let alice: { id: string; token: string };
let bob: { id: string; token: string };

const roleOf = async (userId: string) =>
  (
    await a.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, DEMO_IDS.acme), eq(memberships.userId, userId)))
  )[0]?.role ?? null;

/** Both are admins of Acme again, each with a fresh organisation token. */
async function twoAdmins(): Promise<void> {
  const db = a.database.db;
  for (const email of ['alice@example.com', 'bob@example.com']) {
    const userId = (await findUserByEmail(db, email))!.id;
    await db
      .insert(memberships)
      .values({ organizationId: DEMO_IDS.acme, userId, role: 'admin', createdAt: new Date() })
      .onConflictDoUpdate({
        target: [memberships.organizationId, memberships.userId],
        set: { role: 'admin' },
      });
  }
  alice = {
    id: (await findUserByEmail(db, 'alice@example.com'))!.id,
    token: await enter(a, 'alice@example.com', DEMO_IDS.acme),
  };
  bob = {
    id: (await findUserByEmail(db, 'bob@example.com'))!.id,
    token: await enter(b, 'bob@example.com', DEMO_IDS.acme),
  };
}

beforeAll(async () => {
  a = await createTestApp();
  b = await createTwinApp(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('two admins changing each other at once', () => {
  it('never both demote each other', async () => {
    for (let trial = 0; trial < 5; trial++) {
      await twoAdmins();
      const [first, second] = await Promise.all([
        api(a, alice.token).patch('/v1/organization/member', { id: bob.id, role: 'member' }),
        api(b, bob.token).patch('/v1/organization/member', { id: alice.id, role: 'member' }),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBe(403);
      expect([await roleOf(alice.id), await roleOf(bob.id)].sort()).toEqual(['admin', 'member']);
    }
  });

  it('never both remove each other', async () => {
    for (let trial = 0; trial < 5; trial++) {
      await twoAdmins();
      const [first, second] = await Promise.all([
        call(a, { method: 'DELETE', url: `/v1/organization/member/${bob.id}/remove`, token: alice.token }),
        call(b, { method: 'DELETE', url: `/v1/organization/member/${alice.id}/remove`, token: bob.token }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 403]);
      expect([await roleOf(alice.id), await roleOf(bob.id)].filter(Boolean)).toEqual(['admin']);
    }
  });
});
