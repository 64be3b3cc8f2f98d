/**
 * pro-components' texts per antd locale name (`de_DE`), filled when a reader's language is loaded
 * (library-locales.ts). The build points pro-provider's table of languages here instead of importing all 33
 * (tooling/vite-pro-locales.ts): each entry reads English until its own texts arrive, so no language falls back
 * to pro-provider's Chinese, and a language added at run time gets its texts by name, with no build.
 */
const texts = new Map<string, Record<string, unknown>>();

/** The (shared, filled later) texts of `name`; reads `english` for whatever it does not hold yet. */
export function proLocaleTexts(name: string, english?: object): Record<string, unknown> {
  let entry = texts.get(name);
  if (!entry) texts.set(name, (entry = Object.create(null) as Record<string, unknown>));
  if (english && Object.getPrototypeOf(entry) === null) Object.setPrototypeOf(entry, english);
  return entry;
}
