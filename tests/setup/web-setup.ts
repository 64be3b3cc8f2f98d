import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '../msw/server';
import { clearToasts } from './clear-toasts';
import { drainReactScheduler, trackFileTimers } from './file-timers';
import { fakeMatchMedia } from './media-queries';
import { disposeTrackedSessions } from './rendered-sessions';

const clearFileTimers = trackFileTimers();

// antd reads matchMedia for responsive grids; jsdom has none.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { writable: true, value: fakeMatchMedia(() => false) });
}
// antd measures scrollbars through getComputedStyle with a pseudo element, which jsdom does not implement.
const realGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (element: Element) => realGetComputedStyle(element);

// antd's layout and components render slowly in jsdom on two shared cores; findBy* waits this long before failing.
configure({ asyncUtilTimeout: 15000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  await clearToasts();
  disposeTrackedSessions();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(async () => {
  server.close();
  clearFileTimers();
  await drainReactScheduler();
  // The drained renders may have started timers of their own (rc-motion); they must not outlive the file either.
  clearFileTimers();
});
