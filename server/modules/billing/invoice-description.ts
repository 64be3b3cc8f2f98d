import type { Invoice } from '../../../contract/v1/billing';
import type { ServerI18n } from '../../i18n/server-i18n';
import { CATALOGUE } from './catalogue';

/** Where a value goes in a template when its English form is taken apart. */
const SLOT = '\u0000';

/** The text before and after `{{value}}` in the English of `key`, so a stored description can be read back. */
function englishAround(i18n: ServerI18n, key: string, value: string): [string, string] {
  const [before = '', after = ''] = i18n.t(key, 'en', { [value]: SLOT }).split(SLOT);
  return [before, after];
}

/**
 * An invoice's description (and each line's) in the reader's language. The stored description is the English
 * the server wrote when it issued the document, from the same locale files: a bucket's name
 * (`billing.products.<id>`), `billing.invoice.renewalLine`, `billing.invoice.refundLine` or
 * `billing.invoice.payAsYouGoLine`. It is read back by those English templates and written again in `language`;
 * a text none of them made (an older release's, a provider's) is shown as stored.
 * @example localisedDescription(i18n, 'Starter bucket (renewal)', 'fr') // 'Lot Découverte (renouvellement)'
 */
export function localisedDescription(i18n: ServerI18n, stored: string, language: string): string {
  if (language === 'en') return stored;
  const product = (text: string) => {
    const item = CATALOGUE.find((candidate) => i18n.t(`billing.products.${candidate.id}`, 'en') === text);
    return item ? i18n.t(`billing.products.${item.id}`, language) : null;
  };
  const named = product(stored);
  if (named) return named;
  for (const key of ['billing.invoice.renewalLine', 'billing.invoice.refundLine'] as const) {
    const [before, after] = englishAround(i18n, key, 'name');
    if (!stored.startsWith(before) || !stored.endsWith(after) || stored.length <= before.length + after.length)
      continue;
    const name = product(stored.slice(before.length, stored.length - after.length));
    if (name) return i18n.t(key, language, { name });
  }
  const [before, after] = englishAround(i18n, 'billing.invoice.payAsYouGoLine', 'month');
  const month = stored.startsWith(before) && stored.endsWith(after) ? stored.slice(before.length, stored.length - after.length) : '';
  if (/^\d{4}-\d{2}$/.test(month)) return i18n.t('billing.invoice.payAsYouGoLine', language, { month });
  return stored;
}

/** The invoice (an answer's or a stored row) with its descriptions in `language` (GET /v1/bill, the PDF). */
export function localisedInvoice<T extends Pick<Invoice, 'description' | 'lines'>>(
  i18n: ServerI18n,
  invoice: T,
  language: string,
): T {
  return {
    ...invoice,
    description: localisedDescription(i18n, invoice.description, language),
    lines: invoice.lines.map((line) => ({
      ...line,
      description: localisedDescription(i18n, line.description, language),
    })),
  };
}
