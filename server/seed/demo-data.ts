import { SERVER_MODULES } from '../app';
import type { Db } from '../db/database';
import type { PasswordHasher } from '../security/password-hasher';
import { demoSeedSummary, runDemoSeeds } from './demo-seed';

/**
 * The demo world of server/README.md: each feature module contributes its rows (its `seed.ts`), seeded in the
 * order of server/app.ts. The names below are the ones tests, scripts and documentation refer to.
 */
export { DEMO_PASSWORD, isDatabaseEmpty, resetDatabase } from './demo-seed';
export { DEMO_PHONE, DEMO_TOTP_SECRET, DEMO_USERS } from '../modules/users/seed';
export { DEMO_IDS, DEMO_PORTALS } from '../modules/organizations/seed';
export { SSO_DEMO_APPS, SSO_DEMO_USERS } from '../modules/sso/seed';

const seeds = () => SERVER_MODULES.map((module) => module.seed);

export async function seedDemoData(db: Db, hasher: PasswordHasher, now: Date): Promise<void> {
  await runDemoSeeds(seeds(), { db, hasher, now });
}

/** The demo logins and links, printed at start-up and by `npm run seed`. */
export function demoLoginSummary(publicUrl: string): string {
  return demoSeedSummary(seeds(), publicUrl);
}
