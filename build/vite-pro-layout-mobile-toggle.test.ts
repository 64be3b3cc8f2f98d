import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { mobileToggleSource, proLayoutMobileToggle } from './vite-pro-layout-mobile-toggle.ts';

const globalHeader = readFileSync(
  join(
    dirname(createRequire(import.meta.url).resolve('@ant-design/pro-layout/package.json')),
    'es/components/GlobalHeader/index.js',
  ),
  'utf8',
);

describe("the build step that draws ProLayout's narrow-screen menu toggle through collapsedButtonRender", () => {
  it('rewrites the installed header: the toggle span goes through the prop, and the module parses', () => {
    expect(globalHeader).not.toContain('collapsedButtonRender');
    const rewritten = mobileToggleSource(globalHeader);
    expect(rewritten).toContain(
      'isMobile && __renderToggle(props.collapsedButtonRender, collapsed, /*#__PURE__*/_jsx("span", {',
    );
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it("hands the prop the library's toggle and the state, and keeps the library's toggle without the prop", () => {
    const renderToggle = new Function(
      `${/^function __renderToggle[^\n]*\n/.exec(mobileToggleSource(globalHeader))![0]}return __renderToggle;`,
    )() as (render: unknown, collapsed: boolean, dom: string) => unknown;
    expect(renderToggle((collapsed: boolean, dom: string) => `${dom} ${collapsed}`, true, 'span')).toBe(
      'span true',
    );
    expect(renderToggle(undefined, true, 'span')).toBe('span');
  });

  it('fails the build when the header changed shape or was never met', () => {
    expect(() => mobileToggleSource('export const GlobalHeader = () => null;\n')).toThrow(/not found once/);
    expect(() => (proLayoutMobileToggle().buildEnd as (error?: Error) => void).call({})).toThrow(
      /GlobalHeader\/index\.js not found/,
    );
  });
});
