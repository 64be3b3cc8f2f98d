import { availableParallelism } from 'node:os';
import { tooManyRequests } from '../http/errors';
import { Argon2Workers, type Argon2Params, type Argon2Runner } from './argon2-workers';
import { BoundedQueue, QueueFullError } from './bounded-queue';

export type { Argon2Params } from './argon2-workers';

/** OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * argon2id off the event loop: hashing runs on worker threads of its own at the lowest priority (argon2-workers.ts),
 * so logins neither block nor crowd out other requests. Every hash and verification takes a turn in a bounded
 * queue: no more run at once than the queue allows (the runner has that many threads), and when too many wait, the
 * request answers 429 SERVER_BUSY with Retry-After instead of stalling the whole server (docs/performance.md,
 * "A login storm").
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;
  /**
   * Sign-ins in progress, their database work included ({@link admit}): twice as many as hash at once, so that while
   * some hash, as many others can read and write their rows, and no more. The rest wait here, before their first
   * query: a storm of logins puts at most this many statements ahead of anyone else's on the database (PGlite runs
   * them one at a time on the event loop, PostgreSQL's pool has a few connections), not fifty.
   */
  private readonly admission: BoundedQueue;

  constructor(
    readonly params: Argon2Params = OWASP_ARGON2,
    private readonly queue = new BoundedQueue(availableParallelism(), availableParallelism() * 64),
    private readonly runner: Argon2Runner = new Argon2Workers(queue.concurrency),
  ) {
    this.admission = new BoundedQueue(queue.concurrency * 2, queue.maxWaiting);
  }

  /** Sign-ins admitted and waiting, hashes running and waiting (tests, and what a metrics page would show). */
  get load(): { signIns: BoundedQueue['load']; hashes: BoundedQueue['load'] } {
    return { signIns: this.admission.load, hashes: this.queue.load };
  }

  hash(password: string): Promise<string> {
    return this.inTurn(() => this.runner.hash(password, this.params));
  }

  /**
   * Runs a whole password sign-in (the account's lookup, the guess limits, the verification, the session) once it is
   * admitted; when too many already wait, it answers 429 SERVER_BUSY at once, before any query, so a known and an
   * unknown account are refused alike.
   */
  admit<T>(signIn: () => Promise<T>): Promise<T> {
    return this.queued(this.admission, signIn);
  }

  /** One argon2 operation (a hash or a verification) in its turn: the security suite counts these. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    return this.queued(this.queue, work);
  }

  private async queued<T>(queue: BoundedQueue, work: () => Promise<T>): Promise<T> {
    try {
      return await queue.run(work);
    } catch (error) {
      if (error instanceof QueueFullError)
        throw tooManyRequests('http.busy', error.retryAfterSeconds, 'SERVER_BUSY');
      throw error;
    }
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      await this.burn(password);
      return false;
    }
    return this.inTurn(() => this.runner.verify(passwordHash, password));
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
    await this.inTurn(() => this.runner.verify(dummy, password));
  }

  /** Stops the hashing threads (the server's close). */
  close(): Promise<void> {
    return this.runner.close();
  }
}
