/**
 * JSON text read from a deployer's file (portal.config.json, a locale file), parsed so that a syntax error names its
 * line and column. JavaScript engines word JSON.parse's errors differently and often give no position at all
 * (V8: `Unexpected token '}', "{"a": }" is not valid JSON`), so the position comes from a small scan of our own,
 * run only once JSON.parse has refused the text.
 */
export type JsonText = { ok: true; value: unknown } | { ok: false; line: number; column: number; reason: string };

/** `text` parsed, or where and why it is not JSON. */
export function parseJsonText(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const { offset, reason } = firstSyntaxError(text);
    const before = text.slice(0, offset).split('\n');
    return { ok: false, line: before.length, column: before.at(-1)!.length + 1, reason };
  }
}

/** `<name>: is not valid JSON (line 3, column 5: expected "," or "}")`. */
export function describeJsonError(name: string, error: Extract<JsonText, { ok: false }>): string {
  return `${name}: is not valid JSON (line ${error.line}, column ${error.column}: ${error.reason})`;
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters inside a string (RFC 8259 §7).
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** A recursive-descent reader of RFC 8259 that stops at the first character it cannot accept. */
function firstSyntaxError(text: string): { offset: number; reason: string } {
  let at = 0;
  class Stop {
    constructor(
      readonly offset: number,
      readonly reason: string,
    ) {}
  }
  const fail = (reason: string): never => {
    throw new Stop(at, at >= text.length ? 'unexpected end of the file' : reason);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at += 1;
  };
  const match = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') return members('}', () => {
      space();
      if (!match(STRING)) fail('expected a property name in double quotes');
      space();
      if (text[at] !== ':') fail('expected ":" after the property name');
      at += 1;
      value();
    });
    if (char === '[') return members(']', value);
    if (char === '"') return void (match(STRING) || fail('unterminated or invalid string'));
    for (const word of ['true', 'false', 'null'])
      if (text.startsWith(word, at)) return void (at += word.length);
    if (!match(NUMBER)) fail(`unexpected character "${char}"`);
  };
  const members = (close: string, member: () => void): void => {
    at += 1;
    space();
    if (text[at] === close) return void (at += 1);
    for (;;) {
      member();
      space();
      if (text[at] === close) return void (at += 1);
      if (text[at] !== ',') fail(`expected "," or "${close}"`);
      at += 1;
    }
  };
  try {
    value();
    space();
    if (at < text.length) fail('unexpected text after the end of the JSON value');
  } catch (error) {
    if (error instanceof Stop) return error;
    throw error;
  }
  // JSON.parse refused what this reader accepts: only a lone surrogate or similar; point at the start.
  return { offset: 0, reason: 'not valid JSON' };
}
