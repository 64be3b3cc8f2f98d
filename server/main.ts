import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { REDACTED_PATHS, buildApp } from './app';
import { loadConfig } from './config';
import { projectRoot } from './paths';
import { demoLoginSummary } from './seed/demo-data';
import { ensureWebBuild } from './web/ensure-web-build';

/** `npm start`: build the portal if stale, migrate, seed an empty database, serve portal and API on one port. */
async function main(): Promise<void> {
  const envFile = join(projectRoot, '.env');
  // Variables already set in the environment win over the file.
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  if (process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild(config.webRoot, (message) => logger.info(message));

  const app = await buildApp({ config, logger, seedIfEmpty: true });
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
  const storage = app.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Account portal: ${config.publicUrl}  (API ${config.publicUrl}/v1, docs ${config.publicUrl}/v1/docs)`,
    `Storage: ${storage}`,
    config.devRoutes ? `Dev mailbox: ${config.publicUrl}/dev/mailbox` : '',
    config.devRoutes ? demoLoginSummary(config.publicUrl) : '',
    '',
  ].filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
