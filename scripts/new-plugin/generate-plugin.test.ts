import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlugin, insertIntoList, listInConfig, refusal } from './generate-plugin';

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

  describe('a line added to a shared list', () => {
    const imports = ["import { a } from './alpha';", "import { c } from './gamma';"].join('\n');
    const list = { member: /^import /, key: (line: string) => line.split("'")[1]!, place: 'sorted' as const };

    it('goes to its sorted place in a sorted list', () => {
      expect(insertIntoList(`// head\n${imports}\n\nrest`, list, "import { b } from './beta';")).toBe(
        "// head\nimport { a } from './alpha';\nimport { b } from './beta';\nimport { c } from './gamma';\n\nrest",
      );
      expect(insertIntoList(imports, list, "import { z } from './zeta';").split('\n').at(-1)).toBe(
        "import { z } from './zeta';",
      );
    });

    it('goes last in a list in another order, or when the order means something', () => {
      const unsorted = 'const modules = [\n  users,\n  auth,\n];';
      const modules = { member: /^ {2}\w+,$/, after: /^const modules = \[$/ };
      expect(insertIntoList(unsorted, { ...modules, place: 'sorted' }, '  billing,')).toBe(
        'const modules = [\n  users,\n  auth,\n  billing,\n];',
      );
      expect(
        insertIntoList(
          'const modules = [\n  auth,\n  users,\n];',
          { ...modules, place: 'last' },
          '  billing,',
        ),
      ).toBe('const modules = [\n  auth,\n  users,\n  billing,\n];');
    });

    it('refuses a file whose list is not where it should be', () => {
      expect(() => insertIntoList('nothing here', { ...list, after: /^\/\/ head$/ }, 'x')).toThrow(/no list/);
    });

    it("lists a plugin last in the config's plugins, laid out on one line or one entry a line", () => {
      expect(JSON.parse(listInConfig('{ "plugins": { "b": {}, "a": { "x": "}" } } }', 'c')).plugins).toEqual({
        b: {},
        a: { x: '}' },
        c: {},
      });
      expect(listInConfig('{\n  "plugins": {\n    "b": {},\n    "a": {}\n  }\n}\n', 'c')).toBe(
        '{\n  "plugins": {\n    "b": {},\n    "a": {},\n    "c": {}\n  }\n}\n',
      );
      expect(listInConfig('{ "plugins": {} }', 'c')).toBe('{ "plugins": { "c": {} } }');
      expect(() => listInConfig('{ "plugins": { "c": {} } }', 'c')).toThrow(/already/);
    });
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
        Object.keys(JSON.parse(readFileSync(join(copy, 'portal.config.json'), 'utf8')).plugins).at(-1),
      ).toBe('plugin-probe');
      expect(readFileSync(join(copy, 'contract/v1/endpoints.ts'), 'utf8')).toMatch(
        /\n {2}pluginProbe: pluginProbeEndpoints,\n\} as const;/,
      );
      expect(readFileSync(join(copy, 'server/app.ts'), 'utf8')).toMatch(/\n {2}pluginProbe,\n\];/);
      expect(
        readdirSync(join(copy, 'server/db/migrations')).some((file) => /_plugin_probe\.sql$/.test(file)),
      ).toBe(true);
    });

    // The sorted lists stay sorted with the new line in them; the others (the config's plugins, the endpoint groups,
    // the server's modules in dependency order) get it last, as checked above.
    it('adds its imports at their sorted places', () => {
      const importsOf = (file: string, from: RegExp) =>
        readFileSync(join(copy, file), 'utf8')
          .split('\n')
          .flatMap((line) => (from.test(line) ? [/from '([^']+)'/.exec(line)![1]!] : []));
      const groups = importsOf('contract/v1/endpoints.ts', /^import \{ \w+Endpoints \} from/);
      const modules = importsOf('server/app.ts', /^import .* from '\.\/modules\//);
      for (const [paths, added] of [
        [groups, './plugin-probe'],
        [modules, './modules/plugin-probe'],
      ] as const) {
        expect(paths).toContain(added);
        expect(paths).toEqual([...paths].sort());
      }
    });

    it('is laid out as Prettier lays it out, and so is every file it changed', () => {
      // drizzle-kit's migration files are Prettier-ignored (.prettierignore), as every other migration.
      const written = [...files, 'server/db/migrations/meta/_journal.json'];
      expect(run(copy, 'prettier/bin/prettier.cjs', ['--check', ...written])).not.toMatch(/^FAILED/);
    }, 120_000);

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
