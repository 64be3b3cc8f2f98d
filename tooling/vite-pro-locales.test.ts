import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { englishAntdDefault, englishLayoutTexts, loadedProLocales, proLocales } from './vite-pro-locales.ts';

const proProvider = join(
  dirname(createRequire(import.meta.url).resolve('@ant-design/pro-provider/package.json')),
  'es',
);
const intl = readFileSync(join(proProvider, 'intl.js'), 'utf8');
const localeImports = (code: string) =>
  [...code.matchAll(/^import \w+ from "\.\/locale\/(\w+)";$/gm)].map(([, file]) => file);

describe("pro-components' languages (build step)", () => {
  it('imports English and the Chinese fallback; every other language is a shared entry the portal fills by name', () => {
    const rewritten = loadedProLocales(intl, '/portal/core/theme/pro-locale-texts.ts');
    expect(localeImports(intl).length).toBeGreaterThan(30);
    expect(localeImports(rewritten).sort()).toEqual(['en_US', 'zh_CN']);
    expect(rewritten).toContain('var deDE = __portalProTexts("de_DE", enUS);');
    expect(rewritten).toContain('var frFR = __portalProTexts("fr_FR", enUS);');
    expect(rewritten).toMatch(/^import \{ proLocaleTexts as __portalProTexts \} from "\/portal\/core\/theme\/pro-locale-texts\.ts";/);
    // Every language is still in the map and exported, so nothing that imports one by name breaks.
    expect(rewritten).toContain("'de-DE': deDEIntl");
    expect(() => parseAst(rewritten)).not.toThrow();
  });

  it("names each shared entry after pro-provider's own file, which the portal loads by that name", () => {
    const names = [...loadedProLocales(intl, 'x').matchAll(/__portalProTexts\("(\w+)"/g)].map(([, name]) => name!);
    expect(names).toEqual(expect.arrayContaining(['fr_FR', 'ar_EG', 'de_DE']));
    for (const name of names) expect(existsSync(join(proProvider, 'locale', `${name}.js`)), name).toBe(true);
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
    const plugin = proLocales('core/theme/pro-locale-texts.ts');
    expect(() => (plugin.buildEnd as (error?: Error) => void).call({})).toThrow(
      /intl\.js, @ant-design\/pro-layout\/es\/locales\/index\.js, @ant-design\/pro-provider\/es\/index\.js not found/,
    );
  });
});
