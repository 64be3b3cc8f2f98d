/**
 * pro-components' texts (`@ant-design/pro-provider`, the table toolbar, the layout's menu) come in 33 languages,
 * all imported by one module and all on every app route's first paint (~10 KiB gzip). The build keeps English and
 * Chinese (pro-provider's own fallback for a text a language lacks) and points every other language at a shared
 * entry of `core/theme/pro-locale-texts.ts`, which reads English until the portal loads that language's own texts
 * by file name, as a chunk of its own, when a reader picks it (core/theme/library-locales.ts). A language a
 * deployment adds at run time thus gets pro-components' texts too, with no change here and no build.
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
import { libraryModuleRewrites } from './library-module-rewrites.ts';

const LOCALE_IMPORT = /^import (\w+) from "\.\/locale\/(\w+)";$/gm;
const ALWAYS_KEPT = ['en_US', 'zh_CN'];
const LAYOUT_LOCALE_IMPORT = /^import (\w+) from "\.\/([\w-]+)";$/gm;
const ANTD_DEFAULT_LOCALE = 'import zh_CN from "antd/es/locale/zh_CN";';
const DAYJS_CHINESE = "import 'dayjs/locale/zh-cn';";
const DAYJS_DEFAULT = "|| 'zh-cn');";

/**
 * `source` with every locale import (`pattern`: the local name, then the file) outside `keep` replaced by
 * `instead(name, file, englishName)`, under its own name, so every language stays in the module's maps and exports.
 */
function replaceLocaleImports(
  source: string,
  pattern: RegExp,
  english: string,
  keep: ReadonlySet<string>,
  instead: (name: string, file: string, englishName: string) => string,
): string {
  const englishName = [...source.matchAll(pattern)].find(([, , file]) => file === english)?.[1];
  if (!englishName) throw new Error('no English locale import found');
  return source.replace(pattern, (line, name: string, file: string) =>
    file === english || keep.has(file) ? line : instead(name, file, englishName),
  );
}

/**
 * pro-provider's intl module with English and Chinese imported, and every other language's texts the shared entry
 * of `registryModule` (core/theme/pro-locale-texts.ts) that the portal fills when the language is loaded.
 */
export function loadedProLocales(source: string, registryModule: string): string {
  const rewritten = replaceLocaleImports(
    source,
    LOCALE_IMPORT,
    'en_US',
    new Set(ALWAYS_KEPT),
    (name, file, english) => `var ${name} = __portalProTexts(${JSON.stringify(file)}, ${english});`,
  );
  return `import { proLocaleTexts as __portalProTexts } from ${JSON.stringify(registryModule)};\n${rewritten}`;
}

/** ProLayout's locales module with every language reading the English texts. */
export function englishLayoutTexts(source: string): string {
  return replaceLocaleImports(
    source,
    LAYOUT_LOCALE_IMPORT,
    'en-US',
    new Set(),
    (name, _file, english) => `var ${name} = ${english};`,
  );
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

export function proLocales(registryModule: string) {
  return libraryModuleRewrites('portal-pro-locales', [
    {
      module: '@ant-design/pro-provider/es/intl.js',
      rewrite: (source) => loadedProLocales(source, registryModule),
    },
    { module: '@ant-design/pro-layout/es/locales/index.js', rewrite: englishLayoutTexts },
    { module: '@ant-design/pro-provider/es/index.js', rewrite: englishAntdDefault },
  ]);
}
