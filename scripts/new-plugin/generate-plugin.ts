/**
 * `npm run new:plugin -- <id> [--with-server]`: a portal plugin that type-checks, lints and passes its tests the
 * moment it is written, built with node-plop (Handlebars templates in ./templates). With `--with-server` it also
 * gets its contract group, server module, table, migration and server texts. docs/plugins.md walks through what
 * to do with it next.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodePlop, { type ActionType } from 'node-plop';
import * as prettier from 'prettier';

/** A plugin id: kebab-case, also its i18n namespace, route id prefix and (with a server) its module's name. */
export const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const TEMPLATES = fileURLToPath(new URL('./templates/', import.meta.url));

export interface NewPlugin {
  /** The repository to write into. */
  root: string;
  id: string;
  withServer: boolean;
}

/** Why `id` cannot be a new plugin of `root`, or null when it can. */
export function refusal({ root, id }: Pick<NewPlugin, 'root' | 'id'>): string | null {
  if (!PLUGIN_ID.test(id))
    return `"${id}" is not a plugin id: kebab-case, starting with a letter (team-notes)`;
  if (existsSync(join(root, 'plugins', id))) return `plugins/${id} exists already`;
  if (existsSync(join(root, 'server', 'modules', id))) return `server/modules/${id} exists already`;
  return null;
}

