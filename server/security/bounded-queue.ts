/**
 * Runs at most `concurrency` tasks at once and lets at most `maxWaiting` more wait their turn; beyond that it
 * refuses at once with an estimate of when a place frees up. In front of the password hasher (password-hasher.ts)
 * it keeps a login storm from running more argon2id hashes than there are cores, which starved every other
 * request (docs/performance.md, "A login storm").
 */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('queue full');
    this.name = 'QueueFullError';
  }
}

export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Moving average of a task's duration, for the Retry-After estimate. */
  private averageMs: number;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    options: { initialAverageMs?: number; now?: () => number } = {},
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');
    this.averageMs = options.initialAverageMs ?? 20;
    this.now = options.now ?? (() => performance.now());
  }

  private readonly now: () => number;

  /** Tasks running now and waiting: what a new one would queue behind. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else if (this.waiting.length < this.maxWaiting) {
      // The finishing task hands its place over (release below), so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new QueueFullError(this.retryAfterSeconds());
    }
    const started = this.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (this.now() - started);
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  /** Whole seconds until the tasks ahead of a newcomer are likely done (at least 1). */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length;
    return Math.max(1, Math.ceil(((ahead / this.concurrency) * this.averageMs) / 1000));
  }
}
