import { Color as RcColor } from '@rc-component/color-picker';
import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { theme } from 'antd';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdButtonColour, isBrightSource, ownIsBright } from './vite-antd-button-colour.ts';

const antdDir = dirname(createRequire(import.meta.url).resolve('antd/package.json'));
const tokenPath = join(antdDir, 'es/button/style/token.js');
const presetsPath = join(antdDir, 'es/color-picker/components/ColorPresets.js');
const read = (path: string) => readFileSync(path, 'utf8');

type IsBright = (value: AggregationColor, background: string) => boolean;
/** The copy the build puts in the token module, run on its own. */
const copiedIsBright = new Function(
  'RcColor',
  `${isBrightSource(read(presetsPath)).replace(/^import .*$/m, '')}\nreturn isBright;`,
)(RcColor) as IsBright;

// What the token passes (antd's solid background, light and dark, on white) and a spread of brand colours, with alpha.
const solids = [theme.defaultAlgorithm, theme.darkAlgorithm].map(
  (algorithm) => algorithm(theme.defaultSeed).colorBgSolid,
);
const brand = Array.from(
  { length: 64 },
  (_, i) => `#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`,
);
const colours = [
  ...solids,
  ...brand,
  ...brand.map((hex) => `${hex}66`),
  '#fff',
  '#000',
  'rgba(255, 255, 255, 0.3)',
];

describe("antd's button token without the colour picker's presets panel", () => {
  it('rewrites the installed token module: no presets import, its own isBright, a module that parses', () => {
    const rewritten = ownIsBright(read(tokenPath), read(presetsPath));
    expect(rewritten).not.toContain('components/ColorPresets');
    expect(rewritten).toMatch(/^const isBright = /m);
    expect(rewritten).toContain("import { Color as RcColor } from '@rc-component/color-picker';");
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it("copies antd's isBright: the same answer for every colour on white and on black", () => {
    // The colours cover both answers, so a copy that always said one thing would fail.
    const answers = new Set(colours.map((colour) => antdIsBright(new AggregationColor(colour), '#fff')));
    expect([...answers].sort()).toEqual([false, true]);
    for (const colour of colours)
      for (const background of ['#fff', '#000'])
        expect([colour, background, copiedIsBright(new AggregationColor(colour), background)]).toEqual([
          colour,
          background,
          antdIsBright(new AggregationColor(colour), background),
        ]);
  });

  it('fails the build when the modules change shape or the token module is never met', () => {
    expect(() => ownIsBright('export default 1;\n', read(presetsPath))).toThrow(/not found once/);
    expect(() => isBrightSource('export const isDark = () => false;\n')).toThrow(
      /no `export const isBright`/,
    );
    const plugin = antdButtonColour();
    expect(() => (plugin.buildEnd as (error?: Error) => void).call({})).toThrow(
      /button\/style\/token\.js not found/,
    );
  });
});
