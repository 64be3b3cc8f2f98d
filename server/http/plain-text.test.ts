import Ajv from 'ajv';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { plainTextProblem } from './plain-text';
import { requestSchema } from './request-schema';
import { CONTRACT_AJV_OPTIONS, contractKeywords } from './validation';

const codePoints = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
const hex = (text: string) => `U+${text.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('plainTextProblem', () => {
  it('refuses every C0 control, DEL, every C1 control and the line and paragraph separators in single-line text', () => {
    for (const char of [...codePoints(0x00, 0x1f), '\u007f', ...codePoints(0x80, 0x9f), '\u2028', '\u2029'])
      expect(plainTextProblem(`a${char}b`, 'single-line'), hex(char)).toBe('control-character');
  });

  it('lets multi-line text keep TAB, LF and CR, and nothing else of those', () => {
    for (const char of ['\t', '\n', '\r'])
      expect(plainTextProblem(`a${char}b`, 'multi-line'), hex(char)).toBeNull();
    for (const char of ['\u0000', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u2028'])
      expect(plainTextProblem(`a${char}b`, 'multi-line'), hex(char)).toBe('control-character');
  });

  it('refuses a lone surrogate but not a pair', () => {
    expect(plainTextProblem('a\ud800b', 'single-line')).toBe('malformed-text');
    expect(plainTextProblem('a\udfffb', 'multi-line')).toBe('malformed-text');
    expect(plainTextProblem('a😀b', 'single-line')).toBeNull();
  });

  it('lets every printable text through: accents, other scripts, emoji, symbols, spaces', () => {
    for (const text of [
      'Zoë',
      'José',
      '中文',
      'Ελληνικά',
      'عربى',
      '😀👩‍👩‍👧',
      "O'Brien-Smith",
      'a b',
      '\u00a0',
      '<>&"\'',
      '\u00ff',
    ])
      expect(plainTextProblem(text, 'single-line'), text).toBeNull();
  });
});

describe('requestSchema', () => {
  const ajv = contractKeywords(new Ajv({ ...CONTRACT_AJV_OPTIONS }));

  it('adds the checks to every string and number at any depth, and leaves the original schema as it was', () => {
    const original = Type.Object({
      name: Type.String(),
      note: Type.String({ 'x-plain-text': 'multi-line' }),
      tags: Type.Array(Type.String()),
      nested: Type.Object({
        id: Type.Union([Type.String(), Type.Null()]),
        days: Type.Integer({ maximum: 10 }),
      }),
    });
    const before = JSON.stringify(original);
    const validate = ajv.compile(requestSchema(original));
    expect(JSON.stringify(original)).toBe(before);
    const valid = { name: 'a', note: 'line\nline', tags: ['x'], nested: { id: null, days: 3 } };
    expect(validate(valid)).toBe(true);
    for (const invalid of [
      { ...valid, name: 'a\u0000' },
      { ...valid, note: 'a\u0000' },
      { ...valid, tags: ['x', 'y\n'] },
      { ...valid, nested: { id: 'z\u2028', days: 3 } },
      { ...valid, nested: { id: null, days: Infinity } },
      { ...valid, nested: { id: null, days: '1e999' } },
    ])
      expect(validate(structuredClone(invalid)), JSON.stringify(invalid)).toBe(false);
  });
});
