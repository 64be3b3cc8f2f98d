import { and, count, eq, gt, gte, lt, sql, type WithSubquery } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { throttleCounters, throttleEvents } from '../db/schema';
import { newId } from './random';

/** A slot taken by {@link Throttle.take}: give it back when the attempt turned out not to count (a right password). */
export interface ThrottleSlot {
  bucket: string;
  key: string;
  /** The count including this slot: equal to the limit for the last slot of the window. */
  count: number;
  /** Identifies the window the slot belongs to, so a slot given back late cannot free one of the next window. */
  windowEndsAt: Date;
}

export type TakeResult = { ok: true; slot: ThrottleSlot } | { ok: false; retryAfterSeconds: number };

export interface Limit {
  limit: number;
  windowMs: number;
}

const CLEANUP_AFTER_MS = 24 * 3600_000;

/**
 * Attempt limits in the database, so every API instance on one PostgreSQL sees the same numbers (server/README.md,
 * Security). Keys are normalised by the caller (lower-cased email, IP, user id).
 *
 * {@link take} is the check and the count in one statement: a slot is reserved before the expensive or guessable
 * work (a password hash, a code comparison) and kept if the attempt fails, so N parallel requests never check more
 * than the limit (a read-then-write pair let 50 parallel logins check 11-12 passwords against a limit of 10).
 * A window opens at the first slot taken and lasts `windowMs`; when it has passed, the next take opens a new one.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes one of `limit` slots of the current window, or answers how long until the window ends. One
   * `INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`: PostgreSQL locks the counter row for the update and
   * evaluates the condition on its latest version, so concurrent takes on any instance are counted one by one.
   */
  async take(bucket: string, key: string, { limit, windowMs }: Limit): Promise<TakeResult> {
    const now = this.clock.now();
    const windowEndsAt = new Date(now.getTime() + windowMs);
    const expired = sql`${throttleCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(throttleCounters)
      .values({ bucket, key, count: 1, windowEndsAt })
      .onConflictDoUpdate({
        target: [throttleCounters.bucket, throttleCounters.key],
        set: {
          count: sql`case when ${expired} then 1 else ${throttleCounters.count} + 1 end`,
          windowEndsAt: sql`case when ${expired} then ${windowEndsAt.toISOString()}::timestamptz else ${throttleCounters.windowEndsAt} end`,
        },
        setWhere: sql`${expired} or ${throttleCounters.count} < ${limit}`,
      })
      .returning({ count: throttleCounters.count, windowEndsAt: throttleCounters.windowEndsAt });
    if (Math.random() < 0.01) await this.cleanUp(now);
    if (row) return { ok: true, slot: { bucket, key, count: row.count, windowEndsAt: row.windowEndsAt } };
    return { ok: false, retryAfterSeconds: await this.retryAfter(bucket, key) };
  }

  /** Seconds until the window of a full bucket ends (at least 1), or 0 when a take would succeed. */
  async exhausted(bucket: string, key: string, { limit }: Pick<Limit, 'limit'>): Promise<number> {
    const now = this.clock.now();
    const [row] = await this.db
      .select({ count: throttleCounters.count, windowEndsAt: throttleCounters.windowEndsAt })
      .from(throttleCounters)
      .where(
        and(
          eq(throttleCounters.bucket, bucket),
          eq(throttleCounters.key, key),
          gt(throttleCounters.windowEndsAt, now),
        ),
      );
    if (!row || row.count < limit) return 0;
    return Math.max(1, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000));
  }

  /**
   * Takes a slot of each budget in turn (an address's and its sender's, say), or none: when one refuses, the slots
   * already taken are given back, since the request they were for never happens.
   */
  async takeAll(
    budgets: { bucket: string; key: string; limit: Limit }[],
  ): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const taken: ThrottleSlot[] = [];
    for (const { bucket, key, limit } of budgets) {
      const result = await this.take(bucket, key, limit);
      if (!result.ok) {
        for (const slot of taken) await this.giveBack(slot);
        return result;
      }
      taken.push(result.slot);
    }
    return { ok: true };
  }

  /** Gives a slot back: the attempt it reserved did not fail. */
  async giveBack(slot: ThrottleSlot): Promise<void> {
    await this.db
      .update(throttleCounters)
      .set({ count: sql`greatest(${throttleCounters.count} - 1, 0)` })
      .where(this.sameWindow(slot));
  }

  /** Keeps the slot's bucket full until `until` (a lock that starts with the failure that reached the limit). */
  async holdUntil(slot: ThrottleSlot, until: Date): Promise<void> {
    await this.db
      .update(throttleCounters)
      .set({
        windowEndsAt: sql`greatest(${throttleCounters.windowEndsAt}, ${until.toISOString()}::timestamptz)`,
      })
      .where(this.sameWindow(slot));
  }

  private sameWindow(slot: ThrottleSlot) {
    return and(
      eq(throttleCounters.bucket, slot.bucket),
      eq(throttleCounters.key, slot.key),
      eq(throttleCounters.windowEndsAt, slot.windowEndsAt),
    );
  }

  private async retryAfter(bucket: string, key: string): Promise<number> {
    const [row] = await this.db
      .select({ windowEndsAt: throttleCounters.windowEndsAt })
      .from(throttleCounters)
      .where(and(eq(throttleCounters.bucket, bucket), eq(throttleCounters.key, key)));
    const ms = (row?.windowEndsAt.getTime() ?? 0) - this.clock.now().getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }

  private async cleanUp(now: Date): Promise<void> {
    const before = new Date(now.getTime() - CLEANUP_AFTER_MS);
    await this.db.delete(throttleCounters).where(lt(throttleCounters.windowEndsAt, before));
    await this.db.delete(throttleEvents).where(lt(throttleEvents.createdAt, before));
  }

  /**
   * Sliding-window count of {@link record}ed events.
   * @deprecated Not atomic: a count followed by a record lets parallel requests all pass. Use {@link take}.
   */
  async count(bucket: string, key: string, windowMs: number): Promise<number> {
    const since = new Date(this.clock.now().getTime() - windowMs);
    const [row] = await this.db
      .select({ n: count() })
      .from(throttleEvents)
      .where(
        and(
          eq(throttleEvents.bucket, bucket),
          eq(throttleEvents.key, key),
          gte(throttleEvents.createdAt, since),
        ),
      );
    // count() is a number on PGlite and a string on pg
    return Number(row?.n ?? 0);
  }

  /** @deprecated See {@link count}. */
  async record(bucket: string, key: string): Promise<void> {
    const now = this.clock.now();
    await this.db.insert(throttleEvents).values({ id: newId(), bucket, key, createdAt: now });
    if (Math.random() < 0.01) await this.cleanUp(now);
  }

  /**
   * Empties a bucket (a right password ends the count of wrong ones) and, when given, gives back a slot of another
   * bucket: one statement, so a login pays one round trip and one commit for both (docs/performance.md).
   */
  async clear(bucket: string, key: string, giveBack?: ThrottleSlot): Promise<void> {
    const { db } = this;
    const events = db
      .$with('cleared_events')
      .as(
        db
          .delete(throttleEvents)
          .where(and(eq(throttleEvents.bucket, bucket), eq(throttleEvents.key, key)))
          .returning({ id: throttleEvents.id }),
      );
    const ctes: WithSubquery[] = [events];
    // A slot of the bucket being emptied goes with it: one statement must not write a row twice.
    if (giveBack && !(giveBack.bucket === bucket && giveBack.key === key)) {
      const returned = db
        .$with('returned_slot')
        .as(
          db
            .update(throttleCounters)
            .set({ count: sql`greatest(${throttleCounters.count} - 1, 0)` })
            .where(this.sameWindow(giveBack))
            .returning({ key: throttleCounters.key }),
        );
      ctes.push(returned);
    }
    await db
      .with(...ctes)
      .delete(throttleCounters)
      .where(and(eq(throttleCounters.bucket, bucket), eq(throttleCounters.key, key)));
  }
}
