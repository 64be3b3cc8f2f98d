import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  lazyAntdParts,
  lazyDrawerSource,
  lazyEditableSource,
  lazySkeletonSource,
} from './vite-lazy-antd-parts.ts';
import { installedModuleSource } from './installed-module.ts';

const siderMenu = installedModuleSource('@ant-design/pro-layout/es/components/SiderMenu/index.js');
const baseMenu = installedModuleSource('@ant-design/pro-layout/es/components/SiderMenu/BaseMenu.js');
const typography = installedModuleSource('antd/es/typography/Base/index.js');

describe("the build step that loads antd's drawer, menu skeleton and editing box on first use", () => {
  it.each([
    ['the side menu', siderMenu, lazyDrawerSource, 'Drawer', 'antd/es/drawer', ['ConfigProvider']],
    ['the menu', baseMenu, lazySkeletonSource, 'Skeleton', 'antd/es/skeleton', ['Menu', 'Tooltip']],
  ] as const)(
    'rewrites %s: %s lazy, every other antd name static',
    (_, source, rewrite, name, module, others) => {
      expect(source).toMatch(new RegExp(`^import \\{[^}]*\\b${name}\\b[^}]*\\} from 'antd';$`, 'm'));
      const rewritten = rewrite(source);
      expect(rewritten).not.toMatch(new RegExp(`^import \\{[^}]*\\b${name}\\b[^}]*\\} from 'antd';$`, 'm'));
      expect(rewritten).toContain(`var ${name} = __lazyComponent(function () { return import("${module}")`);
      expect(rewritten).toContain(`import { ${others.join(', ')} } from 'antd';`);
      expect(() => parseAst(rewritten)).not.toThrow();
    },
  );

  it("rewrites Typography's base: its editing box lazy, still rendered under the same name", () => {
    const rewritten = lazyEditableSource(typography);
    expect(rewritten).not.toContain("import Editable from '../Editable';");
    expect(rewritten).toContain('var Editable = __lazyComponent(function () { return import("../Editable")');
    expect(rewritten).toContain('React.createElement(Editable, {');
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it('reads each lazy part from a module that exports it by default', () => {
    expect(installedModuleSource('antd/es/drawer/index.js')).toMatch(/^export default Drawer;$/m);
    expect(installedModuleSource('antd/es/skeleton/index.js')).toMatch(/^export default Skeleton;$/m);
    expect(installedModuleSource('antd/es/typography/Editable.js')).toMatch(/^export default Editable;$/m);
  });

  it('fails the build when a module changed shape or was never met', () => {
    expect(() => lazyDrawerSource("import { ConfigProvider } from 'antd';\n")).toThrow(/Drawer/);
    expect(() => lazyEditableSource('export default 1;\n')).toThrow(/not found once/);
    expect(() => (lazyAntdParts().buildEnd as (error?: Error) => void).call({})).toThrow(
      /SiderMenu\/index\.js, .*BaseMenu\.js, antd\/es\/typography\/Base\/index\.js not found/,
    );
  });
});
