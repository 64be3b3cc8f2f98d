import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlugin, refusal } from './generate-plugin';

const repository = join(import.meta.dirname, '..', '..');
/** What a copy of the repository leaves out: installed packages (linked instead), history, builds, data. */
const LEFT_OUT = new Set(['node_modules', '.git', 'data', 'test-results']);

/** A working copy of the repository to generate into: its files copied, node_modules linked (cheap, nothing installed). */
function copyRepository(): string {
  const copy = mkdtempSync(join(tmpdir(), 'new-plugin-'));
  for (const entry of readdirSync(repository)) {
    if (LEFT_OUT.has(entry) || entry.startsWith('dist')) continue;
    cpSync(join(repository, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(repository, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** Runs a package's command in the copy, with none of this test run's own Vitest settings. */
function run(copy: string, bin: string, args: string[], extraEnv: Record<string, string> = {}): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  try {
    return execFileSync(process.execPath, [join(copy, 'node_modules', bin), ...args], {
      cwd: copy,
      env: { ...env, CI: '1', NO_COLOR: '1', ...extraEnv },
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `FAILED\n${stdout}\n${stderr}`;
  }
}

// The probe's id is one nobody ships, so following docs/plugins.md (which builds `team-notes`) leaves this test green.
describe('npm run new:plugin', () => {
  it('refuses an id that is not kebab-case, or a plugin that exists', () => {
    expect(refusal({ root: repository, id: 'TeamNotes' })).toMatch(/not a plugin id/);
    expect(refusal({ root: repository, id: 'billing' })).toBe('plugins/billing exists already');
    expect(refusal({ root: repository, id: 'plugin-probe' })).toBeNull();
  });

  // One generation with a server side into a copy of the repository; each check below runs on it, only over what
  // the generator wrote or changed (the whole repository is checked by its own typecheck, lint and tests).
  describe('a plugin with a server side, as generated', () => {
    let copy: string;
    let files: string[];
    beforeAll(async () => {
      copy = copyRepository();
      files = await generatePlugin({ root: copy, id: 'plugin-probe', withServer: true });
    }, 120_000);
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    const code = () => files.filter((file) => /\.tsx?$/.test(file));

    it('creates the plugin, its texts in every language, its contract group and server module, and lists both', () => {
      expect(files).toEqual(
        expect.arrayContaining([
          'plugins/plugin-probe/index.ts',
          'plugins/plugin-probe/pages/plugin-probe-page.tsx',
          'plugins/plugin-probe/pages/plugin-probe-page.test.tsx',
          'e2e/plugin-probe.spec.ts',
          'plugins/plugin-probe/stores/plugin-probe-store.ts',
          'locales/ar/plugin-probe.json',
          'locales/fr/plugin-probe.server.json',
          'contract/v1/plugin-probe.ts',
          'server/modules/plugin-probe/index.ts',
          'server/modules/plugin-probe/plugin-probe.test.ts',
        ]),
      );
      expect(
        JSON.parse(readFileSync(join(copy, 'portal.config.json'), 'utf8')).plugins['plugin-probe'],
      ).toEqual({});
      expect(readFileSync(join(copy, 'contract/v1/endpoints.ts'), 'utf8')).toContain(
        'pluginProbe: pluginProbeEndpoints,',
      );
      expect(readFileSync(join(copy, 'server/app.ts'), 'utf8')).toMatch(/\n {2}pluginProbe,\n\];/);
      expect(
        readdirSync(join(copy, 'server/db/migrations')).some((file) => /_plugin_probe\.sql$/.test(file)),
      ).toBe(true);
    });

    it('type-checks', () => {
      writeFileSync(
        join(copy, 'tsconfig.new-plugin.json'),
        JSON.stringify({ extends: './tsconfig.json', include: ['types'], files: code() }),
      );
      const output = run(copy, 'typescript/bin/tsc', ['-p', 'tsconfig.new-plugin.json', '--noEmit']);
      // Only what generation wrote or changed: errors elsewhere are the repository's typecheck's to report.
      const generated = output
        .split('\n')
        .filter((line) => code().some((file) => line.startsWith(`${file}(`)));
      expect(generated).toEqual([]);
    }, 600_000);

    it('passes lint', () => {
      expect(run(copy, 'eslint/bin/eslint.js', code())).toBe('');
    }, 300_000);

    it('passes its own component and server tests', () => {
      const tests = code().filter((file) => file.includes('.test.'));
      // One worker, and the server test's start-up (a migrated, seeded database) given room: this run shares the
      // machine with the suite that started it.
      const output = run(copy, 'vitest/vitest.mjs', ['run', '--maxWorkers=1', ...tests], {
        SERVER_HOOK_TIMEOUT_MS: '180000',
      });
      expect(output).not.toMatch(/^FAILED/);
      expect(output).toMatch(/Test Files\s+\S*2 passed/);
    }, 600_000);
  });
});
