/**
 * ProTable renders every cell, and ProForm every field, through `@ant-design/pro-field`, whose index imports all
 * of its field components statically (colour picker, cascader, tree select, range and time pickers, image, rate,
 * slider, money...) to pick one by `valueType`. None of that tree-shakes, so every page with a table or a ProForm
 * carried 65-100 KiB gzip of fields it never shows (docs/performance.md, "Web: first-paint size").
 *
 * This build step rewrites that one module: the fields the portal's screens use stay static imports, every other
 * one becomes a lazy component. The first time a column or field of such a type renders, the one chunk that holds
 * them all is fetched (inside the field's own `Suspense`, so nothing around it waits). Behaviour is the library's;
 * only when the code arrives changes. A plugin that starts using another value type works as before, and may list it in `EAGER_FIELDS` to
 * have it on first paint.
 *
 * Measured saving (npm run size without this step, 2026-11-29): 93.1 KiB gzip on the members, access control and
 * subscription pages, 97.7 on KYC, 99.2 on payments, up to 103.8; nothing on pages without a ProForm. The component
 * choice that would make it unnecessary is antd's own `Form` in the dialogs instead of ProForm (docs/performance.md).
 */
import type { Plugin } from 'vite';
import { LAZY_COMPONENT_IMPORT } from './lazy-component-import.ts';

/** The field components the portal's screens render: text cells and the ProForm fields in use. */
export const EAGER_FIELDS = new Set([
  'FieldText',
  'FieldPassword',
  'FieldTextArea',
  'FieldSelect',
  'FieldRadio',
  'FieldSwitch',
  'FieldDigit',
  'FieldDatePicker',
  // pro-table imports these two by name, statically.
  'FieldIndexColumn',
  'FieldStatus',
]);

const PRO_FIELD_INDEX = /[\\/]@ant-design[\\/]pro-field[\\/]es[\\/]index\.js$/;
const FIELD_IMPORT = /^import (Field\w+)(?:, \{ ([\w, ]+) \})? from "(\.\/components\/\w+)";$/gm;
const EXTRAS_ID = '\0portal-pro-field-extras';

const LAZY_FIELD_HELPER = `${LAZY_COMPONENT_IMPORT}function __lazyField(name) {
  return __lazyComponent(function () {
    return import(${JSON.stringify(EXTRAS_ID)}).then(function (extras) { return extras[name]; });
  });
}
`;

interface LazyField {
  local: string;
  exported: string;
  path: string;
}

/**
 * pro-field's index with every field component outside `eager` loaded on first use, and the module that holds those
 * fields. They share one chunk: one more dynamic entry rather than twenty keeps Rolldown from splitting the pieces
 * they share with the app layout (motion styles, rc-overflow) into extra chunks of their own.
 */
export function lazyProFieldsSource(
  source: string,
  indexDir: string,
  eager: ReadonlySet<string> = EAGER_FIELDS,
): { index: string; extras: string } {
  const lazied: LazyField[] = [];
  const index = source.replace(FIELD_IMPORT, (line, defaultName: string, named: string | undefined, path: string) => {
    const names = [
      { local: defaultName, exported: 'default' },
      ...(named ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => ({ local: name, exported: name })),
    ];
    // A module that also exports a helper (Select's value-enum parser) is not a component alone: it stays static.
    if (names.some(({ local }) => eager.has(local) || !local.startsWith('Field'))) return line;
    lazied.push(...names.map((name) => ({ ...name, path })));
    return names.map(({ local }) => `const ${local} = __lazyField(${JSON.stringify(local)});`).join('\n');
  });
  const extras = lazied
    .map(({ local, exported, path }) => `export { ${exported} as ${local} } from ${JSON.stringify(`${indexDir}/${path.slice(2)}`)};`)
    .join('\n');
  return { index: lazied.length === 0 ? source : LAZY_FIELD_HELPER + index, extras };
}

export function lazyProFields(): Plugin {
  let extras = '';
  return {
    name: 'portal-lazy-pro-fields',
    apply: 'build',
    resolveId(id) {
      return id === EXTRAS_ID ? EXTRAS_ID : null;
    },
    load(id) {
      return id === EXTRAS_ID ? extras : null;
    },
    transform(code, id) {
      if (!PRO_FIELD_INDEX.test(id)) return null;
      const rewritten = lazyProFieldsSource(code, id.replace(/[\\/]index\.js$/, ''));
      // After an upgrade that changed how pro-field's index imports its fields, fail the build rather than ship it
      // unchanged (~100 KiB back on every table and form page) or half rewritten.
      if (!rewritten.extras) throw new Error(`${id}: no field import this build step knows how to load lazily`);
      extras = rewritten.extras;
      return { code: rewritten.index, map: null };
    },
  };
}
