/**
 * The pseudo-locale (docs/translating.md): English, accented and lengthened, so that text a component holds
 * instead of a translation key stands out unaccented, and text that would clip in a longer language clips now.
 * Written here rather than taken from a library: `pseudo-localization` needs Node 23 and `i18next-pseudo` pulls
 * i18next 19 beside ours; the transform is the few lines below.
 */
export { PSEUDO_LOCALE } from './pseudo-locale-code';

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
const VOWELS = /[aeiouAEIOU]/;

/** Placeholders i18next and react-i18next fill in, left untouched: {{value}}, $t(key), <0>…</0>, <br/>. */
const PLACEHOLDER = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[^>]+>)/;

/** One string, pseudo-localised: every letter accented, every vowel doubled (about a third longer), bracketed. */
export function pseudoLocalize(text: string): string {
  const parts = text.split(PLACEHOLDER).map((part, index) =>
    index % 2 === 1
      ? part
      : Array.from(part, (char) => {
          const accented = ACCENTED[char] ?? char;
          return VOWELS.test(char) ? accented + accented : accented;
        }).join(''),
  );
  return `⟦${parts.join('')}⟧`;
}

type Resources = { [key: string]: string | Resources };

/** A whole namespace file, pseudo-localised value by value (keys unchanged). */
export function pseudoLocalizeResources(resources: Resources): Resources {
  return Object.fromEntries(
    Object.entries(resources).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoLocalize(value) : pseudoLocalizeResources(value),
    ]),
  );
}
