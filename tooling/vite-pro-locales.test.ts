import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  antdLocalesOf,
  englishAntdDefault,
  englishLayoutTexts,
  keepProLocales,
  proLocales,
} from './vite-pro-locales.ts';

const proProvider = join(
  dirname(createRequire(import.meta.url).resolve('@ant-design/pro-provider/package.json')),
  'es',
);
const intl = readFileSync(join(proProvider, 'intl.js'), 'utf8');
const loaders = readFileSync('core/theme/antd-locale-loaders.ts', 'utf8');
const localeImports = (code: string) =>
  [...code.matchAll(/^import \w+ from "\.\/locale\/(\w+)";$/gm)].map(([, file]) => file);

describe("pro-components' languages (build step)", () => {
  it("reads the languages antd is given, each with pro-components' texts under the same name", () => {
    const kept = antdLocalesOf(loaders);
    expect(kept).toEqual(expect.arrayContaining(['fr_FR', 'ar_EG']));
    for (const locale of kept)
      expect(existsSync(join(proProvider, 'locale', `${locale}.js`)), locale).toBe(true);
  });

  it('keeps those, English and the Chinese fallback; every other language reads the English texts', () => {
    const rewritten = keepProLocales(intl, antdLocalesOf(loaders));
    expect(localeImports(intl).length).toBeGreaterThan(30);
    expect(localeImports(rewritten).sort()).toEqual(['ar_EG', 'en_US', 'fr_FR', 'zh_CN']);
    expect(rewritten).toContain('var deDE = enUS;');
    // Every language is still in the map and exported, so nothing that imports one by name breaks.
    expect(rewritten).toContain("'de-DE': deDEIntl");
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it('keeps a language added with its antd loader', () => {
    const withGerman = `${loaders}\nconst more = { de: () => import('antd/es/locale/de_DE') };`;
    expect(localeImports(keepProLocales(intl, antdLocalesOf(withGerman)))).toContain('de_DE');
  });
});

describe("ProLayout's texts and pro-provider's antd default (build step)", () => {
  const read = (pkg: string, file: string) =>
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve(`@ant-design/${pkg}/package.json`)), 'es', file),
      'utf8',
    );

  it("points every ProLayout language at the English texts, the fallback's included", () => {
    const source = read('pro-layout', 'locales/index.js');
    const rewritten = englishLayoutTexts(source);
    expect(source).toMatch(/^import \w+ from "\.\/zh-CN";$/m);
    expect([...rewritten.matchAll(/^import \w+ from "\.\/([\w-]+)";$/gm)].map(([, file]) => file)).toEqual([
      'en-US',
    ]);
    expect(rewritten).toMatch(/^var zhLocal = enUSLocal;$/m);
    expect(rewritten).toContain("return locales[gLocale] || locales['zh-CN'];");
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it('gives antd English rather than Chinese when nothing above sets a locale', () => {
    const rewritten = englishAntdDefault(read('pro-provider', 'index.js'));
    expect(rewritten).not.toContain('antd/es/locale/zh_CN');
    expect(rewritten).toContain('import zh_CN from "antd/es/locale/en_US";');
    expect(rewritten).not.toContain('dayjs/locale/zh-cn');
    expect(rewritten).toContain(
      "dayjs.locale((locale === null || locale === void 0 ? void 0 : locale.locale) || 'en');",
    );
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it('fails the build when a module changed shape or was never met', () => {
    expect(() => englishLayoutTexts('export default {};\n')).toThrow(/no English/);
    expect(() => englishAntdDefault('export default {};\n')).toThrow(/not found once/);
    const plugin = proLocales('core/theme/antd-locale-loaders.ts');
    expect(() => (plugin.buildEnd as (error?: Error) => void).call({})).toThrow(
      /intl\.js, @ant-design\/pro-layout\/es\/locales\/index\.js, @ant-design\/pro-provider\/es\/index\.js not found/,
    );
  });
});
