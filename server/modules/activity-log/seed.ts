import { activityLogs } from '../../db/schema';
import { newId } from '../../security/random';
import type { DemoSeed } from '../../seed/demo-seed';
import { demoUserIds } from '../users/seed';

const DAY_MS = 24 * 3600_000;
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

/**
 * Days ago → sign-ins that let Demo User in, and refused attempts (wrong passwords) that day: a working month
 * with quiet weekends and three days someone tried the password (docs/charts.md, "Demo data").
 */
const DEMO_SIGN_INS: Readonly<Record<number, { succeeded: number; failed: number }>> = {
  1: { succeeded: 2, failed: 0 },
  2: { succeeded: 1, failed: 0 },
  3: { succeeded: 3, failed: 1 },
  4: { succeeded: 1, failed: 0 },
  7: { succeeded: 2, failed: 0 },
  8: { succeeded: 1, failed: 0 },
  9: { succeeded: 2, failed: 4 },
  10: { succeeded: 1, failed: 0 },
  11: { succeeded: 2, failed: 0 },
  14: { succeeded: 1, failed: 0 },
  15: { succeeded: 3, failed: 0 },
  16: { succeeded: 2, failed: 0 },
  17: { succeeded: 1, failed: 0 },
  18: { succeeded: 2, failed: 0 },
  21: { succeeded: 1, failed: 0 },
  22: { succeeded: 2, failed: 2 },
  23: { succeeded: 1, failed: 0 },
  24: { succeeded: 2, failed: 0 },
  25: { succeeded: 1, failed: 0 },
  28: { succeeded: 2, failed: 0 },
  29: { succeeded: 1, failed: 0 },
};

/**
 * Demo User's own sign-ins of the last weeks, so the chart above the user's log has something to show. They name
 * no organisation (a sign-in does not), so no organisation's log changes.
 */
export const activityLogSeed: DemoSeed = {
  async run({ db, now }) {
    const userId = (await demoUserIds(db)).demo;
    const rows: (typeof activityLogs.$inferInsert)[] = [];
    for (const [ago, { succeeded, failed }] of Object.entries(DEMO_SIGN_INS)) {
      // That day at the seed's time of day, one attempt a few minutes after the other.
      const start = now.getTime() - Number(ago) * DAY_MS;
      let minute = 0;
      const at = () => new Date(start + (minute += 7) * 60_000);
      for (let i = 0; i < failed; i += 1)
        rows.push({
          id: newId(),
          eventType: 'login.failure',
          userId,
          email: 'demo@example.com',
          ip: '198.51.100.77',
          userAgent: LAPTOP,
          details: { reason: 'password' },
          createdAt: at(),
        });
      for (let i = 0; i < succeeded; i += 1)
        rows.push({
          id: newId(),
          eventType: 'login.success',
          userId,
          email: 'demo@example.com',
          ip: i % 2 === 0 ? '192.0.2.10' : '192.0.2.44',
          userAgent: i % 2 === 0 ? LAPTOP : PHONE,
          createdAt: at(),
        });
    }
    await db.insert(activityLogs).values(rows);
  },
};
