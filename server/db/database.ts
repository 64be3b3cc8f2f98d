import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';

/** Queries go through the query builder with each module's tables (no relational `db.query` API). */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations under an advisory lock, so servers starting together do not race. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Arbitrary but fixed: every instance of this server must contend for the same lock. */
const MIGRATION_LOCK_KEY = 730_511_842;

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  /** dataDir null = in memory; `template` restores a dumped data folder instead of running initdb (~1 s vs ~6 s). */
  | { kind: 'pglite'; dataDir: string | null; template?: Blob };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  const database =
    location.kind === 'postgres'
      ? await openPostgres(location.url)
      : await openPglite(location.dataDir, location.template);
  // Closing twice (shutdown racing a failed start, tests) must not throw.
  let closing: Promise<void> | null = null;
  const close = database.close;
  database.close = () => (closing ??= close());
  return database;
}

/**
 * Twice the cores, at least 4: the API's queries are short, so more connections than the database can run at once
 * only make its backends contend. On 2 cores, 4 connections answered organization-list and refresh 15-45% faster
 * than 10 (pg's default) and 20 (docs/performance.md, "Where the time went"). DATABASE_POOL_SIZE overrides it.
 */
function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE) || defaultPoolSize(),
  });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Extensions the migrations create, loaded into every PGlite instance: a folder whose tables use one (the activity
 * log's trigram index, migration 0014) cannot be read without it.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const folder = join(dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = new PGlite(folder, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(template ? { loadDataDir: template } : {}) });
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client);
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    async migrate() {
      // One connection and one process per folder, but the lock keeps the code path identical to PostgreSQL.
      await pgliteDb.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      try {
        await migratePglite(pgliteDb, { migrationsFolder });
      } finally {
        await pgliteDb.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
      }
    },
    close: () => client.close(),
  };
}

/** A migrated, empty in-memory database folder as a tarball: lets tests skip initdb. */
export async function dumpMigratedTemplate(): Promise<Blob> {
  const database = await openPglite(null);
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  return dump;
}
