import { hash, verify, type Algorithm } from '@node-rs/argon2';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** `Algorithm` is an ambient const enum, unusable under isolatedModules: 2 is Argon2id. */
const ARGON2ID = 2 as Algorithm;

/** argon2id through the async API: hashing runs on libuv's pool, so logins do not block other requests. */
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(readonly params: Argon2Params = OWASP_ARGON2) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, ...this.params });
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      await this.burn(password);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time of a real verification, so an unknown account answers as slowly as a known one. */
  async burn(password: string): Promise<void> {
    this.dummyHash ??= this.hash('not-a-real-password-0');
    try {
      await verify(await this.dummyHash, password);
    } catch {
      // the outcome is irrelevant: only the time spent matters
    }
  }
}
