/**
 * ProTable's toolbar and ProCard import antd's `Tabs` for a tab list they draw only when asked (a toolbar `menu` of
 * type tab, a card's `tabs`), which no portal screen does; with it came rc-tabs, its overflow menu and styles on every
 * table page (docs/performance.md, "Web: first-paint size").
 *
 * This build step rewrites those modules' `Tabs` into a lazy component in its own `Suspense` (as
 * build/vite-lazy-pro-fields.ts does for fields): the first tab list rendered fetches antd's Tabs. `Tabs.TabPane`,
 * which the modules read for antd versions before 4.23, stays antd's own (a deprecated stand-in that renders nothing).
 */
import type { Plugin } from 'vite';
import { LAZY_COMPONENT_IMPORT } from './lazy-component-import.ts';

/** The modules that import antd's Tabs only to render it when asked. */
export const TABS_IMPORTERS = [
  /[\\/]@ant-design[\\/]pro-table[\\/]es[\\/]components[\\/]ListToolBar[\\/]index\.js$/,
  /[\\/]@ant-design[\\/]pro-table[\\/]es[\\/]components[\\/]ListToolBar[\\/]HeaderMenu\.js$/,
  /[\\/]@ant-design[\\/]pro-card[\\/]es[\\/]components[\\/]Card[\\/]index\.js$/,
  /[\\/]@ant-design[\\/]pro-card[\\/]es[\\/]components[\\/]TabPane[\\/]index\.js$/,
];

const ANTD_IMPORT = /^import \{([^}]*)\} from 'antd';$/m;

const LAZY_TABS = `${LAZY_COMPONENT_IMPORT}import __AntdTabPane from 'antd/es/tabs/TabPane';
var Tabs = __lazyComponent(function () { return import('antd/es/tabs').then(function (m) { return m.default; }); });
Tabs.TabPane = __AntdTabPane;
`;

/** The module with `Tabs` taken out of its antd import and defined lazily; throws if it imports no Tabs from antd. */
export function lazyTabsSource(source: string): string {
  const antdImport = ANTD_IMPORT.exec(source);
  const names = antdImport?.[1]!.split(',').map((name) => name.trim()) ?? [];
  if (!names.includes('Tabs')) throw new Error("no `import { …, Tabs, … } from 'antd'` found");
  const others = names.filter((name) => name && name !== 'Tabs');
  const rest = others.length ? `import { ${others.join(', ')} } from 'antd';\n` : '';
  return source.replace(ANTD_IMPORT, `${rest}${LAZY_TABS}`);
}

export function lazyAntdTabs(): Plugin {
  const rewritten = new Set<number>();
  return {
    name: 'portal-lazy-antd-tabs',
    apply: 'build',
    transform(code, id) {
      const index = TABS_IMPORTERS.findIndex((pattern) => pattern.test(id));
      if (index < 0) return null;
      rewritten.add(index);
      try {
        return { code: lazyTabsSource(code), map: null };
      } catch (error) {
        throw new Error(`${id}: ${(error as Error).message}`, { cause: error });
      }
    },
    buildEnd(error) {
      // Every app build has tables: a module never met means pro-components moved it, and Tabs is back.
      if (!error && rewritten.size !== TABS_IMPORTERS.length)
        throw new Error('lazy antd Tabs: a pro-components module importing Tabs was not found');
    },
  };
}
