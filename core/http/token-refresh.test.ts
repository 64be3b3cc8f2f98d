import { delay, HttpResponse } from 'msw';
import { Type } from 'typebox';
import { REFRESH_TOKEN_HEADER } from '@contract/v1/constants';
import { endpoint } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { SESSION_STORAGE_KEY } from '../session/session-store';
import { ApiError } from './http-client';
import { REFRESH_RETRY_DELAYS_MS } from './refresh-retry';
import { createHarness, createSession, deferred, disposeHarnesses } from './test-harness';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const NETWORK = "We couldn't reach the server. Check your connection and try again.";

/** A session endpoint of the tests' own, so concurrent calls are told apart by their path parameter. */
const item = endpoint(
  { method: 'GET', path: '/test/items/:id', auth: 'session', tag: 'Test' },
  {
    params: Type.Object({ id: Type.String() }),
    response: Type.Object({ data: Type.Object({ id: Type.String() }), msg: Type.String() }),
  },
);
const getItem = (id: string) => ({ params: { id } });

/** Records every call as `<path> <bearer token>` so a test can read the exact order of replays. */
function recordingApi(accepts: (auth: string | null) => boolean = (auth) => auth === 'Bearer access-2') {
  const calls: string[] = [];
  server.use(
    onEndpoint(item, ({ request, params }) => {
      const auth = request.headers.get('authorization');
      calls.push(`${String(params.id)} ${auth}`);
      return accepts(auth)
        ? HttpResponse.json({ data: { id: params.id }, msg: '' })
        : HttpResponse.json({ msg: 'Access token expired' }, { status: 401 });
    }),
  );
  return calls;
}

function refreshEndpoint(answer: () => Promise<Response> | Response) {
  const received: (string | null)[] = [];
  server.use(
    onEndpoint(endpoints.refresh, ({ request }) => {
      received.push(request.headers.get(REFRESH_TOKEN_HEADER));
      return answer();
    }),
  );
  return received;
}

const newTokens = () =>
  HttpResponse.json({ data: { accessToken: 'access-2', refreshToken: 'refresh-2' }, msg: '' });

