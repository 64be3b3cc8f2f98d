/**
 * pro-components' texts (`@ant-design/pro-provider`, the table toolbar, the layout's menu) come in 33 languages,
 * all imported by one module and all on every app route's first paint (~10 KiB gzip). The portal can show only the
 * languages antd itself is given (`core/theme/antd-locale-loaders.ts`: pro-components picks its texts by antd's
 * locale, and English is antd's default), so the build keeps those, English, and Chinese (pro-provider's own fallback
 * for a text a language lacks), and points every other language at the English texts. Adding a language with its
 * antd loader keeps its pro-components texts too, with no change here.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const PRO_INTL = /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]intl\.js$/;
const LOCALE_IMPORT = /^import (\w+) from "\.\/locale\/(\w+)";$/gm;
const ALWAYS_KEPT = ['en_US', 'zh_CN'];

/** The antd locale names (`fr_FR`) the portal loads, read from its loaders. */
export function antdLocalesOf(loadersSource: string): string[] {
  return [...loadersSource.matchAll(/import\('antd\/es\/locale\/(\w+)'\)/g)].map(([, name]) => name!);
}

/** pro-provider's intl module with every locale outside `kept` (and English and Chinese) reading the English texts. */
export function keepProLocales(source: string, kept: readonly string[]): string {
  const keep = new Set([...ALWAYS_KEPT, ...kept]);
  const english = [...source.matchAll(LOCALE_IMPORT)].find(([, , file]) => file === 'en_US')?.[1];
  if (!english) throw new Error('pro-provider: no English locale import found in intl.js');
  return source.replace(LOCALE_IMPORT, (line, name: string, file: string) =>
    keep.has(file) ? line : `var ${name} = ${english};`,
  );
}

export function proLocales(loadersPath: string): Plugin {
  return {
    name: 'portal-pro-locales',
    apply: 'build',
    transform(code, id) {
      if (!PRO_INTL.test(id)) return null;
      const kept = antdLocalesOf(readFileSync(loadersPath, 'utf8'));
      this.addWatchFile(loadersPath);
      return { code: keepProLocales(code, kept), map: null };
    },
  };
}
