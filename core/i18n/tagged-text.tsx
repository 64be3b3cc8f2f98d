import { cloneElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated sentence whose named tags become elements: `Read the <terms>Terms</terms>.` with
 * `components={{ terms: <a href="/terms" /> }}` renders the tag's text inside that link. Tags do not nest, and a tag
 * without a component stays as written, so a translator's typo shows instead of vanishing.
 *
 * react-i18next's `Trans` does this and more (nesting, values inside tags), but with its HTML parser it is 4.7 KiB
 * gzip on the sign-up page's first paint, over the auth routes' 180 KiB budget (docs/performance.md). Use `Trans`
 * where a sentence holds a value as well as markup.
 * @example
 * <TaggedText text={t('signUp.legal')} components={{ terms: <a href={links.terms} /> }} />
 */
export function TaggedText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const parts: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match;
    const element = components[name!];
    if (!element) continue;
    parts.push(text.slice(rest, match.index), cloneElement(element, { key: match.index }, inner));
    rest = match.index + whole.length;
  }
  parts.push(text.slice(rest));
  return <>{parts}</>;
}
