import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serverRoot } from '../paths';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable password';

/**
 * The 10,000 most common passwords (see server/README.md for the source). Matching is case-insensitive and also
 * looks through the digits and symbols people append to satisfy complexity rules ("Password1!" is "password").
 */
export class CommonPasswords {
  private readonly words: Set<string>;

  constructor(list = readFileSync(resolve(serverRoot, 'security/common-passwords.txt'), 'utf8')) {
    this.words = new Set(
      list
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    );
  }

  get size(): number {
    return this.words.size;
  }

  isCommon(password: string): boolean {
    const lower = password.toLowerCase();
    if (this.words.has(lower)) return true;
    const core = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
    // Short cores ("demo", "abc") are too generic to condemn a long password built around them.
    return core.length >= 6 && this.words.has(core);
  }
}
