import { act, waitFor } from '@testing-library/react';
import { message, notification } from 'antd';
import { vi } from 'vitest';

const LEAVING = '.ant-message-notice-wrapper, .ant-notification-notice-wrapper';

/**
 * Removes antd's toasts after each test, so the last test's "Please try again" can neither satisfy nor duplicate
 * the next one's, in this file or in the next file the worker runs (workers share one document across files:
 * vite.config.ts, `isolate`). `destroy()` only starts a toast's leave motion, and jsdom never ends a CSS
 * transition: ending it by hand lets rc-motion remove the toast. rc-motion steps from "leave-start" to
 * "leave-active" on a timer, so under fake timers the clock is moved on here; this runs before the test file's own
 * hooks put real timers back (`sequence.hooks: 'list'`), because a motion timer queued on a fake clock that is
 * then uninstalled never fires, and its toast stayed in the document for the rest of the worker's files.
 */
export async function clearToasts(): Promise<void> {
  message.destroy();
  notification.destroy();
  if (document.querySelectorAll(LEAVING).length === 0) return;
  if (vi.isFakeTimers()) {
    for (let step = 0; step < 20 && endTransitions() > 0; step++) act(() => vi.advanceTimersByTime(50));
    return;
  }
  await waitFor(
    () => {
      const leaving = endTransitions();
      if (leaving > 0) throw new Error(`${leaving} toast(s) still leaving`);
    },
    { timeout: 2000 },
  );
}

/** Ends the running transition of every toast still in the document; how many there were. */
function endTransitions(): number {
  const leaving = document.querySelectorAll(LEAVING);
  leaving.forEach((node) => node.dispatchEvent(new Event('transitionend', { bubbles: true })));
  return leaving.length;
}
