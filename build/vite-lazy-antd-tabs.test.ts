import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { installedModulePath, installedModuleSource } from './installed-module.ts';
import { isLibraryModule } from './library-module-rewrites.ts';
import { lazyAntdTabs, lazyTabsSource, TABS_IMPORTERS } from './vite-lazy-antd-tabs.ts';

const installed = TABS_IMPORTERS.map(installedModulePath);

describe("the build step that loads antd's Tabs for pro-components on first use", () => {
  it.each(installed)(
    'rewrites %s: no Tabs from antd, a lazy one with its TabPane, and a module that parses',
    (file) => {
      expect(TABS_IMPORTERS.some((module) => isLibraryModule(file, module))).toBe(true);
      const source = readFileSync(file, 'utf8');
      expect(source).toMatch(/^import \{[^}]*\bTabs\b[^}]*\} from 'antd';$/m);
      const rewritten = lazyTabsSource(source);
      expect(rewritten).not.toMatch(/^import \{[^}]*\bTabs\b[^}]*\} from 'antd';$/m);
      // Every other name still comes from antd.
      const before = /^import \{([^}]*)\} from 'antd';$/m
        .exec(source)![1]!
        .split(',')
        .map((n) => n.trim());
      for (const name of before.filter((n) => n !== 'Tabs'))
        expect(rewritten).toMatch(new RegExp(`\\b${name}\\b[^;]*from 'antd'`));
      expect(rewritten).toContain('import("antd/es/tabs")');
      expect(rewritten).toContain('Tabs.TabPane = __AntdTabPane;');
      expect(() => parseAst(rewritten)).not.toThrow();
    },
  );

  it('reads the lazy Tabs from modules that exist', () => {
    expect(installedModuleSource('antd/es/tabs/index.js')).toMatch(/export default Tabs;/);
    expect(installedModuleSource('antd/es/tabs/TabPane.js')).toMatch(/export default TabPane;/);
  });

  it('fails the build when a module no longer imports Tabs from antd, or was never met', () => {
    expect(() => lazyTabsSource("import { Tooltip } from 'antd';\n")).toThrow(/no `import/);
    const plugin = lazyAntdTabs();
    const transform = plugin.transform as (code: string, id: string) => unknown;
    expect(() => transform.call({}, "import { Tooltip } from 'antd';\n", installed[0]!)).toThrow(
      'ListToolBar/index.js',
    );
    expect(() => (plugin.buildEnd as (error?: Error) => void).call({})).toThrow(/HeaderMenu\.js.*not found/);
  });
});