async function loggedIn() {
  const session = createSession();
  session.logIn({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return createHarness(session);
}

afterEach(() => disposeHarnesses());

describe('token refresh on 401', () => {
  it('five concurrent 401s cause exactly one refresh, and each request is replayed once with the new token', async () => {
    const calls = recordingApi();
    const refreshes = refreshEndpoint(async () => {
      await delay(30);
      return newTokens();
    });
    const { http, session, notifier } = await loggedIn();

    const results = await Promise.all(['1', '2', '3', '4', '5'].map((id) => http.call(item, getItem(id))));

    expect(results.map((r) => r.data.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(refreshes).toEqual(['refresh-1']);
    expect([...calls].sort()).toEqual(
      ['1', '2', '3', '4', '5'].flatMap((id) => [`${id} Bearer access-1`, `${id} Bearer access-2`]).sort(),
    );
    expect(session).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      isUserLoggedIn: true,
    });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({
      refreshToken: 'refresh-2',
    });
    expect(notifier.shown).toEqual([]);
  });

  it('a request made during a refresh waits for it and goes out once, with the new token', async () => {
    const calls = recordingApi();
    const refreshStarted = deferred();
    const release = deferred();
    const refreshes = refreshEndpoint(async () => {
      refreshStarted.resolve();
      await release.promise;
      return newTokens();
    });
    const { http } = await loggedIn();

    const first = http.call(item, getItem('first'));
    await refreshStarted.promise;
    const late = http.call(item, getItem('late'));
    await delay(50);
    expect(calls).toEqual(['first Bearer access-1']);
    release.resolve();
    await Promise.all([first, late]);

    expect(calls).toEqual([
      'first Bearer access-1',
      expect.stringMatching(/ Bearer access-2$/),
      expect.stringMatching(/ Bearer access-2$/),
    ]);
    expect(calls.filter((c) => c.startsWith('late'))).toEqual(['late Bearer access-2']);
    expect(refreshes).toHaveLength(1);
  });

  it('the idle dialog and a 401 share one refresh through TokenRefresher', async () => {
    recordingApi();
    const refreshes = refreshEndpoint(async () => {
      await delay(30);
      return newTokens();
    });
    const { http, refresher } = await loggedIn();

    await Promise.all([refresher.refresh(), http.call(item, getItem('1')), refresher.refresh()]);

    expect(refreshes).toHaveLength(1);
  });

  it('adopts tokens another tab already rotated instead of spending the stale refresh token', async () => {
    const calls = recordingApi();
    const refreshes = refreshEndpoint(newTokens);
    const { http, session } = await loggedIn();
    // Another tab refreshed and stored its pair; its storage event has not reached this tab yet.
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!);
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...stored, accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );

    await expect(http.call(item, getItem('1'))).resolves.toMatchObject({ data: { id: '1' } });

    expect(refreshes).toEqual([]);
    expect(session.refreshToken).toBe('refresh-2');
    expect(calls).toEqual(['1 Bearer access-1', '1 Bearer access-2']);
  });

  it('a replayed request that gets 401 again fails with the server msg and is not refreshed again', async () => {
    const calls = recordingApi(() => false);
    const refreshes = refreshEndpoint(newTokens);
    const { http, notifier } = await loggedIn();

    const error = await http.call(item, getItem('1')).catch((e: ApiError) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Access token expired' });
    expect(calls).toEqual(['1 Bearer access-1', '1 Bearer access-2']);
    expect(refreshes).toHaveLength(1);
    expect(notifier.errors).toEqual(['Access token expired']);
  });

  it('a failed refresh logs out, clears storage, rejects the queued requests and says so once', async () => {
    const calls = recordingApi();
    const refreshes = refreshEndpoint(async () => {
      await delay(30);
      return HttpResponse.json({ msg: 'Refresh token revoked' }, { status: 401 });
    });
    const { http, session, notifier } = await loggedIn();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();

    const outcomes = await Promise.allSettled(['1', '2', '3'].map((id) => http.call(item, getItem(id))));

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // The refresh call's own 401 does not start another refresh.
    expect(refreshes).toEqual(['refresh-1']);
    expect(calls).toHaveLength(3);
    expect(session).toMatchObject({ isUserLoggedIn: false, accessToken: null, refreshToken: null });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(notifier.errors).toEqual([SESSION_EXPIRED]);
  });

  it('a refresh whose connection drops is tried again: the queued requests complete and nobody is logged out', async () => {
    const calls = recordingApi();
    let attempts = 0;
    const refreshes = refreshEndpoint(() => (++attempts === 1 ? HttpResponse.error() : newTokens()));
    const { http, session, notifier } = await loggedIn();

    const results = await Promise.all(['1', '2', '3'].map((id) => http.call(item, getItem(id))));

    expect(results.map((r) => r.data.id)).toEqual(['1', '2', '3']);
    expect(refreshes).toEqual(['refresh-1', 'refresh-1']);
    expect(calls.filter((c) => c.endsWith('access-2')).sort()).toEqual([
      '1 Bearer access-2',
      '2 Bearer access-2',
      '3 Bearer access-2',
    ]);
    expect(session).toMatchObject({ isUserLoggedIn: true, accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(notifier.shown).toEqual([]);
  });

  it('a refresh answered 502, 503 then 200 (a restarting server) keeps the session', async () => {
    recordingApi();
    const answers = [502, 503];
    const refreshes = refreshEndpoint(() => {
      const status = answers.shift();
      return status ? HttpResponse.json({ msg: 'Bad gateway' }, { status }) : newTokens();
    });
    const { http, session, notifier } = await loggedIn();

    await expect(http.call(item, getItem('1'))).resolves.toMatchObject({ data: { id: '1' } });

    expect(refreshes).toHaveLength(3);
    expect(session).toMatchObject({ isUserLoggedIn: true, refreshToken: 'refresh-2' });
    expect(notifier.shown).toEqual([]);
  });

  it('a refresh that cannot reach the server after its tries fails the request with the network message, and keeps the session', async () => {
    recordingApi();
    const refreshes = refreshEndpoint(() => HttpResponse.error());
    const { http, session, notifier } = await loggedIn();

    const error = await http.call(item, getItem('1')).catch((e: ApiError) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: null, message: NETWORK });
    expect(refreshes).toEqual(['refresh-1', 'refresh-1', 'refresh-1', 'refresh-1']);
    expect(session).toMatchObject({ isUserLoggedIn: true, accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(notifier.errors).toEqual([NETWORK]);
    expect(notifier.errors).not.toContain(SESSION_EXPIRED);
  });

  it('a refused refresh (401) after a dropped connection still ends the session', async () => {
    recordingApi();
    let attempts = 0;
    const refreshes = refreshEndpoint(() =>
      ++attempts === 1
        ? HttpResponse.error()
        : HttpResponse.json({ msg: 'Session expired. Please log in again' }, { status: 401 }),
    );
    const { http, session, notifier } = await loggedIn();

    await expect(http.call(item, getItem('1'))).rejects.toBeInstanceOf(ApiError);

    expect(refreshes).toHaveLength(2);
    expect(session.isUserLoggedIn).toBe(false);
    expect(notifier.errors).toEqual([SESSION_EXPIRED]);
  });

  it('a logout while a refresh waits to try again stops it: no further attempt, nothing shown', async () => {
    recordingApi();
    const firstAttempt = deferred();
    const refreshes = refreshEndpoint(() => {
      firstAttempt.resolve();
      return HttpResponse.error();
    });
    const { http, session, notifier } = await loggedIn();
    // The retry would wait on a timer: fake ones (still ticking in real time for MSW) let the test jump past
    // every retry delay instead of sleeping through them.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });

    const call = http.call(item, getItem('1')).catch((e: ApiError) => e);
    await firstAttempt.promise;
    await delay(20);
    session.logout();
    const error = await call;
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) + 1000);

    expect(error).toMatchObject({ aborted: true });
    expect(refreshes).toHaveLength(1);
    expect(notifier.shown).toEqual([]);
  });

  it('a 401 from a call made without a session (wrong password) shows the msg and refreshes nothing', async () => {
    server.use(
      onEndpoint(endpoints.login, () =>
        HttpResponse.json({ msg: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    const refreshes = refreshEndpoint(newTokens);
    const { http, notifier } = createHarness(createSession());

    await expect(
      http.call(endpoints.login, { body: { email: 'ada@example.com', password: 'wrong' } }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });

    expect(refreshes).toEqual([]);
    expect(notifier.errors).toEqual(['Invalid email or password']);
  });

  it("a public endpoint's 401 while signed in (a wrong password) is an answer, not an expired token: no refresh", async () => {
    server.use(
      onEndpoint(endpoints.login, () =>
        HttpResponse.json({ msg: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    const refreshes = refreshEndpoint(newTokens);
    const { http, session, notifier } = await loggedIn();

    await expect(
      http.call(endpoints.login, { body: { email: 'ada@example.com', password: 'wrong' } }),
    ).rejects.toMatchObject({ status: 401 });

    expect(refreshes).toEqual([]);
    expect(session).toMatchObject({ isUserLoggedIn: true, accessToken: 'access-1' });
    expect(notifier.errors).toEqual(['Invalid email or password']);
  });

  it('a public call does not wait for a refresh in progress', async () => {
    recordingApi();
    const release = deferred();
    const refreshStarted = deferred();
    refreshEndpoint(async () => {
      refreshStarted.resolve();
      await release.promise;
      return newTokens();
    });
    server.use(
      onEndpoint(endpoints.forgetPassword, () => HttpResponse.json({ data: null, msg: 'Mail sent' })),
    );
    const { http } = await loggedIn();

    const waiting = http.call(item, getItem('1'));
    await refreshStarted.promise;
    await expect(
      http.call(endpoints.forgetPassword, { body: { email: 'ada@example.com' } }),
    ).resolves.toEqual({ data: null, msg: 'Mail sent' });
    release.resolve();
    await waiting;
  });

  it('a logout during a refresh wins: its late answer does not log the user back in', async () => {
    recordingApi();
    const refreshStarted = deferred();
    const release = deferred();
    refreshEndpoint(async () => {
      refreshStarted.resolve();
      await release.promise;
      return newTokens();
    });
    const { http, session, notifier } = await loggedIn();

    const call = http.call(item, getItem('1')).catch((e: ApiError) => e);
    await refreshStarted.promise;
    session.logout();
    release.resolve();
    const error = await call;

    expect(error).toMatchObject({ aborted: true });
    expect(session).toMatchObject({ isUserLoggedIn: false, accessToken: null });
    expect(notifier.shown).toEqual([]);
  });
});
