/** Form libraries hand over undefined or null for untouched fields; the server always has a string. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/**
 * Counted in code points, like JSON Schema's minLength/maxLength on the server, so an emoji is one character.
 * @example codePointLength('😀') // 1
 */
export function codePointLength(value: string): number {
  return Array.from(value).length;
}
