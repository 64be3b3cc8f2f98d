/**
 * Lets React's scheduler finish the work already queued. React schedules renders with setImmediate in Node
 * (scheduler's performWorkUntilDeadline); a render queued by the last test's clean-up (antd's message.destroy,
 * a motion end) otherwise runs after jsdom is torn down and fails the run with "window is not defined"
 * although every test passed. Each scheduler slice yields after 5 ms, so a few turns drain it.
 */
export async function drainReactScheduler(turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Remembers the timers a test file starts and clears those still pending when it ends. Without this a timer
 * that outlives the file (antd's toasts close themselves after 3 s, rc-motion waits for transitions) fires
 * after jsdom is torn down and fails the whole run with "window is not defined".
 * @example
 * const clearFileTimers = trackFileTimers();
 * afterAll(clearFileTimers);
 */
export function trackFileTimers(): () => void {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;

  const trackedSetTimeout = ((callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const id = realSetTimeout(
      (...callbackArgs: unknown[]) => {
        pending.delete(id);
        callback(...callbackArgs);
      },
      delay,
      ...args,
    );
    pending.add(id);
    return id;
  }) as typeof setTimeout;
  const trackedClearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
    if (id !== undefined) pending.delete(id);
    realClearTimeout(id);
  }) as typeof clearTimeout;

  globalThis.setTimeout = trackedSetTimeout;
  globalThis.clearTimeout = trackedClearTimeout;
  return () => {
    pending.forEach((id) => realClearTimeout(id));
    pending.clear();
  };
}
