import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serverRoot } from '../paths';
import type { MessageKey } from '../i18n/message';

export const COMMON_PASSWORD_MESSAGE = 'password.tooCommon' satisfies MessageKey;

/** The substitutions people make to pass a complexity rule: `P@ssw0rd` is `password`. */
const SUBSTITUTIONS: Record<string, readonly string[]> = {
  '@': ['a'],
  '4': ['a'],
  '8': ['b'],
  '3': ['e'],
  '6': ['g'],
  '9': ['g'],
  '1': ['i', 'l'],
  '!': ['i', 'l'],
  '|': ['l', 'i'],
  '0': ['o'],
  $: ['s'],
  '5': ['s'],
  '7': ['t'],
  '+': ['t'],
};

/** Spellings tried per candidate: `1` and `!` read as i or l double them; beyond this the password is not a word. */
const MAX_SPELLINGS = 64;
/** A word shorter than this is condemned only with a predictable tail ('Demo@1234'), never for itself. */
const LONG_WORD = 6;
const SHORT_WORD = 3;
/** What people add around a word: at most four digits (a year, 1234) and two symbols in all. */
const PREDICTABLE_DIGITS = 4;
const PREDICTABLE_SYMBOLS = 2;
/** Left beside the product's name, fewer letters than this add nothing ('MyKreano1!'). */
const NAME_REMAINDER = 4;

/** Every reading of `text` with its substitutions undone, plain letters kept; null when past MAX_SPELLINGS. */
function spellings(text: string): string[] | null {
  let results = [''];
  for (const char of text) {
    const options = SUBSTITUTIONS[char] ? [char, ...SUBSTITUTIONS[char]] : [char];
    results = results.flatMap((prefix) => options.map((option) => prefix + option));
    if (results.length > MAX_SPELLINGS) return null;
  }
  return results;
}

/**
 * The ways to read a password as word + additions: any part of its leading and trailing runs of non-letters
 * may be an addition ('!Football2024') or a substituted letter ('@dmin123'); what is cut off is the affix.
 */
function splits(lower: string): { word: string; affix: string }[] {
  const lead = /^[^a-z]*/.exec(lower)![0].length;
  const trail = lower.length - lead === 0 ? 0 : /[^a-z]*$/.exec(lower)![0].length;
  const out: { word: string; affix: string }[] = [];
  for (let start = 0; start <= lead; start++) {
    for (let end = lower.length; end >= lower.length - trail && end > start; end--) {
      out.push({ word: lower.slice(start, end), affix: lower.slice(0, start) + lower.slice(end) });
    }
  }
  return out;
}

function isPredictable(affix: string): boolean {
  const digits = affix.replace(/\D/g, '').length;
  return digits <= PREDICTABLE_DIGITS && affix.length - digits <= PREDICTABLE_SYMBOLS;
}

/**
 * The 10,000 most common passwords (see server/README.md for the source) and the product's own name, seen
 * through casing, the usual substitutions (@→a, 0→o, 1→i/l, 3→e, $→s…) and the digits and symbols people put
 * around a word: 'Password1!', 'P@ssw0rd', 'Demo@1234' and 'Kreano@2024' are all refused. Server-side only
 * (the list is too big for the portal); the portal shows the refusal on the password field (docs/validation-rules.md).
 */
export class CommonPasswords {
  private readonly words: Set<string>;
  private readonly productNames: string[];

  constructor(
    options: { productNames?: string[]; list?: string } = {},
  ) {
    const list = options.list ?? readFileSync(resolve(serverRoot, 'security/common-passwords.txt'), 'utf8');
    this.words = new Set(
      list
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    );
    this.productNames = (options.productNames ?? [])
      .map((name) => name.toLowerCase().replace(/[^a-z]/g, ''))
      .filter((name) => name.length >= SHORT_WORD);
  }

  get size(): number {
    return this.words.size;
  }

  isCommon(password: string): boolean {
    const lower = password.toLowerCase();
    if (this.words.has(lower)) return true;
    for (const { word, affix } of splits(lower)) {
      const predictable = affix === '' || isPredictable(affix);
      for (const spelling of spellings(word) ?? [word]) {
        if (this.isCommonWord(spelling, predictable)) return true;
      }
    }
    return false;
  }

  private isCommonWord(word: string, predictableAffix: boolean): boolean {
    // Substituted symbols inside the word ('p@ss#word') do not make it a word.
    if (!/^[a-z]+$/.test(word)) return false;
    if (this.words.has(word) && (word.length >= LONG_WORD || (predictableAffix && word.length >= SHORT_WORD)))
      return true;
    if (!predictableAffix) return false;
    return this.productNames.some((name) => {
      const at = word.indexOf(name);
      if (at < 0) return false;
      const rest = word.slice(0, at) + word.slice(at + name.length);
      return rest.length < NAME_REMAINDER || this.words.has(rest);
    });
  }
}
