/**
 * Money as the API sends it: an integer amount in the currency's minor units (cents) and an ISO 4217 code.
 * Shown in the page's language (digits and symbol order follow it; the currency stays the organisation's).
 * @example formatMoney(12345, 'AUD', 'en') // '$123.45' ; formatMoney(12345, 'AUD', 'fr') // '123,45 $AU'
 * @example formatMoney(-11000, 'AUD', 'en') // '-$110.00'
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const format = moneyFormat(currency, language);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** The number of minor units in one major unit of `currency` (100 for AUD, 1 for JPY). */
export function minorPerMajor(currency: string): number {
  return 10 ** (moneyFormat(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2);
}

function moneyFormat(currency: string, language: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale(language), { style: 'currency', currency });
  } catch {
    // An unknown code still shows the number rather than breaking the table.
    return new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'AUD' });
  }
}

// The product's region is Australia: English amounts read as in en-AU ('$' is the Australian dollar there). Every
// other language writes numbers, signs and the currency its own way (Arabic: '‎-110.00 AU$' with its direction
// marks, never '$110.00-').
function locale(language: string): string {
  if (language.split('-')[0] === 'en') return 'en-AU';
  try {
    return Intl.NumberFormat.supportedLocalesOf(language).length > 0 ? language : 'en-AU';
  } catch {
    return 'en-AU';
  }
}

/** A count of units in the page's language (12 345 in French, 12,345 in English). */
export function formatUnits(units: number, language: string): string {
  return new Intl.NumberFormat(locale(language)).format(units);
}

/** A share (0.8) as a percentage in the page's language (80%, 80 %). */
export function formatPercent(share: number, language: string): string {
  return new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
