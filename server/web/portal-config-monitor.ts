import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyBaseLogger } from 'fastify';
import { CONFIG_AJV_OPTIONS } from '../../tooling/config-ajv-options';
import type { ServerConfig } from '../config';
import type { App } from '../http/types';
import { checkPortalConfig } from './portal-config-checks';

/** How often the files are looked at: a deployer who saves a file reads the verdict in the log a moment later. */
const POLL_MS = 2000;

interface WatchedFiles {
  configFile: string;
  webRoot: string;
  localesDir: string;
}

/**
 * Logs every problem of the deployment's `portal.config.json` and locale files (portal-config-checks.ts): once at
 * start and again whenever one of those files, or the build's schema, changes. Errors are logged as errors, what
 * the portal works around as warnings. Polling the files' sizes and times, not `fs.watch`: editors that save by
 * renaming, and folders mounted into a container, are seen the same way.
 */
export class PortalConfigMonitor {
  private seen = '';

  constructor(
    private readonly files: WatchedFiles,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Checks and logs when something changed since the last call; returns whether it did. */
  check(): boolean {
    const signature = this.signature();
    if (signature === this.seen) return false;
    this.seen = signature;
    const configFile = [this.files.configFile, join(this.files.webRoot, 'portal.config.json')].find(existsSync);
    if (!configFile) return true;
    const report = checkPortalConfig(readFileSync(configFile, 'utf8'), {
      name: configFile,
      validate: this.validator(),
      localesDirs: [this.files.localesDir, join(this.files.webRoot, 'locales')],
    });
    report.errors.forEach((error) => this.log.error(`portal config: ${error}`));
    report.warnings.forEach((warning) => this.log.warn(`portal config: ${warning}`));
    if (report.errors.length === 0 && report.warnings.length === 0)
      this.log.info(`portal config: ${configFile} and its locale files have no problems`);
    return true;
  }

  /** The build's composed schema (core's and every plugin's settings); without a build, every shape passes. */
  private validator(): ValidateFunction {
    const schemaFile = join(this.files.webRoot, '.vite/portal-config.schema.json');
    if (!existsSync(schemaFile)) return Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;
    return new Ajv(CONFIG_AJV_OPTIONS).compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
  }

  private signature(): string {
    const { configFile, webRoot, localesDir } = this.files;
    const files = [configFile, join(webRoot, 'portal.config.json'), join(webRoot, '.vite/portal-config.schema.json')];
    for (const dir of [localesDir, join(webRoot, 'locales')])
      for (const language of list(dir)) files.push(join(dir, language), ...list(join(dir, language)).map((f) => join(dir, language, f)));
    return files
      .map((file) => {
        const facts = statSync(file, { throwIfNoEntry: false });
        return facts ? `${file}:${facts.size}:${facts.mtimeMs}` : `${file}:-`;
      })
      .join('\n');
  }
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Starts a {@link PortalConfigMonitor} for the server's files; it stops when the app closes. */
export function watchPortalConfig(app: App, config: ServerConfig): PortalConfigMonitor {
  const monitor = new PortalConfigMonitor(
    { configFile: config.portalConfigFile, webRoot: config.webRoot, localesDir: config.localesDir },
    app.log,
  );
  monitor.check();
  const timer = setInterval(() => monitor.check(), POLL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return monitor;
}
