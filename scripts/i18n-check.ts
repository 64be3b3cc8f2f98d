/**
 * `npm run i18n:check`: the translators' report (docs/translating.md, "Check a translation"). For each language
 * and namespace, against English:
 * - missing keys (a plural needs the forms English has that the language uses: French `_one` and `_other`);
 * - texts identical to English, probably untranslated, unless `locales/intentionally-equal.json` lists them;
 * - keys no code uses (English's and the language's own extra keys);
 * - placeholders that differ from English (`{{name}}`, `$t(…)`, `<0>…</0>`).
 * It fails (exit code 1) on missing keys and placeholder mismatches; the rest is for the translator to judge.
 *
 * Which keys the code uses: i18next-parser's lexer (the kept extraction tool; its 9.x supports Node 20) reads every
 * `t('…')`, `<Trans i18nKey>` and `useTranslation('ns')` of the sources; keys named outside a `t` call (the server's
 * `msg: 'auth.loggedIn'`, a menu's `labelKey`) count as used when a string literal spells them, and a key built at
 * run time (`` t(`language.names.${code}`) ``) when a template literal starts with its prefix.
 *
 * Options: `--locales <folder>` (default LOCALES_DIR, else `locales/`), `--source <folder or file>` (repeatable;
 * default core, plugins, server, contract and portal.config.json), `--equal <file>` (default
 * `<locales>/intentionally-equal.json`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as i18nextParser from 'i18next-parser';

interface ExtractedKey {
  key: string;
  namespace?: string;
}
/** i18next-parser exports its lexers at run time (dist/index.js) but leaves them out of its type declarations. */
const { JsxLexer } = i18nextParser as unknown as {
  JsxLexer: new (options: object) => { extract(code: string, file: string): ExtractedKey[] };
};

const REFERENCE = 'en';
const PLURAL = /_(zero|one|two|few|many|other)$/;
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

type Texts = Map<string, string>;

export interface NamespaceReport {
  language: string;
  namespace: string;
  missing: string[];
  identical: string[];
  unused: string[];
  placeholders: { key: string; english: string[]; translated: string[] }[];
}

export interface I18nCheckOptions {
  localesDir: string;
  sourceDirs: string[];
  /** `{ "<lang>" | "*": ["<namespace>:<key>", …] }`: texts that are rightly the same as English. */
  equalFile?: string;
}

/** The leaf texts of a locale file, by dotted key. */
function flatten(value: unknown, prefix = '', into: Texts = new Map()): Texts {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

function readTexts(file: string): Texts {
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : new Map();
}

const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

/** `{{name}}`, `$t(…)` and `<0>`-style tags of a text, sorted, so two texts can be compared. */
export function placeholdersOf(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map(([, name]) => `{{${name}}}`),
    ...[...text.matchAll(/\$t\([^)]*\)/g)].map(([match]) => match),
    ...[...text.matchAll(/<\/?(\d+|[a-z][\w-]*)\s*\/?>/g)].map(([match]) => match.replace(/\s+/g, '')),
  ];
  return found.sort();
}

/** Whether a text has anything to translate: a placeholder, a number or a symbol alone has not. */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>/g, ''));

/** The keys `language` needs for English's `keys`: a plural needs each form English has that the language uses. */
function requiredKeys(englishKeys: readonly string[], language: string): string[] {
  const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
  return englishKeys.filter((key) => {
    const form = PLURAL.exec(key)?.[1];
    return !form || form === 'other' || categories.has(form as Intl.LDMLPluralRule);
  });
}

