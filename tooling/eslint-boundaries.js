// Import boundaries of the architecture, as one small local ESLint rule:
// core never imports plugins; a plugin imports core only through `@core` and never another plugin;
// the server never imports browser code.
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/**
 * @param {string} absPath
 * @returns {{ kind: 'core' | 'server' | 'other', id?: undefined } | { kind: 'plugin', id: string | undefined }}
 */
function area(absPath) {
  const parts = relative(root, absPath).split(sep);
  if (parts[0] === 'core') return { kind: 'core' };
  if (parts[0] === 'plugins') return { kind: 'plugin', id: parts[1] };
  if (parts[0] === 'tests' && parts[1] === 'fixtures' && parts[2] === 'plugins') return { kind: 'plugin', id: parts[3] };
  if (parts[0] === 'server') return { kind: 'server' };
  return { kind: 'other' };
}

/**
 * @param {string} fromFile
 * @param {string} source
 * @returns {{ path: string, viaEntry: boolean } | null}
 */
function target(fromFile, source) {
  if (source === '@core' || source.startsWith('@core/')) return { path: resolve(root, 'core'), viaEntry: source === '@core' };
  if (source.startsWith('.')) return { path: resolve(dirname(fromFile), source), viaEntry: false };
  if (source.startsWith('/')) return { path: resolve(root, `.${source}`), viaEntry: false };
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Enforce core/plugin/server import boundaries' } },
  create(context) {
    const file = context.filename;
    const from = area(file);
    if (from.kind === 'other') return {};
    /**
     * @param {import('eslint').Rule.Node} node
     * @param {unknown} source
     */
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const to = target(file, source);
      if (!to) return;
      const dest = area(to.path);
      let message = null;
      const fixtureInCoreTest = /\.test\.tsx?$/.test(file) && relative(root, to.path).startsWith(`tests${sep}fixtures`);
      if (from.kind === 'core' && dest.kind === 'plugin' && !fixtureInCoreTest) message = 'core must not import a plugin; plugins register through their definition';
      if (from.kind === 'plugin' && dest.kind === 'plugin' && dest.id !== from.id) message = `plugin "${from.id}" must not import plugin "${dest.id}"; talk through a token that core defines`;
      if (from.kind === 'plugin' && dest.kind === 'core' && !to.viaEntry) message = 'plugins import core only through its public entry, "@core"';
      if (from.kind === 'server' && (dest.kind === 'core' || dest.kind === 'plugin')) message = 'the server must not import browser code';
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
