import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig, productionChecks } from './config';
import { createLogger } from './logging';
import { projectRoot } from './paths';
import { enabledPortalPlugins } from './simulations';
import { demoLoginSummary } from './seed/demo-data';
import { firstOwnerHint, startUpSeed } from './seed/start-up-seed';

/**
 * The server process: migrate, seed an empty database (outside production: server/seed/start-up-seed.ts), serve portal and API on one port. `npm start` runs it
 * through scripts/run-built.mjs, which first rebuilds the portal and this server when their sources changed
 * (development only); `npm run build` bundles it into dist-server/main.js. See docs/production.md.
 */
/** The environment or the deployment's settings do not allow a start (a bad value, a simulation in production). */
class StartRefused extends Error {}

function refuseStartOnError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new StartRefused(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  const envFile = join(projectRoot, '.env');
  // Variables already set in the environment win over the file.
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = refuseStartOnError(() => loadConfig());
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  const { errors, warnings } = productionChecks(config, enabledPortalPlugins(config.portalConfigFile));
  if (errors.length > 0) throw new StartRefused(errors.join('\n'));
  for (const warning of warnings) logger.warn(warning);
  if (!existsSync(join(config.webRoot, 'index.html')))
    logger.warn(`no portal build in ${config.webRoot}: serving the API only`);

  const seeding = startUpSeed(config);
  if (seeding.warning) logger.warn(seeding.warning);
  const app = await buildApp({ config, logger, seedIfEmpty: seeding.seed });
  const ownerHint = await firstOwnerHint(app.database.db);
  if (ownerHint) logger.warn(ownerHint);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; new connections are refused; the database closes last.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const storage =
    app.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Account portal: ${config.publicUrl}  (API ${config.publicUrl}/v1${config.apiDocs ? `, docs ${config.publicUrl}/v1/docs` : ''})`,
    `Storage: ${storage}`,
    config.devRoutes ? `Dev mailbox: ${config.publicUrl}/dev/mailbox` : '',
    config.devRoutes ? demoLoginSummary(config.publicUrl) : '',
    ownerHint ?? '',
    '',
  ].filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // A refused configuration is the deployer's to fix: its message alone; anything else with its stack.
  const report =
    error instanceof StartRefused
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${report}\n`);
  process.exit(1);
});
