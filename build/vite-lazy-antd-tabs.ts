/**
 * ProTable's toolbar and ProCard import antd's `Tabs` for a tab list they draw only when asked (a toolbar `menu` of
 * type tab, a card's `tabs`), which no portal screen does; with it came rc-tabs, its overflow menu and styles on every
 * table page (docs/performance.md, "Web: first-paint size").
 *
 * This build step rewrites those modules' `Tabs` into a lazy component in its own `Suspense` (as
 * build/vite-lazy-pro-fields.ts does for fields): the first tab list rendered fetches antd's Tabs. `Tabs.TabPane`,
 * which the modules read for antd versions before 4.23, stays antd's own (a deprecated stand-in that renders nothing).
 */
import { lazyAntdNamedImport } from './lazy-component-import.ts';
import { libraryModuleRewrites } from './library-module-rewrites.ts';

/** The modules that import antd's Tabs only to render it when asked. */
export const TABS_IMPORTERS = [
  '@ant-design/pro-table/es/components/ListToolBar/index.js',
  '@ant-design/pro-table/es/components/ListToolBar/HeaderMenu.js',
  '@ant-design/pro-card/es/components/Card/index.js',
  '@ant-design/pro-card/es/components/TabPane/index.js',
];

/** The module with `Tabs` taken out of its antd import and defined lazily; throws if it imports no Tabs from antd. */
export function lazyTabsSource(source: string): string {
  const rewritten = lazyAntdNamedImport(source, 'Tabs', 'antd/es/tabs');
  return `import __AntdTabPane from 'antd/es/tabs/TabPane';\n${rewritten.replace(
    /^(var Tabs = __lazyComponent\(.*\n)/m,
    '$1Tabs.TabPane = __AntdTabPane;\n',
  )}`;
}

export function lazyAntdTabs() {
  return libraryModuleRewrites(
    'portal-lazy-antd-tabs',
    TABS_IMPORTERS.map((module) => ({ module, rewrite: lazyTabsSource })),
  );
}
