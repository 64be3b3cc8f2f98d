import { FastColor } from '@ant-design/fast-color';
import { TinyColor } from '@ctrl/tinycolor';
import { theme } from 'antd';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { onFastColor, proColors } from './vite-pro-colors';

const require = createRequire(import.meta.url);
const useStylePath = require
  .resolve('@ant-design/pro-provider/package.json')
  .replace(/package\.json$/, 'es/useStyle/index.js');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => `${dir}/${file}`);

/** The four channels of a CSS rgb()/rgba() string, whatever its spacing. */
const channels = (css: string) => css.match(/[\d.]+/g)!.map(Number);

// What pro-components pass: antd's tokens (light and dark), the shipped themes' colours, and colours an organisation
// may pick for its brand (a spread of hex values, three- and six-digit).
const tokens = [theme.defaultAlgorithm, theme.darkAlgorithm].flatMap((algorithm) => {
  const t = algorithm(theme.defaultSeed);
  return [t.colorTextBase, t.colorBgBase, t.colorBgContainer, t.colorBgElevated, t.colorPrimary, t.colorText];
});
const themeColours = ['themes/default.json', 'themes/ocean.json'].flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/"(#[0-9a-fA-F]{3,8})"/g)].map(([, colour]) => colour!),
);
const brandColours = Array.from(
  { length: 64 },
  (_, i) => `#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`,
);
const colours = [...tokens, ...themeColours, ...brandColours, '#fff', '#000', '#0f0', 'rgba(0, 0, 0, 0.88)'];
const alphas = [0.02, 0.03, 0.04, 0.06, 0.25, 0.6, 0.8, 0.95];

describe("pro-provider's colour helpers on fast-color", () => {
  it('rewrites the installed module: setAlpha on fast-color, lighten alone on tinycolor', () => {
    const rewritten = onFastColor(readFileSync(useStylePath, 'utf8'));
    expect(rewritten).toContain("import { FastColor } from '@ant-design/fast-color';");
    expect(rewritten).toContain('return new FastColor(baseColor).setA(alpha).toRgbString();');
    expect(rewritten.match(/new TinyColor\(baseColor\)[^;]*;\s*return instance\.lighten/g)).toHaveLength(1);
  });

  it("finds no call of lighten in pro-components' own code, so tinycolor can be tree-shaken", () => {
    const root = require
      .resolve('@ant-design/pro-provider/package.json')
      .replace(/pro-provider[\\/]package\.json$/, '');
    const callers = [
      'pro-layout',
      'pro-table',
      'pro-form',
      'pro-field',
      'pro-utils',
      'pro-card',
      'pro-list',
      'pro-descriptions',
      'pro-provider',
    ]
      .flatMap((name) => filesUnder(`${root}${name}/es`))
      .filter(
        (file) => !file.endsWith('useStyle/index.js') && /\blighten\(/.test(readFileSync(file, 'utf8')),
      );
    expect(callers).toEqual([]);
  });

  it('fails the build when the module no longer has the shape it rewrites', () => {
    expect(() => onFastColor("import { TinyColor } from '@ctrl/tinycolor';")).toThrow(/not found/);
  });

  it("gives the same colours as tinycolor's setAlpha for antd's tokens, the themes' and brand colours", () => {
    const differing = colours.flatMap((colour) =>
      alphas
        .map((alpha) => ({
          colour,
          alpha,
          before: new TinyColor(colour).setAlpha(alpha).toRgbString(),
          after: new FastColor(colour).setA(alpha).toRgbString(),
        }))
        .filter(({ before, after }) => channels(before).join() !== channels(after).join()),
    );
    expect(colours.length).toBeGreaterThan(80);
    expect(differing).toEqual([]);
  });

  it('fails the build when the useStyle module is never met', () => {
    expect(() => (proColors().buildEnd as (error?: Error) => void).call({})).toThrow(
      /useStyle\/index\.js not found/,
    );
  });
});
