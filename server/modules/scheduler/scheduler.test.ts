import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { newId } from '../../security/random';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, createTwinApp, FakeClock, loginAs, mailbox } from '../../test/test-app';
import { JobLock } from './job-lock';
import { JOB_NAMES, membersDigestJob, retentionJob } from './jobs';
import { Scheduler, type ScheduledJob } from './scheduler';
import { organizationJobSettings, scheduledJobLocks } from './schema';

const DAY_MS = 24 * 3600_000;
const clock = new FakeClock(Date.UTC(2030, 0, 15, 9, 0, 0));
const quiet = { error: () => undefined };
let app: App;
let twin: App;

beforeAll(async () => {
  app = await createTestApp({ clock });
  twin = await createTwinApp(app, { clock });
});
afterAll(async () => {
  await twin.close();
  await app.close();
});

async function enterAcme(email: string): Promise<string> {
  const login = await loginAs(app, email);
  const access = await call(app, {
    url: '/v1/organization/access',
    token: login.accessToken,
    body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
  });
  expect(access.statusCode, access.body).toBe(200);
  return access.json.data.accessToken;
}

/** The scheduler of one app instance, with the module's real jobs. */
const schedulerOf = (instance: App, jobs?: ScheduledJob[]) =>
  new Scheduler(
    instance.database.db,
    clock,
    jobs ?? [retentionJob(instance.services), membersDigestJob(instance.services, quiet)],
    quiet,
  );

describe('GET/PATCH /v1/cron/config', () => {
  it('answers the defaults, saves a change, records before and after', async () => {
    const owner = await enterAcme('demo@example.com');
    const initial = await call(app, { url: '/v1/cron/config', token: owner });
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json.data).toEqual({
      activityLogRetentionDays: 365,
      membersDigest: false,
      lastRetentionRunAt: null,
      lastDigestRunAt: null,
    });

    const saved = await call(app, {
      method: 'PATCH',
      url: '/v1/cron/config',
      token: owner,
      body: { activityLogRetentionDays: 30 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json).toMatchObject({
      msg: 'Scheduled jobs saved',
      data: { activityLogRetentionDays: 30, membersDigest: false },
    });
    const digest = await call(app, {
      method: 'PATCH',
      url: '/v1/cron/config',
      token: owner,
      body: { membersDigest: true },
    });
    expect(digest.json.data).toMatchObject({ activityLogRetentionDays: 30, membersDigest: true });

    const audits = await app.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'cron-config.updated'))
      .orderBy(activityLogs.seq);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ organizationId: DEMO_IDS.acme });
    expect(audits[0].details).toEqual({
      before: { activityLogRetentionDays: 365, membersDigest: false },
      after: { activityLogRetentionDays: 30, membersDigest: false },
    });
  });

  it('refuses bad values with a message, never 500, and stores nothing', async () => {
    const owner = await enterAcme('demo@example.com');
    for (const body of [
      { activityLogRetentionDays: 0 },
      { activityLogRetentionDays: 3651 },
      { activityLogRetentionDays: 'x' },
      { activityLogRetentionDays: 1.5 },
    ]) {
      const answer = await call(app, { method: 'PATCH', url: '/v1/cron/config', token: owner, body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors).toContainEqual({
        field: 'activityLogRetentionDays',
        msg: 'Retention must be a whole number of days from 1 to 3650',
      });
    }
    const digest = await call(app, {
      method: 'PATCH',
      url: '/v1/cron/config',
      token: owner,
      body: { membersDigest: 'maybe' },
    });
    expect(digest.statusCode).toBe(400);
    const unknown = await call(app, {
      method: 'PATCH',
      url: '/v1/cron/config',
      token: owner,
      body: { organizationId: DEMO_IDS.globex },
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await call(app, { url: '/v1/cron/config', token: owner })).json.data.activityLogRetentionDays,
    ).toBe(30);
  });

  it('needs settings.manage, and each organisation has its own settings (IDOR)', async () => {
    const member = await enterAcme('bob@example.com');
    expect((await call(app, { url: '/v1/cron/config', token: member })).statusCode).toBe(403);
    const change = await call(app, {
      method: 'PATCH',
      url: '/v1/cron/config',
      token: member,
      body: { membersDigest: false },
    });
    expect(change.statusCode).toBe(403);
    const globex = await app.database.db
      .select()
      .from(organizationJobSettings)
      .where(eq(organizationJobSettings.organizationId, DEMO_IDS.globex));
    expect(globex).toEqual([]);
  });
});