function languagesOf(root: string): string[] {
  return readdirSync(join(root, 'locales'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** `add` one file from a template. */
const add = (path: string, template: string): ActionType => ({
  type: 'add',
  path,
  templateFile: join(TEMPLATES, template),
});

/** Where a shared list is and where a new line goes in it (`insertIntoList`). */
export interface SharedList {
  /** What every line of the list looks like. */
  member: RegExp;
  /** The line the list follows, when not the first run of `member` lines in the file. */
  after?: RegExp;
  /** What the list is ordered by (the whole line by default). */
  key?: (line: string) => string;
  /**
   * `sorted`: at its place when the list is sorted by `key`, else last (a list in another order keeps it).
   * `last`: always last (an order that means something, such as dependencies).
   */
  place: 'sorted' | 'last';
}

/**
 * `source` with `line` added to one of its shared lists (imports, a registry's entries): the run of consecutive lines
 * matching `list.member`, right after `list.after` when given. Throws when the list is not there, so a file changed
 * by hand fails the generator with its name rather than getting a line in the wrong place.
 */
export function insertIntoList(source: string, list: SharedList, line: string): string {
  const lines = source.split('\n');
  const anchor = list.after ? lines.findIndex((text) => list.after!.test(text)) : -1;
  const first = list.after ? anchor + 1 : lines.findIndex((text) => list.member.test(text));
  if ((list.after && anchor < 0) || first < 0 || !list.member.test(lines[first] ?? '')) {
    throw new Error(`no list of lines like ${list.member}${list.after ? ` after ${list.after}` : ''}`);
  }
  let end = first;
  while (end < lines.length && list.member.test(lines[end]!)) end++;
  const key = list.key ?? ((text: string) => text);
  const keys = lines.slice(first, end).map(key);
  const sorted = keys.every((value, i) => i === 0 || keys[i - 1]! <= value);
  const at =
    list.place === 'sorted' && sorted ? first + keys.filter((value) => value <= key(line)).length : end;
  lines.splice(at, 0, line);
  return lines.join('\n');
}

/** An import's module path: what a list of imports is sorted by. */
const importPath = (line: string) => /from '([^']+)'/.exec(line)?.[1] ?? line;

/** The Handlebars of the templates (`{{camelCase id}}`), for the lines added to shared lists. */
type Render = (template: string) => string;

/** Adds a line to a shared list of a file (`insertIntoList`); the line is a template like the files'. */
const addToList = (path: string, list: SharedList, line: string, render: Render): ActionType => ({
  type: 'modify',
  path,
  transform: (source) => insertIntoList(source, list, render(line)),
});

/**
 * `"<id>": {}` last in the config's `plugins` (their order is the order they load in), however the object is laid
 * out; the Prettier pass lays it out after.
 */
export function listInConfig(source: string, id: string): string {
  const config = JSON.parse(source) as { plugins?: Record<string, unknown> };
  if (!config.plugins) throw new Error('portal.config.json has no "plugins"');
  if (Object.hasOwn(config.plugins, id)) throw new Error(`portal.config.json lists "${id}" already`);
  const open = /"plugins"\s*:\s*\{/.exec(source);
  if (!open) throw new Error('portal.config.json has no "plugins" object');
  // The brace that closes it: strings skipped, since a setting's text may hold a brace.
  let depth = 1;
  let at = open.index + open[0].length;
  for (; depth > 0 && at < source.length; at++) {
    const char = source[at];
    if (char === '"') {
      for (at++; source[at] !== '"'; at++) if (source[at] === '\\') at++;
    } else if (char === '{') depth++;
    else if (char === '}') depth--;
  }
  const close = at - 1;
  const inside = source.slice(open.index + open[0].length, close);
  const entry = `"${id}": {}`;
  if (!inside.trim()) return `${source.slice(0, close)} ${entry} ${source.slice(close)}`;
  const last = open.index + open[0].length + inside.trimEnd().length;
  const indent = /\n([ \t]*)"[^"\n]*"\s*:[^\n]*$/.exec(source.slice(0, last))?.[1];
  const separator = inside.includes('\n') && indent !== undefined ? `,\n${indent}` : ', ';
  return `${source.slice(0, last)}${separator}${entry}${source.slice(last)}`;
}

/**
 * What the generator wrote or changed, laid out by the repository's Prettier config (.prettierrc.json): the
 * templates are written to match it, but a line's length depends on the id, and an edited file may have been laid
 * out otherwise. Files Prettier ignores (.prettierignore: drizzle-kit's migrations) stay as they are.
 */
async function formatWithPrettier(root: string, files: string[]): Promise<void> {
  const ignorePath = [join(root, '.prettierignore'), join(root, '.gitignore')];
  for (const file of files) {
    const path = join(root, file);
    const { ignored, inferredParser } = await prettier.getFileInfo(path, { ignorePath });
    if (ignored || !inferredParser) continue;
    const options = await prettier.resolveConfig(path);
    const source = readFileSync(path, 'utf8');
    const formatted = await prettier.format(source, { ...options, filepath: path });
    if (formatted !== source) writeFileSync(path, formatted);
  }
}

function portalActions(root: string, id: string, withServer: boolean): ActionType[] {
  const plugin = join(root, 'plugins', id);
  return [
    add(join(plugin, 'index.ts'), 'plugin-index.ts.hbs'),
    add(join(plugin, 'pages', `${id}-page.tsx`), 'plugin-page.tsx.hbs'),
    add(join(plugin, 'pages', `${id}-page.test.tsx`), 'plugin-page.test.tsx.hbs'),
    add(join(root, 'e2e', `${id}.spec.ts`), 'plugin-e2e.spec.ts.hbs'),
    ...(withServer
      ? [
          add(join(plugin, 'api', `${id}-api-token.ts`), 'plugin-api-token.ts.hbs'),
          add(join(plugin, 'api', `${id}-api.ts`), 'plugin-api.ts.hbs'),
          add(join(plugin, 'stores', `${id}-store.ts`), 'plugin-store.ts.hbs'),
        ]
      : []),
    // Every shipped language gets the English texts, for its translator to replace.
    ...languagesOf(root).map((language) =>
      add(join(root, 'locales', language, `${id}.json`), 'plugin-locale.json.hbs'),
    ),
    // Listed, hence enabled: one entry in the deployment's config.
    {
      type: 'modify',
      path: join(root, 'portal.config.json'),
      transform: (source) => listInConfig(source, id),
    },
  ];
}

function serverActions(root: string, id: string, render: Render): ActionType[] {
  const module = join(root, 'server', 'modules', id);
  return [
    add(join(root, 'contract', 'v1', `${id}.ts`), 'contract-group.ts.hbs'),
    // The groups' imports are sorted by file; the groups themselves are in the order they were added.
    addToList(
      join(root, 'contract', 'v1', 'endpoints.ts'),
      {
        member: /^import \{ \w+Endpoints \} from '\.\/[\w-]+';$/,
        after: /^import \{ mergeEndpointGroups \} from '\.\/endpoint-groups';$/,
        key: importPath,
        place: 'sorted',
      },
      `import { {{camelCase id}}Endpoints } from './{{id}}';`,
      render,
    ),
    addToList(
      join(root, 'contract', 'v1', 'endpoints.ts'),
      { member: /^ {2}\w+: \w+Endpoints,$/, after: /^export const endpointGroups = \{$/, place: 'sorted' },
      `  {{camelCase id}}: {{camelCase id}}Endpoints,`,
      render,
    ),
    add(join(module, 'index.ts'), 'server-module.ts.hbs'),
    add(join(module, 'schema.ts'), 'server-schema.ts.hbs'),
    add(join(module, `${id}.test.ts`), 'server-test.ts.hbs'),
    ...languagesOf(root).map((language) =>
      add(join(root, 'locales', language, `${id}.server.json`), 'server-locale.json.hbs'),
    ),
    addToList(
      join(root, 'server', 'app.ts'),
      { member: /^import .* from '\.\/modules\/[^']+';$/, key: importPath, place: 'sorted' },
      `import {{camelCase id}} from './modules/{{id}}';`,
      render,
    ),
    // Last in the list, which is in dependency order: its table points to users and organisations, whose modules
    // come first.
    addToList(
      join(root, 'server', 'app.ts'),
      {
        member: /^ {2}\w+,$/,
        after: /^export const SERVER_MODULES: readonly ServerModule\[\] = \[$/,
        place: 'last',
      },
      `  {{camelCase id}},`,
      render,
    ),
    () => {
      // The migration of its table, generated from the schema like every other (drizzle.config.ts).
      const drizzleKit = join(root, 'node_modules', 'drizzle-kit', 'bin.cjs');
      execFileSync(process.execPath, [drizzleKit, 'generate', '--name', id.replace(/-/g, '_')], {
        cwd: root,
        stdio: 'pipe',
      });
      return `server/db/migrations: the ${id} table`;
    },
  ];
}

/** The files an action writes or changes, relative to the repository. */
function filesOf(root: string, actions: ActionType[]): string[] {
  const paths = actions.flatMap((action) =>
    typeof action === 'object' && 'path' in action ? [action.path] : [],
  );
  return [...new Set(paths.map((path) => relative(root, path)))];
}

/**
 * Writes the plugin; throws with every failed step. Returns the files it created or changed (relative to `root`),
 * the migration aside.
 */
export async function generatePlugin({ root, id, withServer }: NewPlugin): Promise<string[]> {
  const refused = refusal({ root, id });
  if (refused) throw new Error(refused);
  const plop = await nodePlop(undefined, { destBasePath: root, force: false });
  const render: Render = (template) => plop.renderString(template, { id, withServer });
  const actions = [
    ...portalActions(root, id, withServer),
    ...(withServer ? serverActions(root, id, render) : []),
  ];
  const files = filesOf(root, actions);
  actions.push(async () => {
    await formatWithPrettier(root, files);
    return 'laid out by Prettier';
  });
  plop.setGenerator('plugin', {
    description: 'a portal plugin, with its server side on request',
    prompts: [],
    actions,
  });
  const { failures } = await plop.getGenerator('plugin').runActions({ id, withServer });
  if (failures.length) {
    throw new Error(
      failures
        .map((failure) => `${failure.path || failure.type || 'a step'}: ${failure.error || failure.message}`)
        .join('\n'),
    );
  }
  return files;
}
