/**
 * `npm run check-config -- <file> [--locales <dir>]`: the checks the server logs at start, for a deployer's CI
 * before a config ships (docs/production.md, "Check a config before deploying it"): JSON syntax with line and
 * column, the schema with every plugin's settings schema, the language rules and the locale files each listed
 * language needs, and the theme's contrast. One line per problem, each with its JSON path. Exit code 1 when there is
 * an error, 0 when there are only warnings or nothing, 2 when the command itself was misused.
 *
 * The locale files are looked up in `--locales`, else LOCALES_DIR, else the project's `locales/` (and the locales of
 * PORTAL_EXTRA_ROOTS, as the build does).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { contrastWarnings } from '../core/theme/readable-theme';
import { sanitizeThemeColors, type ThemeColors } from '../core/theme/theme-colors';
import { checkPortalConfig } from '../server/web/portal-config-checks';
import { CONFIG_AJV_OPTIONS } from '../tooling/config-ajv-options';
import { composeConfigSchema, discoverPlugins, extraRootsFromEnv, pluginRoots, repoRoot } from '../tooling/portal-schema';

export interface CheckConfigOptions {
  localesDirs: string[];
  extraRoots?: string[];
}

const USAGE = 'usage: npm run check-config -- <portal.config.json> [--locales <folder>]';

/** Errors and warnings of the config file at `file`; see the header. */
export function checkConfigFile(file: string, options: CheckConfigOptions): { errors: string[]; warnings: string[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { errors: [`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`], warnings: [] };
  }
  const schema = composeConfigSchema(discoverPlugins(pluginRoots(options.extraRoots)));
  const report = checkPortalConfig(text, {
    name: file,
    validate: new Ajv(CONFIG_AJV_OPTIONS).compile(schema),
    localesDirs: options.localesDirs,
  });
  const theme = report.config?.theme as { preset?: unknown; colors?: Partial<ThemeColors> } | undefined;
  // A config the schema refused has no defaults filled in: its theme is not worth a guess.
  if (typeof theme?.preset !== 'string') return report;
  const preset = join(repoRoot, 'themes', `${theme.preset}.json`);
  if (!existsSync(preset)) {
    const names = readdirSync(join(repoRoot, 'themes')).filter((f) => /^[a-z0-9-]+\.json$/.test(f));
    const available = names.map((f) => f.slice(0, -'.json'.length)).join(', ');
    const unknown = `${file} /theme/preset: no theme preset "${theme.preset}" (available: ${available})`;
    return { ...report, errors: [...report.errors, unknown] };
  }
  const colors = sanitizeThemeColors(theme.colors ?? {}, sanitizeThemeColors(JSON.parse(readFileSync(preset, 'utf8'))));
  return { ...report, warnings: [...report.warnings, ...contrastWarnings(colors, `${file} /theme`)] };
}

/** Runs the command on `argv` (the arguments after the script), printing through `print`; returns the exit code. */
export function runCheckConfig(
  argv: readonly string[],
  print: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const localesAt = argv.indexOf('--locales');
  const files = argv.filter((arg, i) => !arg.startsWith('--') && (localesAt < 0 || i !== localesAt + 1));
  if (files.length !== 1 || (localesAt >= 0 && !argv[localesAt + 1])) {
    print(USAGE);
    return 2;
  }
  const extraRoots = extraRootsFromEnv(env);
  const localesDirs = [
    localesAt >= 0 ? resolve(argv[localesAt + 1]!) : resolve(repoRoot, env.LOCALES_DIR || 'locales'),
    ...extraRoots.map((root) => join(resolve(repoRoot, root), 'locales')),
  ];
  const { errors, warnings } = checkConfigFile(resolve(files[0]!), { localesDirs, extraRoots });
  errors.forEach((error) => print(`error   ${error}`));
  warnings.forEach((warning) => print(`warning ${warning}`));
  print(
    errors.length > 0
      ? `✗ ${errors.length} error(s), ${warnings.length} warning(s)`
      : `✓ no errors, ${warnings.length} warning(s)`,
  );
  return errors.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  process.exit(runCheckConfig(process.argv.slice(2), (line) => console.log(line)));
