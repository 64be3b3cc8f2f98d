import { describe, expect, it } from 'vitest';
import { describeJsonError, parseJsonText } from './json-text';

/** Where `text` stops being JSON, as `line:column reason`. */
function where(text: string): string {
  const parsed = parseJsonText(text);
  if (parsed.ok) throw new Error('expected a syntax error');
  return `${parsed.line}:${parsed.column} ${parsed.reason}`;
}

describe('JSON text from a deployer', () => {
  it('parses valid JSON', () => {
    expect(parseJsonText('{ "a": [1, 2.5e3, "x", true, null] }')).toEqual({
      ok: true,
      value: { a: [1, 2500, 'x', true, null] },
    });
  });

  it('names the line and column of the first mistake, whatever the engine says', () => {
    expect(where('{\n  "a": 1,\n}')).toBe('3:1 expected a property name in double quotes');
    expect(where('{ "a": }')).toBe('1:8 unexpected character "}"');
    expect(where('{ "a" 1 }')).toBe('1:7 expected ":" after the property name');
    expect(where('[1, 2\n 3]')).toBe('2:2 expected "," or "]"');
    expect(where('{ "a": 1 } x')).toBe('1:12 unexpected text after the end of the JSON value');
    expect(where('{ "a": "line\nbreak" }')).toBe('1:8 unterminated or invalid string');
    expect(where('{ "a": [1,')).toBe('1:11 unexpected end of the file');
    expect(where('')).toBe('1:1 unexpected end of the file');
  });

  it('says it in one line with the file name', () => {
    const parsed = parseJsonText('{\n  "i18n": { "languages": ["en",] }\n}');
    if (parsed.ok) throw new Error('expected a syntax error');
    expect(describeJsonError('portal.config.json', parsed)).toBe(
      'portal.config.json: is not valid JSON (line 2, column 32: unexpected character "]")',
    );
  });
});
