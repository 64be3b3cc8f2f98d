/**
 * `npm run new:plugin -- <id> [--with-server]`: a portal plugin that type-checks, lints and passes its tests the
 * moment it is written, built with node-plop (Handlebars templates in ./templates). With `--with-server` it also
 * gets its contract group, server module, table, migration and server texts. docs/plugins.md walks through what
 * to do with it next.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodePlop, { type ActionType } from 'node-plop';

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

/** Inserts `text` right after the first match of `after` (a whole line). */
const insertAfter = (path: string, after: RegExp, text: string): ActionType => ({
  type: 'modify',
  path,
  pattern: after,
  template: `$&\n${text}`,
});

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
      pattern: /("plugins": \{[^\n]*?) \}/,
      template: `$1, "${id}": {} }`,
    },
  ];
}

function serverActions(root: string, id: string): ActionType[] {
  const module = join(root, 'server', 'modules', id);
  return [
    add(join(root, 'contract', 'v1', `${id}.ts`), 'contract-group.ts.hbs'),
    insertAfter(
      join(root, 'contract', 'v1', 'endpoints.ts'),
      /^import \{ mergeEndpointGroups \} from '.\/endpoint-groups';$/m,
      `import { {{camelCase id}}Endpoints } from './${id}';`,
    ),
    insertAfter(
      join(root, 'contract', 'v1', 'endpoints.ts'),
      /^export const endpointGroups = \{$/m,
      `  {{camelCase id}}: {{camelCase id}}Endpoints,`,
    ),
    add(join(module, 'index.ts'), 'server-module.ts.hbs'),
    add(join(module, 'schema.ts'), 'server-schema.ts.hbs'),
    add(join(module, `${id}.test.ts`), 'server-test.ts.hbs'),
    ...languagesOf(root).map((language) =>
      add(join(root, 'locales', language, `${id}.server.json`), 'server-locale.json.hbs'),
    ),
    insertAfter(
      join(root, 'server', 'app.ts'),
      /^import \{ pickServices, type ServerModule \} from '.\/modules\/server-module';$/m,
      `import {{camelCase id}} from './modules/${id}';`,
    ),
    // Last in the list: its table points to users, whose module comes first.
    {
      type: 'modify',
      path: join(root, 'server', 'app.ts'),
      pattern: /(export const SERVER_MODULES: readonly ServerModule\[\] = \[\n(?:.*\n)*?)(\];)/,
      template: `$1  {{camelCase id}},\n$2`,
    },
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
  const actions = [...portalActions(root, id, withServer), ...(withServer ? serverActions(root, id) : [])];
  const plop = await nodePlop(undefined, { destBasePath: root, force: false });
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
  return filesOf(root, actions);
}
