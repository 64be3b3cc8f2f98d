/**
 * Content negotiation for the Accept-Language header (RFC 9110, section 12.5.4): ranges in order of their
 * q-weight, each matched exactly ("fr-ca") or by its primary subtag ("fr-CA" finds "fr").
 */
export function matchLanguage(
  header: string | string[] | undefined,
  supported: readonly string[],
): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges = value
    .split(',')
    .map((part, index) => {
      const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const q = parameters.find((p) => p.toLowerCase().startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { range: range.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ range, weight }) => range !== '' && range !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of ranges) {
    const exact = supported.find((language) => language.toLowerCase() === range);
    if (exact) return exact;
    const primary = supported.find((language) => language.toLowerCase() === range.split('-')[0]);
    if (primary) return primary;
  }
  return undefined;
}
