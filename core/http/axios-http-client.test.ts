import { delay, http as rest, HttpResponse } from 'msw';
import { endpoints } from '@contract/v1/endpoints';
import { endpointUrl, onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { SESSION_STORAGE_KEY } from '../session/session-store';
import { ApiError } from './http-client';
import { createHarness, createSession, disposeHarnesses } from './test-harness';

async function loggedIn(language = 'en') {
  const session = createSession();
  session.logIn({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return createHarness(session, language);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

/** Records what reached the server: method, full URL, bearer header and JSON body. */
function recordRequests() {
  const seen: { method: string; url: string; auth: string | null; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const body =
      request.method === 'GET'
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    seen.push({ method: request.method, url: request.url, auth: request.headers.get('authorization'), body });
  });
  return seen;
}

const LOGIN_DATA = {
  tokenId: 't-1',
  isEmailVerified: true,
  email: 'ada@example.com',
  is2FAEnabled: false,
  twoFactorConfig: {},
};

afterEach(() => {
  server.events.removeAllListeners();
  disposeHarnesses();
});

describe('http.call', () => {
  it('sends the bearer token of a session endpoint to the configured base URL and unwraps { data, msg }', async () => {
    server.use(onEndpoint(endpoints.apps, () => HttpResponse.json({ data: [], msg: 'Apps loaded' })));
    const seen = recordRequests();
    const { http, notifier } = await loggedIn();

    const result = await http.call(endpoints.apps);

    expect(result).toEqual({ data: [], msg: 'Apps loaded' });
    expect(seen).toEqual([
      { method: 'GET', url: endpointUrl(endpoints.apps), auth: 'Bearer access-1', body: undefined },
    ]);
    expect(notifier.shown).toEqual([]);
  });

  it('asks the server to answer in the language the user reads (docs/server-messages.md)', async () => {
    server.use(onEndpoint(endpoints.apps, () => HttpResponse.json({ data: [], msg: '' })));
    const languages: (string | null)[] = [];
    server.events.on(
      'request:start',
      ({ request }) => void languages.push(request.headers.get('accept-language')),
    );

    await (await loggedIn('fr')).http.call(endpoints.apps);
    await (await loggedIn('en')).http.call(endpoints.apps);

    expect(languages).toEqual(['fr', 'en']);
  });

  it("sends the body as JSON with the table's method", async () => {
    server.use(onEndpoint(endpoints.login, () => HttpResponse.json({ data: LOGIN_DATA, msg: '' })));
    const seen = recordRequests();
    const { http } = createHarness(createSession());

    const { data } = await http.call(endpoints.login, {
      body: { email: 'ada@example.com', password: 'S3cret!x' },
    });

    expect(data.tokenId).toBe('t-1');
    expect(seen).toEqual([
      {
        method: 'POST',
        url: endpointUrl(endpoints.login),
        auth: null,
        body: { email: 'ada@example.com', password: 'S3cret!x' },
      },
    ]);
  });

  it('never sends the access token to a public endpoint, even with a session', async () => {
    server.use(onEndpoint(endpoints.login, () => HttpResponse.json({ data: LOGIN_DATA, msg: '' })));
    const seen = recordRequests();
    const { http } = await loggedIn();

    await http.call(endpoints.login, { body: { email: 'ada@example.com', password: 'x' } });

    expect(seen.map((s) => s.auth)).toEqual([null]);
  });

  it('fills and encodes the path parameters', async () => {
    let params: Record<string, unknown> | undefined;
    server.use(
      onEndpoint(endpoints.checkInvitation, ({ params: received }) => {
        params = received;
        return HttpResponse.json({ data: { userExists: true, email: 'ada@example.com' }, msg: '' });
      }),
    );
    const seen = recordRequests();
    const { http } = createHarness(createSession());

    await http.call(endpoints.checkInvitation, { params: { orgId: 'org 9/x', invitationId: 'inv?3#' } });

    expect(seen.map((s) => s.url)).toEqual([
      'http://localhost/v1/user-organization/org%209%2Fx/invitation/inv%3F3%23',
    ]);
    expect(params).toEqual({ orgId: 'org 9/x', invitationId: 'inv?3#' });
  });

  it('sends the query, leaving out what is undefined', async () => {
    server.use(onEndpoint(endpoints.portals, () => HttpResponse.json({ data: { portal: [] }, msg: '' })));
    const seen = recordRequests();
    const { http } = await loggedIn();

    await http.call(endpoints.portals, { query: { account_setting: false } });
    await http.call(endpoints.portals, { query: { account_setting: undefined } });

    expect(seen.map((s) => s.url)).toEqual([
      `${endpointUrl(endpoints.portals)}?account_setting=false`,
      endpointUrl(endpoints.portals),
    ]);
  });

  it('shows the server msg as a success only when asked to', async () => {
    const user = { userInfo: { userId: 'u1' } };
    server.use(
      onEndpoint(endpoints.updateUser, () =>
        HttpResponse.json({ data: user, msg: 'Profile updated successfully' }),
      ),
    );
    const { http, notifier } = await loggedIn();

    await http.call(endpoints.updateUser, { body: { firstName: 'Ada' } });
    expect(notifier.shown).toEqual([]);

    await http.call(endpoints.updateUser, { body: { firstName: 'Ada' } }, { showSuccess: true });
    expect(notifier.shown).toEqual([{ kind: 'success', text: 'Profile updated successfully' }]);
  });
});

describe('http.call error catalogue', () => {
  it.each([403, 412, 429, 404])('shows the server msg for %i', async (status) => {
    server.use(
      onEndpoint(endpoints.organizationAccess, () =>
        HttpResponse.json({ msg: `Server says ${status}` }, { status }),
      ),
    );
    const { http, notifier } = await loggedIn();

    const error = await rejection(
      http.call(endpoints.organizationAccess, { body: { portalId: 'p', orgId: 'o' } }),
    );

    expect(error.message).toBe(`Server says ${status}`);
    expect(error.status).toBe(status);
    expect(notifier.errors).toEqual([`Server says ${status}`]);
  });

  it('shows 429 msg from the rate limiter', async () => {
    server.use(
      onEndpoint(endpoints.login, () =>
        HttpResponse.json({ msg: 'Too many attempts. Try again in 1 minute.' }, { status: 429 }),
      ),
    );
    const { http, notifier } = createHarness(createSession());

    await rejection(http.call(endpoints.login, { body: { email: 'a@b.c', password: 'x' } }));

    expect(notifier.errors).toEqual(['Too many attempts. Try again in 1 minute.']);
  });

  it('shows the 400 msg and keeps the field errors for the form', async () => {
    server.use(
      onEndpoint(endpoints.register, () =>
        HttpResponse.json(
          {
            msg: 'Validation failed',
            code: 'VALIDATION',
            errors: [
              { field: 'email', msg: 'Invalid email' },
              { field: 'password', msg: 'Password is required' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { http, notifier } = createHarness(createSession());

    const error = await rejection(
      http.call(endpoints.register, {
        body: { firstName: 'Ada', lastName: 'Lovelace', email: 'not-an-email', password: '' },
      }),
    );

    expect(error.message).toBe('Validation failed');
    expect(error.code).toBe('VALIDATION');
    expect(error.fieldErrors).toEqual([
      { field: 'email', msg: 'Invalid email' },
      { field: 'password', msg: 'Password is required' },
    ]);
    expect(notifier.errors).toEqual(['Validation failed']);
  });

  it.each([500, 502, 503])("hides the server's %i detail behind 'Please try again'", async (status) => {
    server.use(
      onEndpoint(endpoints.apps, () =>
        HttpResponse.json({ msg: 'TypeError: cannot read properties of undefined' }, { status }),
      ),
    );
    const { http, notifier } = await loggedIn();

    const error = await rejection(http.call(endpoints.apps));

    expect(error.message).toBe('Please try again');
    expect(error.status).toBe(status);
    expect(notifier.errors).toEqual(['Please try again']);
  });

  it("falls back to 'Please try again' for a 4xx without a msg (a proxy's HTML page)", async () => {
    server.use(
      onEndpoint(
        endpoints.apps,
        () =>
          new HttpResponse('<html>Not Found</html>', {
            status: 404,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const { http, notifier } = await loggedIn();

    await rejection(http.call(endpoints.apps));

    expect(notifier.errors).toEqual(['Please try again']);
  });

  it('translates its own messages into the chosen language', async () => {
    server.use(onEndpoint(endpoints.apps, () => HttpResponse.json({ msg: 'boom' }, { status: 500 })));
    const { http, notifier } = await loggedIn('fr');

    await rejection(http.call(endpoints.apps));

    expect(notifier.errors).toEqual(['Veuillez réessayer']);
  });

  it('tells the user the server could not be reached when no response arrives', async () => {
    server.use(onEndpoint(endpoints.apps, () => HttpResponse.error()));
    const { http, notifier } = await loggedIn();

    const error = await rejection(http.call(endpoints.apps));

    expect(error.status).toBeNull();
    expect(error.aborted).toBe(false);
    expect(error.message).toBe("We couldn't reach the server. Check your connection and try again.");
    expect(notifier.errors).toEqual([error.message]);
  });

  it('stays silent when the caller handles the error, and still rejects with the message', async () => {
    server.use(
      onEndpoint(endpoints.verifyEmail, () => HttpResponse.json({ msg: 'Token expired' }, { status: 400 })),
    );
    const { http, notifier } = createHarness(createSession());

    const error = await rejection(
      http.call(endpoints.verifyEmail, { body: { token: 'old' } }, { silent: true }),
    );

    expect(error.message).toBe('Token expired');
    expect(notifier.shown).toEqual([]);
  });
});

describe('http.call aborts', () => {
  it('aborts in-flight requests on logout: they reject as aborted and show nothing', async () => {
    let arrived = 0;
    server.use(
      onEndpoint(endpoints.apps, async () => {
        arrived += 1;
        await delay('infinite');
        return HttpResponse.json({ data: [], msg: '' });
      }),
    );
    const { http, notifier, session } = await loggedIn();

    const calls = [http.call(endpoints.apps), http.call(endpoints.apps, undefined, { silent: false })].map(
      rejection,
    );
    await vi.waitFor(() => expect(arrived).toBe(2));
    session.logout();
    const errors = await Promise.all(calls);

    expect(errors.map((e) => e.aborted)).toEqual([true, true]);
    expect(notifier.shown).toEqual([]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("honours the caller's AbortSignal without showing anything", async () => {
    server.use(
      rest.get(endpointUrl(endpoints.apps), async () => {
        await delay('infinite');
        return HttpResponse.json({ data: [], msg: '' });
      }),
    );
    const { http, notifier } = await loggedIn();
    const controller = new AbortController();

    const call = rejection(http.call(endpoints.apps, undefined, { signal: controller.signal }));
    controller.abort();
    const error = await call;

    expect(error.aborted).toBe(true);
    expect(notifier.shown).toEqual([]);
  });

  it('an already aborted signal sends nothing', async () => {
    const seen = recordRequests();
    server.use(onEndpoint(endpoints.apps, () => HttpResponse.json({ data: [], msg: '' })));
    const { http, notifier } = await loggedIn();
    const controller = new AbortController();
    controller.abort();

    const error = await rejection(http.call(endpoints.apps, undefined, { signal: controller.signal }));

    expect(error.aborted).toBe(true);
    expect(seen).toEqual([]);
    expect(notifier.shown).toEqual([]);
  });
});
