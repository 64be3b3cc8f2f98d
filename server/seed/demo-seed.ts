import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { portals } from '../modules/organizations/schema';
import type { PasswordHasher } from '../security/password-hasher';

/** Every demo account uses this password (documented in server/README.md). */
export const DEMO_PASSWORD = 'Demo@1234';

export interface SeedContext {
  db: Db;
  hasher: PasswordHasher;
  /** One instant for every demo row. */
  now: Date;
}

/** A feature module's part of the demo world of server/README.md. */
export interface DemoSeed {
  /** Inserts the feature's demo rows; runs after the seeds of the modules listed before it in server/app.ts. */
  run(context: SeedContext): Promise<void>;
  /** What the start-up banner and `npm run seed` print about these rows (logins, links). */
  summary?(publicUrl: string): string;
}

/** Seeds each module's rows in the order given (the order of server/app.ts: dependencies first). */
export async function runDemoSeeds(
  seeds: readonly (DemoSeed | undefined)[],
  context: SeedContext,
): Promise<void> {
  for (const seed of seeds) await seed?.run(context);
}

export function demoSeedSummary(seeds: readonly (DemoSeed | undefined)[], publicUrl: string): string {
  return seeds
    .map((seed) => seed?.summary?.(publicUrl))
    .filter((text): text is string => Boolean(text))
    .join('\n');
}

/** A seeded database always has portals; a fresh one has none (first start). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(portals);
  return Number(row?.n ?? 0) === 0;
}

/** Empties every table of the application schema (npm run seed); the schema and the migration history stay. */
export async function resetDatabase(db: Db): Promise<void> {
  // Listed from the catalogue, so tables added by later migrations are emptied too.
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`);
  const names = (result as unknown as { rows: { tablename: string }[] }).rows.map(
    (row) => `"${row.tablename.replace(/"/g, '""')}"`,
  );
  if (names.length > 0) await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} CASCADE`));
}
