import { waitFor } from '@testing-library/react';
import { message, notification } from 'antd';
import { vi } from 'vitest';

const LEAVING = '.ant-message-notice-wrapper, .ant-notification-notice-wrapper';

/**
 * Removes antd's toasts after each test, so the last test's "Please try again" can neither satisfy nor duplicate
 * the next one's. `destroy()` only starts a toast's leave transition, and jsdom never ends a CSS transition: a
 * destroyed toast stayed in the DOM until the next one. Ending the transition by hand lets rc-motion remove it.
 * Under fake timers the wait could not run, so those tests only get the destroy.
 */
export async function clearToasts(): Promise<void> {
  message.destroy();
  notification.destroy();
  if (vi.isFakeTimers() || document.querySelectorAll(LEAVING).length === 0) return;
  await waitFor(
    () => {
      const leaving = document.querySelectorAll(LEAVING);
      leaving.forEach((node) => node.dispatchEvent(new Event('transitionend', { bubbles: true })));
      if (leaving.length > 0) throw new Error(`${leaving.length} toast(s) still leaving`);
    },
    { timeout: 2000 },
  ).catch(() => {
    // A toast whose opening motion was queued under fake timers never starts leaving; it stays, as all did before.
  });
}
