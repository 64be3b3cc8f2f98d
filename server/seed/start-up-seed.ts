import { count } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { users } from '../modules/users/schema';

type Env = Record<string, string | undefined>;

export interface StartUpSeed {
  /** Seed the demo data if the database is empty. */
  seed: boolean;
  /** Logged at start-up when production seeds anyway: the demo accounts have a published password. */
  warning: string | null;
}

/**
 * Whether a start fills an empty database with the demo accounts (server/README.md): always outside production;
 * in production only when SEED_DEMO=1 says so, because `demo@example.com` / the demo password would then log
 * in as an owner on a public server (docs/production.md).
 */
export function startUpSeed(config: Pick<ServerConfig, 'isProduction'>, env: Env = process.env): StartUpSeed {
  if (!config.isProduction) return { seed: true, warning: null };
  if (env.SEED_DEMO !== '1') return { seed: false, warning: null };
  return {
    seed: true,
    warning:
      'SEED_DEMO=1 in production: an empty database gets the DEMO ACCOUNTS, whose password is public. Never do this on a reachable server; unset SEED_DEMO.',
  };
}

/** How to create the first owner, when no one can log in yet (a production start on an empty database). */
export async function firstOwnerHint(db: Db): Promise<string | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return null;
  return 'No user exists yet: create the first owner with `npm run user:create -- --email <email> --first-name <name> --last-name <name> [--organization "Name"]` (password from USER_PASSWORD or asked for; docs/production.md), then log in.';
}
