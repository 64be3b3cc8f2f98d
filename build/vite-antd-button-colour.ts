/**
 * antd's Button theme token picks the text colour of a solid button with `isBright`, which it imports from the colour
 * picker's presets panel. A module travels whole, so the panel came along, and with it antd's Collapse (rc-collapse
 * and its styles) that the panel renders: ~3 KiB gzip on every app route, although only the branding page shows a
 * colour picker (docs/performance.md, "Web: first-paint size").
 *
 * This step gives the token module its own copy of `isBright`, taken from the installed presets module at build time
 * (so it is always the library's code), and the presets panel with its Collapse stays with the colour picker.
 */
import { readFileSync } from 'node:fs';
import { libraryModuleRewrites } from './library-module-rewrites.ts';

const BUTTON_TOKEN = 'antd/es/button/style/token.js';
const PRESETS_IMPORT = "import { isBright } from '../../color-picker/components/ColorPresets';";
const COLOR_IMPORT = "import { ColorBlock, Color as RcColor } from '@rc-component/color-picker';";
const IS_BRIGHT = /^export const isBright = [\s\S]*?\n};$/m;

/** `isBright` and the one import it needs, as a module body; throws if the presets module changed shape. */
export function isBrightSource(presetsSource: string): string {
  const isBright = IS_BRIGHT.exec(presetsSource)?.[0];
  if (!isBright || !presetsSource.includes(COLOR_IMPORT))
    throw new Error(
      'ColorPresets.js: no `export const isBright` reading `RcColor` from @rc-component/color-picker',
    );
  return `import { Color as RcColor } from '@rc-component/color-picker';\n${isBright.replace(/^export /, '')}\n`;
}

/** The button token module with its own `isBright` in place of the presets panel's. */
export function ownIsBright(tokenSource: string, presetsSource: string): string {
  if (tokenSource.split(PRESETS_IMPORT).length !== 2) throw new Error(`"${PRESETS_IMPORT}" not found once`);
  if (/\bRcColor\b/.test(tokenSource)) throw new Error('the token module has its own RcColor');
  return tokenSource.replace(PRESETS_IMPORT, isBrightSource(presetsSource));
}

export function antdButtonColour() {
  return libraryModuleRewrites('portal-antd-button-colour', [
    {
      module: BUTTON_TOKEN,
      rewrite: (source, id) =>
        ownIsBright(
          source,
          readFileSync(
            id.replace(/button[\\/]style[\\/]token\.js$/, 'color-picker/components/ColorPresets.js'),
            'utf8',
          ),
        ),
    },
  ]);
}
