/**
 * pro-components' texts (`@ant-design/pro-provider`, the table toolbar, the layout's menu) come in 33 languages,
 * all imported by one module and all on every app route's first paint (~10 KiB gzip). The portal can show only the
 * languages antd itself is given (`core/theme/antd-locale-loaders.ts`: pro-components picks its texts by antd's
 * locale, and English is antd's default), so the build keeps those, English, and Chinese (pro-provider's own fallback
 * for a text a language lacks), and points every other language at the English texts. Adding a language with its
 * antd loader keeps its pro-components texts too, with no change here.
 *
 * Two more Chinese and Asian defaults go the same way (~4 KiB gzip on every app route):
 * - ProLayout's own texts, in five languages picked by the browser's language (not the portal's) with Chinese as the
 *   fallback, are its settings drawer's, which the portal never shows: all five read the English ones.
 * - pro-provider hands antd its Chinese texts, and sets dayjs to Chinese, when no antd locale is set above it; the
 *   portal always sets one (core/theme/antd-theme-provider.tsx), so the default is English instead.
 *
 * Measured saving (npm run size without this step, 2026-11-29): 15.4-15.6 KiB gzip on every app route, the dashboard
 * included. Under the 25 KiB a rewrite must save on its own (issue #35), kept because removing it with the other two
 * small steps that remain would take the dashboard 42.5 KiB past its size (docs/performance.md).
 */
import { readFileSync } from 'node:fs';
import { libraryModuleRewrites } from './library-module-rewrites.ts';

const LOCALE_IMPORT = /^import (\w+) from "\.\/locale\/(\w+)";$/gm;
const ALWAYS_KEPT = ['en_US', 'zh_CN'];
const LAYOUT_LOCALE_IMPORT = /^import (\w+) from "\.\/([\w-]+)";$/gm;
const ANTD_DEFAULT_LOCALE = 'import zh_CN from "antd/es/locale/zh_CN";';
const DAYJS_CHINESE = "import 'dayjs/locale/zh-cn';";
const DAYJS_DEFAULT = "|| 'zh-cn');";

/** The antd locale names (`fr_FR`) the portal loads, read from its loaders. */
export function antdLocalesOf(loadersSource: string): string[] {
  return [...loadersSource.matchAll(/import\('antd\/es\/locale\/(\w+)'\)/g)].map(([, name]) => name!);
}

/**
 * `source` with every locale import (`pattern`: the local name, then the file) outside `keep` reading the English
 * one's texts instead, under its own name, so every language stays in the module's maps and exports.
 */
function othersReadEnglish(
  source: string,
  pattern: RegExp,
  english: string,
  keep: ReadonlySet<string>,
): string {
  const englishName = [...source.matchAll(pattern)].find(([, , file]) => file === english)?.[1];
  if (!englishName) throw new Error('no English locale import found');
  return source.replace(pattern, (line, name: string, file: string) =>
    file === english || keep.has(file) ? line : `var ${name} = ${englishName};`,
  );
}

/** pro-provider's intl module with every locale outside `kept` (and English and Chinese) reading the English texts. */
export function keepProLocales(source: string, kept: readonly string[]): string {
  return othersReadEnglish(source, LOCALE_IMPORT, 'en_US', new Set([...ALWAYS_KEPT, ...kept]));
}

/** ProLayout's locales module with every language reading the English texts. */
export function englishLayoutTexts(source: string): string {
  return othersReadEnglish(source, LAYOUT_LOCALE_IMPORT, 'en-US', new Set());
}

/** pro-provider's index with antd's English texts, and dayjs's English, as its defaults. */
export function englishAntdDefault(source: string): string {
  for (const line of [ANTD_DEFAULT_LOCALE, DAYJS_CHINESE, DAYJS_DEFAULT])
    if (source.split(line).length !== 2) throw new Error(`"${line}" not found once`);
  return source
    .replace(ANTD_DEFAULT_LOCALE, 'import zh_CN from "antd/es/locale/en_US";')
    .replace(DAYJS_CHINESE, '')
    .replace(DAYJS_DEFAULT, "|| 'en');");
}

export function proLocales(loadersPath: string) {
  return libraryModuleRewrites('portal-pro-locales', [
    {
      module: '@ant-design/pro-provider/es/intl.js',
      rewrite: (source) => keepProLocales(source, antdLocalesOf(readFileSync(loadersPath, 'utf8'))),
    },
    { module: '@ant-design/pro-layout/es/locales/index.js', rewrite: englishLayoutTexts },
    { module: '@ant-design/pro-provider/es/index.js', rewrite: englishAntdDefault },
  ]);
}
