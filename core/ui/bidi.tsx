import type { ReactNode } from 'react';

/**
 * Data whose direction is its own: a name, an organisation, a description the server sends, an email typed by a
 * person. In an Arabic page an English sentence keeps its full stop at its end (not ".your own products") and
 * an Arabic name inside English text stays whole: the browser lays the value out by its first strong letter,
 * apart from what surrounds it (`<bdi>` isolates, with `dir="auto"` by default).
 * @example
 * <p>{t('members.removed')} <Bdi>{member.name}</Bdi></p>
 */
export function Bdi({ children, className }: { children?: ReactNode; className?: string }) {
  return <bdi className={className}>{children}</bdi>;
}

/**
 * A code that reads left to right in every language: a hex colour (`#f5a623`, never `f5a623#`), an IP range
 * (`2001:db8::/32`), an email address, an invoice number. Isolated and laid out left to right.
 * @example
 * <Ltr>{range}</Ltr>
 */
export function Ltr({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/**
 * The same isolation for a code inside a string (a translated sentence's value, a placeholder, an attribute):
 * Unicode's left-to-right isolate around it, which text rendering honours where no element can go.
 * @example t('ip.invalid', { value: ltrText(line) })
 */
export const ltrText = (code: string): string => `\u2066${code}\u2069`;
