import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { demoLoginSummary, resetDatabase, seedDemoData } from './seed/demo-data';
import { PasswordHasher } from './security/password-hasher';

/** `npm run seed`: empties the database (DATA_DIR or DATABASE_URL) and loads the demo data again. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    await resetDatabase(database.db);
    await seedDemoData(database.db, new PasswordHasher(), new Date());
    process.stdout.write(`Database reset and seeded.\n${demoLoginSummary(config.publicUrl)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
