import { HttpResponse } from 'msw';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { refreshDelay } from './refresh-schedule';
import { createHarness, createSession, disposeHarnesses, jwt } from './test-harness';

const NOW = new Date('2026-03-01T09:00:00Z').getTime();
const MINUTE = 60_000;

function countRefreshes(newAccessToken: () => string) {
  const state = { count: 0 };
  server.use(
    onEndpoint(endpoints.refresh, () => {
      state.count += 1;
      return HttpResponse.json({
        data: { accessToken: newAccessToken(), refreshToken: `refresh-${state.count + 1}` },
        msg: '',
      });
    }),
  );
  return state;
}

describe('refreshDelay', () => {
  it('refreshes a 15-minute token 60 s before it expires', () => {
    expect(refreshDelay(NOW + 15 * MINUTE, 15 * MINUTE, NOW)).toBe(14 * MINUTE);
  });

  it('refreshes a short token at 80 % of its lifetime rather than almost at once', () => {
    expect(refreshDelay(NOW + 2 * MINUTE, 2 * MINUTE, NOW)).toBe(96_000);
  });

  it('refreshes at once a token that is already due', () => {
    expect(refreshDelay(NOW - 1000, 15 * MINUTE, NOW)).toBe(0);
  });
});

describe('scheduled refresh', () => {
  afterEach(() => {
    disposeHarnesses();
    vi.useRealTimers();
  });

  async function loggedInWithTokenExpiringIn(lifetime: number) {
    const session = createSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
    session.logIn({ accessToken: jwt(NOW, NOW + lifetime), refreshToken: 'refresh-1' });
    const harness = createHarness(session);
    await harness.ready;
    return harness;
  }

  it('fires shortly before expiry and stores the new tokens', async () => {
    const refreshes = countRefreshes(() => jwt(Date.now(), Date.now() + 10 * MINUTE));
    const { session } = await loggedInWithTokenExpiringIn(10 * MINUTE);

    vi.advanceTimersByTime(9 * MINUTE - 1000);
    expect(refreshes.count).toBe(0);
    vi.advanceTimersByTime(1000);
    // The timer fired; the network round trip itself runs on real timers.
    vi.useRealTimers();

    await vi.waitFor(() => expect(session.refreshToken).toBe('refresh-2'));
    expect(refreshes.count).toBe(1);
    expect(session.accessTokenExpiresAt).toBeGreaterThan(NOW + 10 * MINUTE);
  });

  it('reschedules when the token changes, so the old expiry no longer triggers a refresh', async () => {
    const refreshes = countRefreshes(() => jwt(Date.now(), Date.now() + 10 * MINUTE));
    const { session } = await loggedInWithTokenExpiringIn(10 * MINUTE);

    vi.advanceTimersByTime(5 * MINUTE);
    // An organisation switch brings a fresh 10-minute token.
    session.setTokens({
      accessToken: jwt(Date.now(), Date.now() + 10 * MINUTE),
      refreshToken: 'refresh-org',
    });
    vi.advanceTimersByTime(5 * MINUTE);
    expect(refreshes.count).toBe(0);
    vi.advanceTimersByTime(4 * MINUTE);
    vi.useRealTimers();

    await vi.waitFor(() => expect(refreshes.count).toBe(1));
  });

  it('is cancelled on logout', async () => {
    const refreshes = countRefreshes(() => jwt(Date.now(), Date.now() + 10 * MINUTE));
    const { session, refresher, notifier } = await loggedInWithTokenExpiringIn(10 * MINUTE);
    const refresh = vi.spyOn(refresher, 'refresh');

    session.logout();
    vi.advanceTimersByTime(20 * MINUTE);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(refresh).not.toHaveBeenCalled();
    expect(refreshes.count).toBe(0);
    expect(notifier.shown).toEqual([]);
  });
});
