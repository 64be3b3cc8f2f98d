import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { throttleEvents } from '../db/schema';
import { newId } from './random';

/**
 * Sliding-window counters in the database, so every API instance on one PostgreSQL sees the same numbers.
 * Keys are normalised by the caller (lower-cased email, IP).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async count(bucket: string, key: string, windowMs: number): Promise<number> {
    const since = new Date(this.clock.now().getTime() - windowMs);
    const [row] = await this.db
      .select({ n: count() })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.bucket, bucket), eq(throttleEvents.key, key), gte(throttleEvents.createdAt, since)));
    // count() is a number on PGlite and a string on pg
    return Number(row?.n ?? 0);
  }

  async record(bucket: string, key: string): Promise<void> {
    const now = this.clock.now();
    await this.db.insert(throttleEvents).values({ id: newId(), bucket, key, createdAt: now });
    if (Math.random() < 0.01) {
      await this.db.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(now.getTime() - 24 * 3600_000)));
    }
  }

  async clear(bucket: string, key: string): Promise<void> {
    await this.db.delete(throttleEvents).where(and(eq(throttleEvents.bucket, bucket), eq(throttleEvents.key, key)));
  }
}
