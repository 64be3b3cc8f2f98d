/**
 * Three parts of ProTable and antd's Table that every table page carried for something the portal's tables never
 * show (docs/performance.md, "Web: first-paint size"); each becomes a lazy component in its own `Suspense`
 * (core/ui/lazy-library-component.tsx), fetched the first time it renders:
 * - ProTable's search form (`FormRender`: pro-form's schema form with its query and light filters), drawn only when
 *   a table's `search` is not `false`. The portal's tables have their own filter bars and turn it off.
 * - ProTable's column settings (`ColumnSetting`: antd's `Tree`, rc-tree, a popover with checkboxes), drawn only when
 *   a table's `options` ask for them.
 * - antd Table's filter dropdown (`FilterDropdown`: its menu, tree, radios, checkboxes and search box), drawn only
 *   in the header of a column with `filters` or a `filterDropdown`. While it loads, the column shows its title
 *   without the filter button rather than nothing.
 */
import { readFileSync } from 'node:fs';
import { LAZY_COMPONENT_IMPORT, lazyDefaultImport } from './lazy-component-import.ts';
import { libraryModuleRewrites } from './library-module-rewrites.ts';

/** ProTable with its search form loaded on first use. */
export function lazySearchFormSource(source: string): string {
  return lazyDefaultImport(
    source,
    'import FormRender from "./components/Form";',
    'FormRender',
    './components/Form',
  );
}

/** ProTable's toolbar with its column settings loaded on first use. */
export function lazyColumnSettingSource(source: string): string {
  return lazyDefaultImport(
    source,
    'import ColumnSetting from "../ColumnSetting";',
    'ColumnSetting',
    '../ColumnSetting',
  );
}

const FILTER_DROPDOWN_IMPORT = "import FilterDropdown, { flattenKeys } from './FilterDropdown';";
const FLATTEN_KEYS = /^export function flattenKeys\(filters\) \{\n[\s\S]*?\n\}\n/m;

/**
 * antd Table's filter hook with its dropdown loaded on first use. The hook also imports the dropdown module's
 * `flattenKeys`, which it calls for every table; a static import of it would keep the whole module on first paint, so
 * the hook gets its own copy, cut from the installed `FilterDropdown.js` (`filterDropdownSource`).
 */
export function lazyFilterDropdownSource(source: string, filterDropdownSource: string): string {
  const flattenKeys = FLATTEN_KEYS.exec(filterDropdownSource)?.[0];
  if (!flattenKeys)
    throw new Error('`export function flattenKeys(filters) {…}` not found in FilterDropdown.js');
  if (!source.includes('import _toConsumableArray from "@babel/runtime/helpers/esm/toConsumableArray";'))
    throw new Error('the `_toConsumableArray` helper that `flattenKeys` calls is no longer imported');
  const rewritten = lazyDefaultImport(source, FILTER_DROPDOWN_IMPORT, 'FilterDropdown', './FilterDropdown', {
    childrenWhileLoading: true,
  });
  return rewritten.replace(
    LAZY_COMPONENT_IMPORT,
    `${LAZY_COMPONENT_IMPORT}${flattenKeys.replace(/^export /, '')}`,
  );
}

export function lazyProTableParts() {
  return libraryModuleRewrites('portal-lazy-pro-table-parts', [
    { module: '@ant-design/pro-table/es/Table.js', rewrite: lazySearchFormSource },
    { module: '@ant-design/pro-table/es/components/ToolBar/index.js', rewrite: lazyColumnSettingSource },
    {
      module: 'antd/es/table/hooks/useFilter/index.js',
      rewrite: (source, id) =>
        lazyFilterDropdownSource(source, readFileSync(id.replace(/index\.js$/, 'FilterDropdown.js'), 'utf8')),
    },
  ]);
}
