import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { scheduledJobLocks } from './schema';

/**
 * Claims of scheduled runs, in the database so that instances sharing it agree (docs/access-control.md, Scheduled
 * jobs). A run is claimed by one conditional UPDATE of the job's row: PostgreSQL makes a second UPDATE of the same
 * row wait for the first and re-check its condition, so of several instances firing together exactly one wins.
 * A plain row rather than an advisory lock: it works the same on PGlite, needs no dedicated connection held for
 * the job's duration, and lapses by itself (`lockedUntil`) when its holder dies mid-run.
 */
export class JobLock {
  constructor(private readonly db: Db) {}

  /**
   * Claims `slot` (the time the run was scheduled for) for `holder`: refused while another holder's lease runs, and
   * for a slot within `minGapMs` of the last claimed one (another instance's timer fired for the same run).
   */
  async claim(
    name: string,
    slot: Date,
    holder: string,
    now: Date,
    leaseMs: number,
    minGapMs: number,
  ): Promise<boolean> {
    await this.db.insert(scheduledJobLocks).values({ name }).onConflictDoNothing();
    const latestAllowed = new Date(slot.getTime() - minGapMs);
    const claimed = await this.db
      .update(scheduledJobLocks)
      .set({ slot, lockedBy: holder, lockedUntil: new Date(now.getTime() + leaseMs) })
      .where(
        and(
          eq(scheduledJobLocks.name, name),
          or(isNull(scheduledJobLocks.slot), lte(scheduledJobLocks.slot, latestAllowed)),
          or(isNull(scheduledJobLocks.lockedUntil), lte(scheduledJobLocks.lockedUntil, now)),
        ),
      )
      .returning({ name: scheduledJobLocks.name });
    return claimed.length === 1;
  }

  /** Ends the holder's lease and records when the run finished. */
  async release(name: string, holder: string, now: Date): Promise<void> {
    await this.db
      .update(scheduledJobLocks)
      .set({ lockedUntil: null, finishedAt: now })
      .where(and(eq(scheduledJobLocks.name, name), eq(scheduledJobLocks.lockedBy, holder)));
  }

  /** When the job last finished (any instance), or null. */
  async lastFinished(name: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ finishedAt: scheduledJobLocks.finishedAt })
      .from(scheduledJobLocks)
      .where(eq(scheduledJobLocks.name, name));
    return row?.finishedAt ?? null;
  }
}
