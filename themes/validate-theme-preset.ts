/**
 * Checks theme presets against theme-preset.schema.json, for tests and for `npm run themes:check`
 * (run it after adding a preset). Node-side only: the browser never compiles schemas (no `unsafe-eval`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import schema from './theme-preset.schema.json' with { type: 'json' };

export interface ThemePresetProblem {
  /** JSON pointer of the offending value, e.g. `/primary`. */
  path: string;
  reason: string;
}

const validate = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(schema);

function toProblem(error: ErrorObject): ThemePresetProblem {
  switch (error.keyword) {
    case 'pattern':
      return { path: error.instancePath, reason: `must be a hex colour of 6 or 8 digits, like #0B1F44 (got ${JSON.stringify(error.data)})` };
    case 'required':
      return { path: `${error.instancePath}/${String(error.params.missingProperty)}`, reason: 'is required' };
    case 'additionalProperties':
      return { path: `${error.instancePath}/${String(error.params.additionalProperty)}`, reason: 'is not a colour slot of a preset' };
    default:
      return { path: error.instancePath || '/', reason: error.message ?? error.keyword };
  }
}

/** Every problem of one preset (empty when it is valid). */
export function validateThemePreset(preset: unknown): ThemePresetProblem[] {
  if (validate(preset)) return [];
  return (validate.errors ?? []).map(toProblem);
}

export const THEMES_DIR = dirname(fileURLToPath(import.meta.url));

/** The preset files shipped in `themes/` (every JSON file but the schema). */
export function shippedPresetFiles(dir = THEMES_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
    .sort()
    .map((name) => join(dir, name));
}

function checkAll(): number {
  let failures = 0;
  for (const file of shippedPresetFiles()) {
    let problems: ThemePresetProblem[];
    try {
      problems = validateThemePreset(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      problems = [{ path: '/', reason: `is not valid JSON: ${(error as Error).message}` }];
    }
    for (const problem of problems) console.error(`${file}: ${problem.path} ${problem.reason}`);
    if (problems.length) failures += 1;
    else console.log(`${file}: ok`);
  }
  return failures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = checkAll() ? 1 : 0;
}