/** What the sources reference: exact keys (`ns:key` or bare), string literals, and prefixes of keys built at run time. */
export function scanUsage(sourceDirs: readonly string[]): { literals: Set<string>; prefixes: string[] } {
  const lexer = new JsxLexer({ functions: ['t'], namespaceFunctions: ['useTranslation', 'withTranslation'] });
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  const visit = (path: string, named = false) => {
    if (statSync(path).isDirectory()) {
      if (!/node_modules|\/dist/.test(path)) list(path).forEach((child) => visit(join(path, child)));
      return;
    }
    // A file named on its own (the config, whose `marketingTitles` are keys) is read for its strings only.
    if (!named && (!SOURCE.test(path) || /\.d\.ts$/.test(path))) return;
    const code = readFileSync(path, 'utf8');
    const keys = SOURCE.test(path) ? lexer.extract(code, path) : [];
    for (const { key, namespace } of keys) {
      literals.add(key);
      if (namespace && !key.includes(':')) literals.add(`${namespace}:${key}`);
    }
    for (const [, single, double] of code.matchAll(/'([^'\n\\]{2,})'|"([^"\n\\]{2,})"/g)) literals.add((single ?? double)!);
    for (const [, prefix] of code.matchAll(/`([\w.:-]+)\$\{/g)) prefixes.add(prefix!);
  };
  sourceDirs.forEach((dir) => existsSync(dir) && visit(dir, true));
  return { literals, prefixes: [...prefixes] };
}

function isUsed(namespace: string, key: string, usage: ReturnType<typeof scanUsage>): boolean {
  const base = key.replace(PLURAL, '');
  return [key, base].some(
    (k) =>
      usage.literals.has(k) ||
      usage.literals.has(`${namespace}:${k}`) ||
      usage.prefixes.some((prefix) => k.startsWith(prefix) || `${namespace}:${k}`.startsWith(prefix)),
  );
}

/** The report for every language of `localesDir` other than English, one entry per namespace English has. */
export function checkTranslations(options: I18nCheckOptions): NamespaceReport[] {
  const { localesDir } = options;
  const equalFile = options.equalFile ?? join(localesDir, 'intentionally-equal.json');
  const equal = existsSync(equalFile)
    ? (JSON.parse(readFileSync(equalFile, 'utf8')) as Record<string, string[]>)
    : {};
  const usage = scanUsage(options.sourceDirs);
  const namespaces = list(join(localesDir, REFERENCE))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
  const languages = list(localesDir).filter(
    (name) => name !== REFERENCE && statSync(join(localesDir, name)).isDirectory(),
  );
  const reports: NamespaceReport[] = [];
  // English's own keys that no code names, once; each language's report names only its own extra keys.
  for (const namespace of namespaces) {
    const english = readTexts(join(localesDir, REFERENCE, `${namespace}.json`));
    const unused = [...english.keys()].filter((key) => !isUsed(namespace, key, usage));
    reports.push({ language: REFERENCE, namespace, missing: [], identical: [], unused, placeholders: [] });
  }
  for (const language of languages) {
    const meantEqual = new Set([...(equal['*'] ?? []), ...(equal[language] ?? [])]);
    for (const namespace of namespaces) {
      const english = readTexts(join(localesDir, REFERENCE, `${namespace}.json`));
      const translated = readTexts(join(localesDir, language, `${namespace}.json`));
      const report: NamespaceReport = { language, namespace, missing: [], identical: [], unused: [], placeholders: [] };
      report.missing = requiredKeys([...english.keys()], language).filter((key) => !translated.has(key));
      for (const [key, text] of translated) {
        // A plural form English lacks (Arabic's `_few`) is compared with English's `_other`.
        const reference = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
        if (reference === undefined) {
          if (!isUsed(namespace, key, usage)) report.unused.push(key);
          continue;
        }
        if (text === english.get(key) && hasWords(text) && !meantEqual.has(`${namespace}:${key}`))
          report.identical.push(key);
        const [want, got] = [placeholdersOf(reference), placeholdersOf(text)];
        // `{{count}}` may be left out of a form that names its number (French "un", Arabic's singular).
        const wanted = PLURAL.test(key) ? want.filter((p) => p !== '{{count}}') : want;
        const gotten = PLURAL.test(key) ? got.filter((p) => p !== '{{count}}') : got;
        if (wanted.join() !== gotten.join()) report.placeholders.push({ key, english: want, translated: got });
      }
      reports.push(report);
    }
  }
  return reports;
}

/** Prints the report; returns the exit code: 1 when a key is missing or a placeholder differs. */
export function printReport(reports: readonly NamespaceReport[], print: (line: string) => void): number {
  let failures = 0;
  for (const report of reports) {
    const { missing, identical, unused, placeholders } = report;
    if (!missing.length && !identical.length && !unused.length && !placeholders.length) continue;
    print(`\n${report.language}/${report.namespace}.json`);
    missing.forEach((key) => print(`  ✗ missing              ${key}`));
    placeholders.forEach(({ key, english, translated }) =>
      print(`  ✗ placeholders differ  ${key}: English has ${english.join(' ') || 'none'}, this has ${translated.join(' ') || 'none'}`),
    );
    identical.forEach((key) => print(`  ? same as English      ${key} (probably untranslated; if meant, list it in intentionally-equal.json)`));
    unused.forEach((key) => print(`  - unused               ${key} (no code names it)`));
    failures += missing.length + placeholders.length;
  }
  const count = (pick: (r: NamespaceReport) => unknown[]) => reports.reduce((n, r) => n + pick(r).length, 0);
  print(
    `\n${count((r) => r.missing)} missing, ${count((r) => r.placeholders)} placeholder mismatches, ` +
      `${count((r) => r.identical)} same as English, ${count((r) => r.unused)} unused`,
  );
  return failures > 0 ? 1 : 0;
}

function option(argv: readonly string[], name: string): string[] {
  return argv.flatMap((arg, i) => (arg === name && argv[i + 1] ? [argv[i + 1]!] : []));
}

export function runI18nCheck(argv: readonly string[], print: (line: string) => void, env = process.env): number {
  const root = resolve(import.meta.dirname, '..');
  const localesDir = resolve(option(argv, '--locales')[0] ?? env.LOCALES_DIR ?? join(root, 'locales'));
  const sources = option(argv, '--source');
  const defaults = ['core', 'plugins', 'server', 'contract', 'portal.config.json'];
  const sourceDirs = (sources.length ? sources : defaults).map((dir) => resolve(root, dir));
  const equalFile = option(argv, '--equal')[0];
  return printReport(checkTranslations({ localesDir, sourceDirs, equalFile }), print);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  process.exit(runI18nCheck(process.argv.slice(2), (line) => console.log(line)));
