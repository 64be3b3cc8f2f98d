// Counted in code points so an emoji or accented letter is never cut in half.
const ELLIPSIS = '...';

/**
 * Keeps the first `max` characters and marks the cut (docs/limits-and-timing.md: 30).
 * @example truncateEnd('Quarterly statement for the Document Apps', 30) // 'Quarterly statement for the Do...'
 */
export function truncateEnd(text: string, max = 30): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}

/**
 * Shortens long identifiers (file names, emails, ids) in the middle so both ends stay readable:
 * a text over 35 characters becomes its first 15 + '...' + its last 15.
 * @example truncateMiddle('a-very-long-contract-file-name-for-2026.pdf') // 'a-very-long-con...me-for-2026.pdf'
 */
export function truncateMiddle(text: string, { max = 35, head = 15, tail = 15 } = {}): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, head).join('') + ELLIPSIS + chars.slice(chars.length - tail).join('');
}
