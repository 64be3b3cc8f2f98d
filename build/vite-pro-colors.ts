/**
 * pro-provider's style helpers (`setAlpha`, `lighten`) are its only use of `@ctrl/tinycolor`, a second colour library
 * beside antd's own `@ant-design/fast-color`, which every app route loads anyway: tinycolor cost ~5 KiB gzip on each
 * of them. pro-components' styles call `setAlpha` and never `lighten`, so the build points `setAlpha` at fast-color,
 * whose `setA` and string output give the same colours (build/vite-pro-colors.test.ts compares them on antd's tokens,
 * the themes' colours and brand colours), and tinycolor, left to `lighten` alone, is tree-shaken unless something
 * calls it. fast-color's own `lighten` gives other colours, so that helper keeps tinycolor.
 */
import { libraryModuleRewrites } from './library-module-rewrites.ts';

const TINYCOLOR_IMPORT = "import { TinyColor } from '@ctrl/tinycolor';";
const SET_ALPHA = 'return new TinyColor(baseColor).setAlpha(alpha).toRgbString();';

/** pro-provider's useStyle module with `setAlpha` on fast-color; throws if the module changed shape. */
export function onFastColor(source: string): string {
  for (const line of [TINYCOLOR_IMPORT, SET_ALPHA])
    if (!source.includes(line)) throw new Error(`"${line}" not found`);
  const rewritten = source
    .replace(TINYCOLOR_IMPORT, `${TINYCOLOR_IMPORT}\nimport { FastColor } from '@ant-design/fast-color';`)
    .replace(SET_ALPHA, 'return new FastColor(baseColor).setA(alpha).toRgbString();');
  // Only `lighten` may still read tinycolor: its constructor, once.
  if (rewritten.split('new TinyColor(').length !== 2) throw new Error('another TinyColor use');
  return rewritten;
}

export function proColors() {
  return libraryModuleRewrites('portal-pro-colors', [
    { module: '@ant-design/pro-provider/es/useStyle/index.js', rewrite: onFastColor },
  ]);
}
