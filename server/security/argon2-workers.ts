import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The cost of an argon2id hash (password-hasher.ts holds the OWASP values). */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Where argon2id runs. PasswordHasher decides when (its queue); a runner decides on which thread. */
export interface Argon2Runner {
  hash(password: string, params: Argon2Params): Promise<string>;
  /** False for a wrong password and for a stored hash that is not one argon2 can read. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How much lower than the rest of the server the hashing threads run (Linux nice 19, the lowest). A thread at nice
 * 19 weighs 15 against the event loop's 1024 in the kernel's scheduler, so when a login storm keeps every core
 * busy hashing, the event loop (and PGlite, which runs on it) still gets a core as soon as a request needs one;
 * with nothing else to do, the hashes use every core as before (docs/performance.md, "A login storm").
 */
export const HASH_THREAD_NICENESS = constants.priority.PRIORITY_LOW;

/**
 * The worker's code, CommonJS evaluated in the worker (no file to build or bundle): it lowers its own thread's
 * priority (Linux keeps a nice value per thread: setpriority with the thread id reaches only this thread), says
 * whether that worked, then hashes one job at a time with the synchronous API, on this thread and not libuv's.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2);
let lowered = false;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.niceness);
  lowered = true;
} catch {}
parentPort.on('message', (job) => {
  try {
    const result =
      job.op === 'hash'
        ? argon2.hashSync(job.password, { algorithm: 2 /* argon2id */, ...job.params })
        : argon2.verifySync(job.passwordHash, job.password);
    parentPort.postMessage({ result });
  } catch (error) {
    if (job.op === 'verify') parentPort.postMessage({ result: false });
    else parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
});
parentPort.postMessage({ ready: true, lowered });
`;

type Job =
  | { op: 'hash'; password: string; params: Argon2Params }
  | { op: 'verify'; passwordHash: string; password: string };

interface Pending {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Pending | null;
}

/**
 * argon2id on `threads` worker threads of their own at the lowest priority: hashing never holds the event loop,
 * never takes libuv's pool from WebCrypto (every access token's signature check runs there), and yields the CPU
 * to the rest of the server. @node-rs/argon2's async API would run on libuv's pool instead (napi async work; the
 * module starts no threads of its own), at the process's priority. The threads start with the first hash and do not
 * keep the process alive while idle.
 * Where the priority cannot be lowered (not Linux), they hash at the normal priority: {@link lowered} says which.
 */
export class Argon2Workers implements Argon2Runner {
  private readonly idle: Thread[] = [];
  private readonly all = new Set<Thread>();
  private readonly waiting: Pending[] = [];
  private readonly argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
  private closed = false;
  /** Whether the started threads run at the lowered priority; null before the first one started. */
  lowered: boolean | null = null;

  constructor(
    readonly threads: number,
    private readonly niceness: number = HASH_THREAD_NICENESS,
  ) {
    if (!Number.isInteger(threads) || threads < 1) throw new Error('threads must be a positive integer');
  }

  hash(password: string, params: Argon2Params): Promise<string> {
    return this.submit({ op: 'hash', password, params }) as Promise<string>;
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.submit({ op: 'verify', passwordHash, password }) as Promise<boolean>;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('the hasher is closed'));
    await Promise.all([...this.all].map((thread) => thread.worker.terminate()));
  }

  private submit(job: Job): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('the hasher is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const thread = this.idle.pop() ?? (this.all.size < this.threads ? this.start() : null);
      if (!thread) return;
      const pending = this.waiting.shift()!;
      thread.busy = pending;
      // Held while it hashes (a command such as \`npm run user:create\` waits for its hash), let go once idle.
      thread.worker.ref();
      thread.worker.postMessage(pending.job);
    }
  }

  private start(): Thread {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2: this.argon2Path, niceness: this.niceness },
    });
    worker.unref();
    const thread: Thread = { worker, busy: null };
    this.all.add(thread);
    worker.on(
      'message',
      (message: { ready?: true; lowered?: boolean; result?: string | boolean; error?: string }) => {
        if (message.ready) {
          this.lowered = message.lowered ?? false;
          return;
        }
        const pending = thread.busy;
        thread.busy = null;
        worker.unref();
        if (message.error !== undefined) pending?.reject(new Error(message.error));
        else pending?.resolve(message.result!);
        if (!this.closed) {
          this.idle.push(thread);
          this.dispatch();
        }
      },
    );
    // A thread that dies (out of memory, a native fault) fails its job; the next job starts a new thread.
    const gone = (error: Error) => {
      if (!this.all.delete(thread)) return;
      const index = this.idle.indexOf(thread);
      if (index >= 0) this.idle.splice(index, 1);
      thread.busy?.reject(error);
      thread.busy = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`a hashing thread stopped (${code})`)));
    return thread;
  }
}
