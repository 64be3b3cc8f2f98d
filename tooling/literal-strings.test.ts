import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The translators' guard (docs/translating.md): the project's own lint configuration refuses user-visible text
 * written in a component instead of a locale file, for any plugin, including one that does not exist yet.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function literalStringProblems(code: string, filePath = 'plugins/new-feature/pages/example-page.tsx') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'i18next/no-literal-string').map((m) => m.line);
}

describe('user-visible literal strings in components', () => {
  it('are refused in JSX text, in a conditional inside JSX and in text-bearing props', async () => {
    const code = [
      "export function Page({ ok }: { ok: boolean }) {",
      '  return (',
      '    <section>',
      '      <h1>Invoices</h1>',
      "      <p>{ok ? 'Paid' : 'Open'}</p>",
      '      <input placeholder="Search invoices" />',
      '    </section>',
      '  );',
      '}',
    ].join('\n');
    expect(await literalStringProblems(code)).toEqual([4, 5, 5, 6]);
  });

  it('are refused in core screens too', async () => {
    const code = 'export const Empty = () => <p>Nothing here yet</p>;';
    expect(await literalStringProblems(code, 'core/layout/empty-state.tsx')).toEqual([1]);
  });

  it('let translated text, keys passed to functions, class names, ids and symbols through', async () => {
    const code = [
      "import { useTranslation } from 'react-i18next';",
      "const format = (value: string) => value;",
      'export function Page() {',
      "  const { t } = useTranslation('new-feature');",
      '  return (',
      '    <section id="invoices" className="billing-page">',
      "      <h1 title={t('title')}>{t('heading')}</h1>",
      "      <p aria-hidden=\"true\">{'\\u2713'}</p>",
      "      <time>{format('2026-01-01')}</time>",
      '      <input placeholder={t(\'search\')} type="search" />',
      '    </section>',
      '  );',
      '}',
    ].join('\n');
    expect(await literalStringProblems(code)).toEqual([]);
  });

  it('does not apply to tests, which may render any text they like', async () => {
    const code = 'export const Probe = () => <p>Hello</p>;';
    expect(await literalStringProblems(code, 'plugins/new-feature/pages/example-page.test.tsx')).toEqual([]);
  });
});
