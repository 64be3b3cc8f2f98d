/**
 * An SVG document, judged by its text: an optional XML declaration, comments and a doctype without an internal
 * subset (entity definitions are refused as not an SVG rather than expanded), then the root `<svg`. Read in one
 * pass: a regular expression with a repeated comment group took minutes on 8 KB of `<!-- -->` (backtracking).
 */
export function looksLikeSvg(text: string): boolean {
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
  };
  skipSpace();
  if (text.startsWith('<?xml', at)) {
    const end = text.indexOf('?>', at);
    if (end === -1 || text.slice(at, end).includes('>')) return false;
    at = end + 2;
  }
  let doctypeSeen = false;
  for (;;) {
    skipSpace();
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end === -1) return false;
      at = end + 3;
    } else if (!doctypeSeen && /^<!DOCTYPE\s+svg/i.test(text.slice(at, at + 20))) {
      const end = text.indexOf('>', at);
      if (end === -1 || text.slice(at, end).includes('[')) return false;
      doctypeSeen = true;
      at = end + 1;
    } else break;
  }
  return /^<svg[\s>/]/i.test(text.slice(at, at + 5));
}

/** How big an SVG's element tree is: what parsing it would build. */
export interface SvgStructure {
  elements: number;
  /** The deepest nesting of elements (the root `<svg>` alone is 1). */
  depth: number;
}

/**
 * Counts an SVG's elements and their nesting from its text, in one pass and without building anything, so that a
 * document too big to clean safely is refused before a parser sees it (docs/branding.md, "Limits"). Comments,
 * CDATA, processing instructions and the doctype are skipped; quoted attribute values may hold `>` or `/>`. It is
 * not a validator: a malformed document is measured as far as it goes and left to the parser to refuse.
 */
export function measureSvg(text: string): SvgStructure {
  let elements = 0;
  let depth = 0;
  let deepest = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    const next = text[at + 1];
    if (text.startsWith('<!--', at)) at = after(text, '-->', at + 4);
    else if (text.startsWith('<![CDATA[', at)) at = after(text, ']]>', at + 9);
    else if (next === '?' || next === '!') at = after(text, '>', at + 2);
    else if (next === '/') {
      depth = Math.max(0, depth - 1);
      at = after(text, '>', at + 2);
    } else if (next !== undefined && /[A-Za-z_:]/.test(next)) {
      const end = tagEnd(text, at + 1);
      elements += 1;
      if (text[end - 1] !== '/') {
        depth += 1;
        deepest = Math.max(deepest, depth);
      } else deepest = Math.max(deepest, depth + 1);
      at = end + 1;
    } else at += 1;
    at = at >= text.length ? -1 : text.indexOf('<', at);
  }
  return { elements, depth: deepest };
}

/** The index just past `marker`, or the end of the text when it never comes. */
function after(text: string, marker: string, from: number): number {
  const found = text.indexOf(marker, from);
  return found === -1 ? text.length : found + marker.length;
}

/** The index of the `>` that closes a start tag, skipping quoted attribute values. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return text.length;
}
