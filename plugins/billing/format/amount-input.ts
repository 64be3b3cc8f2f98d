/**
 * The typed-back verification amount as people write it ('0.42', '0,42', '.42', '$0.42') in cents; null when the
 * text is not an amount with at most two decimals.
 * @example centsFromText('0,42') // 42
 */
export function centsFromText(text: string): number | null {
  const match = /^\s*\$?\s*(\d*)(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match || (match[1] === '' && match[2] === undefined)) return null;
  const whole = Number(match[1] || '0');
  const fraction = Number((match[2] ?? '').padEnd(2, '0') || '0');
  return whole * 100 + fraction;
}

/**
 * A money amount typed in major units ('250', '250.50', '1 000,5') as minor units; null when it is not one.
 * @example minorFromText('250.5', 100) // 25050
 */
export function minorFromText(text: string, perMajor: number): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const match = /^\$?(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const digits = Math.round(Math.log10(perMajor));
  const fraction = (match[2] ?? '').padEnd(digits, '0').slice(0, digits);
  return Number(match[1]) * perMajor + Number(fraction || '0');
}