describe('the activity-log retention job', () => {
  it("deletes each organisation's entries older than its retention (365 days by default) and keeps the rest", async () => {
    const db = app.database.db;
    const now = clock.now().getTime();
    const entry = (organizationId: string | null, daysAgo: number) => ({
      id: newId(),
      eventType: 'test.retention',
      organizationId,
      createdAt: new Date(now - daysAgo * DAY_MS),
    });
    await db.insert(activityLogs).values([
      entry(DEMO_IDS.acme, 31), // Acme keeps 30 days (set above)
      entry(DEMO_IDS.acme, 29),
      entry(DEMO_IDS.globex, 366), // Globex has no settings: 365 days
      entry(DEMO_IDS.globex, 364),
      entry(null, 4000), // not an organisation's entry
    ]);
    expect(await schedulerOf(app).fire(JOB_NAMES.retention)).toBe(true);

    const left = await db.select().from(activityLogs).where(eq(activityLogs.eventType, 'test.retention'));
    const ages = left.map((row) => [
      row.organizationId,
      Math.round((now - row.createdAt.getTime()) / DAY_MS),
    ]);
    expect(ages.sort()).toEqual(
      [
        [DEMO_IDS.acme, 29],
        [DEMO_IDS.globex, 364],
        [null, 4000],
      ].sort(),
    );
    const applied = await db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'activity-log.retention-applied'));
    expect(applied.map((row) => [row.organizationId, row.details]).sort()).toEqual(
      [
        [DEMO_IDS.acme, { deleted: 1, retentionDays: 30 }],
        [DEMO_IDS.globex, { deleted: 1, retentionDays: 365 }],
      ].sort(),
    );

    const owner = await enterAcme('demo@example.com');
    const config = await call(app, { url: '/v1/cron/config', token: owner });
    expect(config.json.data.lastRetentionRunAt).toBe(clock.now().toISOString());
  });
});

describe('the weekly members digest job', () => {
  it("mails Acme's owners and admins a summary (the digest is on), and nobody else", async () => {
    clock.advance(DAY_MS);
    await call(app, { method: 'DELETE', url: '/dev/mailbox/messages' });
    expect(await schedulerOf(app).fire(JOB_NAMES.digest)).toBe(true);
    await app.services.mailer.idle();
    const [toOwner] = await mailbox(app, 'demo@example.com');
    expect(toOwner.subject).toBe('Weekly members summary for Acme Pty Ltd');
    // Acme: five members, one pending invitation (new@example.com), the expired one expired 4 days before this run.
    expect(toOwner.text).toContain('Acme Pty Ltd has 5 members and 1 pending invitations.');
    expect(toOwner.text).toContain('Invitations that expired without an answer: 1.');
    expect(toOwner.links.some((href) => href.endsWith('/organisation/users'))).toBe(true);
    expect(await mailbox(app, 'alice@example.com')).toHaveLength(1);
    expect(await mailbox(app, 'bob@example.com')).toHaveLength(0);
    // Globex did not turn the digest on.
    expect(await mailbox(app, 'carol@example.com')).toHaveLength(0);
  });
});

describe('one run per schedule across instances sharing the database', () => {
  it('of two instances firing the same run at once, exactly one runs it', async () => {
    clock.advance(DAY_MS);
    let runs = 0;
    const job = (): ScheduledJob => ({
      name: 'test-count',
      pattern: '0 * * * *',
      leaseMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const first = schedulerOf(app, [job()]);
    const second = schedulerOf(twin, [job()]);
    const at = clock.now();
    const results = await Promise.all([
      first.fire('test-count', at),
      second.fire('test-count', at),
      first.fire('test-count', at),
      second.fire('test-count', at),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // The same run seen late by an instance (its timer fired seconds later) is not run again…
    expect(await second.fire('test-count', new Date(at.getTime() + 5_000))).toBe(false);
    // …the next one is, by whichever instance comes first.
    expect(await second.fire('test-count', new Date(at.getTime() + 3600_000))).toBe(true);
    expect(runs).toBe(2);
  });

  it('takes a job over from an instance that died holding it, once its lease ran out', async () => {
    const lock = new JobLock(app.database.db);
    const slot = clock.now();
    expect(await lock.claim('test-crash', slot, 'dead-instance', clock.now(), 10 * 60_000, 30 * 60_000)).toBe(
      true,
    );
    // Never released. The next run an hour later: the lease (10 minutes) has long run out.
    const later = new Date(slot.getTime() + 3600_000);
    expect(await lock.claim('test-crash', later, 'live-instance', later, 10 * 60_000, 30 * 60_000)).toBe(
      true,
    );
    // A run while the live instance still holds it is refused.
    const during = new Date(later.getTime() + 5 * 60_000);
    expect(
      await lock.claim(
        'test-crash',
        new Date(later.getTime() + 3600_000),
        'other',
        during,
        10 * 60_000,
        30 * 60_000,
      ),
    ).toBe(false);
    const [row] = await app.database.db
      .select()
      .from(scheduledJobLocks)
      .where(eq(scheduledJobLocks.name, 'test-crash'));
    expect(row.lockedBy).toBe('live-instance');
  });

  it('runs on croner timers: two started instances run a due job once', async () => {
    let runs = 0;
    const everySecond = (): ScheduledJob => ({
      name: 'test-timer',
      pattern: '* * * * * *',
      leaseMs: 60_000,
      run: async () => void (runs += 1),
    });
    const first = new Scheduler(app.database.db, systemClock, [everySecond()], quiet);
    const second = new Scheduler(twin.database.db, systemClock, [everySecond()], quiet);
    first.start();
    second.start();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await Promise.all([first.stop(), second.stop()]);
    // Fired about five times across both instances within one minute: one run.
    expect(runs).toBe(1);
  });
});
