import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  lazyColumnSettingSource,
  lazyFilterDropdownSource,
  lazyProTableParts,
  lazySearchFormSource,
} from './vite-lazy-pro-table-parts.ts';
import { installedModuleSource } from './installed-module.ts';

const table = installedModuleSource('@ant-design/pro-table/es/Table.js');
const toolbar = installedModuleSource('@ant-design/pro-table/es/components/ToolBar/index.js');
const useFilter = installedModuleSource('antd/es/table/hooks/useFilter/index.js');
const filterDropdown = installedModuleSource('antd/es/table/hooks/useFilter/FilterDropdown.js');

describe("the build step that loads ProTable's search form and column settings and antd's filter dropdown on first use", () => {
  it.each([
    ['ProTable', table, lazySearchFormSource, 'FormRender', './components/Form', '_jsx(FormRender, {'],
    [
      "ProTable's toolbar",
      toolbar,
      lazyColumnSettingSource,
      'ColumnSetting',
      '../ColumnSetting',
      '_createElement(ColumnSetting, ',
    ],
  ] as const)(
    'rewrites %s: %s lazy, still rendered under the same name',
    (_, source, rewrite, name, path, use) => {
      const rewritten = rewrite(source);
      expect(rewritten).not.toContain(`import ${name} from "${path}";`);
      expect(rewritten).toContain(`var ${name} = __lazyComponent(function () { return import("${path}")`);
      expect(rewritten).toContain(use);
      expect(() => parseAst(rewritten)).not.toThrow();
    },
  );

  it("rewrites antd Table's filter hook: the dropdown lazy, showing the column's title while it loads, and flattenKeys its own copy", () => {
    const rewritten = lazyFilterDropdownSource(useFilter, filterDropdown);
    expect(rewritten).not.toMatch(/from '\.\/FilterDropdown'/);
    expect(rewritten).toContain(
      'var FilterDropdown = __lazyComponent(function () { return import("./FilterDropdown").then(function (m) { return m.default; }); }, function (props) { return props.children; });',
    );
    expect(rewritten).toContain('React.createElement(FilterDropdown, {');
    expect(rewritten).toMatch(/^function flattenKeys\(filters\) \{$/m);
    // The hook still exports it, as antd's own does.
    expect(rewritten).toContain('export { flattenKeys };');
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it("the copied flattenKeys answers as antd's", async () => {
    const copied = new Function(
      '_toConsumableArray',
      `${/^export function flattenKeys\(filters\) \{\n[\s\S]*?\n\}\n/m.exec(filterDropdown)![0].replace(/^export /, '')}; return flattenKeys;`,
    )((items: unknown[]) => [...items]) as (filters: unknown) => unknown[];
    const { flattenKeys } = (await import('antd/es/table/hooks/useFilter/FilterDropdown.js')) as {
      flattenKeys: (filters: unknown) => unknown[];
    };
    const filters = [
      { value: 'a', children: [{ value: 'a1' }, { value: 'a2', children: [{ value: 'a2x' }] }] },
      { value: 'b' },
    ];
    expect(copied(filters)).toEqual(['a', 'a1', 'a2', 'a2x', 'b']);
    expect(copied(filters)).toEqual(flattenKeys(filters));
    expect(copied(undefined)).toEqual(flattenKeys(undefined));
  });

  it('reads each lazy part from a module that exports it by default', () => {
    expect(installedModuleSource('@ant-design/pro-table/es/components/Form/index.js')).toMatch(
      /^export default FormSearch;$/m,
    );
    expect(installedModuleSource('@ant-design/pro-table/es/components/ColumnSetting/index.js')).toMatch(
      /^export default ColumnSetting;$/m,
    );
    expect(filterDropdown).toMatch(/^export default FilterDropdown;$/m);
  });

  it('fails the build when a module changed shape or was never met', () => {
    expect(() => lazySearchFormSource('export default 1;\n')).toThrow(/not found once/);
    expect(() => lazyColumnSettingSource('export default 1;\n')).toThrow(/not found once/);
    expect(() => lazyFilterDropdownSource(useFilter, 'export default 1;\n')).toThrow(/flattenKeys/);
    expect(() => (lazyProTableParts().buildEnd as (error?: Error) => void).call({})).toThrow(
      /pro-table\/es\/Table\.js, .*ToolBar\/index\.js, antd\/es\/table\/hooks\/useFilter\/index\.js not found/,
    );
  });
});
