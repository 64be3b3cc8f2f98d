import { describe, expect, it } from 'vitest';
import { BoundedQueue, QueueFullError } from './bounded-queue';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks at once, then the waiting ones in order', async () => {
    const queue = new BoundedQueue(2, 10);
    const gates = [gate(), gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        order.push(i);
        await g.task();
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 2 });

    gates[1]!.open();
    await runs[1];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });

    gates.forEach((g) => g.open());
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the waiting line is full, with a wait that grows with the line', async () => {
    let clock = 0;
    const queue = new BoundedQueue(1, 2, { initialAverageMs: 400, now: () => clock });
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g) => queue.run(g.task));

    const refused = queue.run(async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    // Three ahead of it at 400 ms each, on one worker.
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 2 });

    clock = 400;
    gates.forEach((g) => g.open());
    await Promise.all(runs);
    await expect(queue.run(async () => 'accepted again')).resolves.toBe('accepted again');
  });

  it('frees its place when a task fails', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
