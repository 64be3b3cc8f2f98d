import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { tooManyRequests } from '../http/errors';
import { BoundedQueue, QueueFullError } from './bounded-queue';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** `Algorithm` is an ambient const enum, unusable under isolatedModules: 2 is Argon2id. */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id through the async API: hashing runs on libuv's pool, so logins do not block other requests. Every
 * hash and verification takes a turn in a bounded queue: no more run at once than there are cores, and when too
 * many wait, the request answers 429 SERVER_BUSY with Retry-After instead of stalling the whole server
 * (docs/performance.md, "A login storm").
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(
    readonly params: Argon2Params = OWASP_ARGON2,
    private readonly queue = new BoundedQueue(availableParallelism(), availableParallelism() * 64),
  ) {}

  hash(password: string): Promise<string> {
    return this.inTurn(() => hash(password, { algorithm: ARGON2ID, ...this.params }));
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.queue.run(work);
    } catch (error) {
      if (error instanceof QueueFullError) throw tooManyRequests('http.busy', error.retryAfterSeconds, 'SERVER_BUSY');
      throw error;
    }
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      await this.burn(password);
      return false;
    }
    return this.inTurn(() => verify(passwordHash, password).catch(() => false));
  }

  /** Spends the time of a real verification, so an unknown account answers as slowly as a known one. */
  async burn(password: string): Promise<void> {
    // A refused turn must not leave a rejected promise behind for every later unknown-account login.
    this.dummyHash ??= this.hash('not-a-real-password-0').catch((error: unknown) => {
      this.dummyHash = null;
      throw error;
    });
    const dummy = await this.dummyHash;
    // The outcome is irrelevant: only the time spent (and the turn taken) matters.
    await this.inTurn(() => verify(dummy, password).catch(() => false));
  }
}
