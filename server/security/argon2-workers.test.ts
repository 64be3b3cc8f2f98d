import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ARGON2 } from '../test/test-app';
import { Argon2Workers, HASH_THREAD_NICENESS } from './argon2-workers';

/**
 * The server's hashing threads (docs/performance.md, "A login storm"): argon2id away from the event loop and from
 * libuv's pool, on no more threads than asked, each at the lowest priority so that the rest of the server comes
 * first when the cores are busy. Read from /proc (Linux, where the server runs in production and in CI).
 */

/** The nice value of each of this process's threads, from /proc/self/task/<id>/stat (field 19). */
function threadNiceness(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      threads.set(Number(id), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

/** The ids of this process's threads at the hashing threads' priority. */
const lowered = () =>
  new Set([...threadNiceness()].filter(([, nice]) => nice === HASH_THREAD_NICENESS).map(([id]) => id));

/**
 * Such threads that were not there `before`: a test file run earlier in this worker may still be ending hashing
 * threads of its own, so a count taken before and after could lose one of those meanwhile.
 */
const loweredSince = (before: Set<number>) => [...lowered()].filter((id) => !before.has(id)).length;

let workers: Argon2Workers | null = null;
afterEach(async () => {
  await workers?.close();
  workers = null;
});

describe('Argon2Workers', () => {
  it('hashes and verifies argon2id: the right password passes, a wrong one and an unreadable hash do not', async () => {
    workers = new Argon2Workers(1);
    const stored = await workers.hash('Right-password-1', TEST_ARGON2);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await workers.verify(stored, 'Right-password-1')).toBe(true);
    expect(await workers.verify(stored, 'Wrong-password-1')).toBe(false);
    expect(await workers.verify('not a hash', 'Right-password-1')).toBe(false);
  });

  it('runs on no more threads than asked, each at the lowest priority, and leaves the event loop at its own', async () => {
    const before = lowered();
    const mainThread = threadNiceness().get(process.pid);
    workers = new Argon2Workers(2);
    const stored = await workers.hash('Right-password-1', TEST_ARGON2);
    // Six at once on two threads: the rest wait for a thread, none is started for them.
    const results = await Promise.all(
      Array.from({ length: 6 }, () => workers!.verify(stored, 'Right-password-1')),
    );
    expect(results).toEqual(Array(6).fill(true));
    expect(workers.lowered).toBe(true);
    expect(loweredSince(before)).toBe(2);
    expect(threadNiceness().get(process.pid)).toBe(mainThread);
  });

  it('stops its threads when closed and refuses work afterwards', async () => {
    const before = lowered();
    const closing = new Argon2Workers(1);
    await closing.hash('Right-password-1', TEST_ARGON2);
    expect(loweredSince(before)).toBe(1);
    await closing.close();
    expect(loweredSince(before)).toBe(0);
    await expect(closing.hash('Right-password-1', TEST_ARGON2)).rejects.toThrow('closed');
  });
});
