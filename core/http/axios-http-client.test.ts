import { delay, http as rest, HttpResponse } from 'msw';
import { server } from '../../tests/msw/server';
import { SESSION_STORAGE_KEY } from '../session/session-store';
import { ApiError } from './http-client';
import { API, createHarness, createSession, disposeHarnesses } from './test-harness';

async function loggedIn(language = 'en') {
  const session = await createSession();
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

afterEach(() => disposeHarnesses());

describe('AxiosHttpClient requests', () => {
  it('sends the bearer token to the configured base URL and unwraps the { data, msg } envelope', async () => {
    let seen: { auth: string | null; url: string } | undefined;
    server.use(
      rest.get(`${API}/v1/user`, ({ request }) => {
        seen = { auth: request.headers.get('authorization'), url: request.url };
        return HttpResponse.json({ data: { userId: 'u1' }, msg: 'Profile loaded' });
      }),
    );
    const { http, notifier } = await loggedIn();

    const result = await http.get<{ userId: string }>('/v1/user', { params: { tab: 'details', empty: undefined } });

    expect(result).toEqual({ data: { userId: 'u1' }, msg: 'Profile loaded' });
    expect(seen).toEqual({ auth: 'Bearer access-1', url: `${API}/v1/user?tab=details` });
    expect(notifier.shown).toEqual([]);
  });

  it('sends no Authorization header without a session', async () => {
    let auth: string | null = 'unset';
    server.use(
      rest.post(`${API}/v1/login`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: { tokenId: 't' }, msg: '' });
      }),
    );
    const { http } = createHarness(await createSession());

    await http.post('/v1/login', { email: 'a@b.c', password: 'x' });

    expect(auth).toBeNull();
  });

  it('shows the server msg as a success only when asked to', async () => {
    server.use(rest.patch(`${API}/v1/user`, () => HttpResponse.json({ data: null, msg: 'Profile updated successfully' })));
    const { http, notifier } = await loggedIn();

    await http.patch('/v1/user', { firstName: 'Ada' });
    expect(notifier.shown).toEqual([]);

    await http.patch('/v1/user', { firstName: 'Ada' }, { showSuccess: true });
    expect(notifier.shown).toEqual([{ kind: 'success', text: 'Profile updated successfully' }]);
  });
});

describe('AxiosHttpClient error catalogue', () => {
  it.each([403, 412, 429, 404])('shows the server msg for %i', async (status) => {
    server.use(rest.post(`${API}/v1/organization`, () => HttpResponse.json({ msg: `Server says ${status}` }, { status })));
    const { http, notifier } = await loggedIn();

    const error = await rejection(http.post('/v1/organization', {}));

    expect(error.message).toBe(`Server says ${status}`);
    expect(error.status).toBe(status);
    expect(notifier.errors).toEqual([`Server says ${status}`]);
  });

  it('shows 429 msg from the rate limiter', async () => {
    server.use(rest.post(`${API}/v1/login`, () => HttpResponse.json({ msg: 'Too many attempts. Try again in 1 minute.' }, { status: 429 })));
    const { http, notifier } = createHarness(await createSession());

    await rejection(http.post('/v1/login', {}));

    expect(notifier.errors).toEqual(['Too many attempts. Try again in 1 minute.']);
  });

  it('shows the 400 msg and keeps the field errors for the form', async () => {
    server.use(
      rest.post(`${API}/v1/register`, () =>
        HttpResponse.json(
          { msg: 'Validation failed', code: 'VALIDATION', errors: [{ field: 'email', msg: 'Invalid email' }, { field: 'password', msg: 'Password is required' }] },
          { status: 400 },
        ),
      ),
    );
    const { http, notifier } = createHarness(await createSession());

    const error = await rejection(http.post('/v1/register', {}));

    expect(error.message).toBe('Validation failed');
    expect(error.code).toBe('VALIDATION');
    expect(error.fieldErrors).toEqual([
      { field: 'email', msg: 'Invalid email' },
      { field: 'password', msg: 'Password is required' },
    ]);
    expect(notifier.errors).toEqual(['Validation failed']);
  });

  it.each([500, 502, 503])("hides the server's %i detail behind 'Please try again'", async (status) => {
    server.use(rest.get(`${API}/v1/apps`, () => HttpResponse.json({ msg: 'TypeError: cannot read properties of undefined' }, { status })));
    const { http, notifier } = await loggedIn();

    const error = await rejection(http.get('/v1/apps'));

    expect(error.message).toBe('Please try again');
    expect(error.status).toBe(status);
    expect(notifier.errors).toEqual(['Please try again']);
  });

  it("falls back to 'Please try again' for a 4xx without a msg (a proxy's HTML page)", async () => {
    server.use(rest.get(`${API}/v1/apps`, () => new HttpResponse('<html>Not Found</html>', { status: 404, headers: { 'content-type': 'text/html' } })));
    const { http, notifier } = await loggedIn();

    await rejection(http.get('/v1/apps'));

    expect(notifier.errors).toEqual(['Please try again']);
  });

  it('translates its own messages into the chosen language', async () => {
    server.use(rest.get(`${API}/v1/apps`, () => HttpResponse.json({ msg: 'boom' }, { status: 500 })));
    const { http, notifier } = await loggedIn('fr');

    await rejection(http.get('/v1/apps'));

    expect(notifier.errors).toEqual(['Veuillez réessayer']);
  });

  it('tells the user the server could not be reached when no response arrives', async () => {
    server.use(rest.get(`${API}/v1/apps`, () => HttpResponse.error()));
    const { http, notifier } = await loggedIn();

    const error = await rejection(http.get('/v1/apps'));

    expect(error.status).toBeNull();
    expect(error.aborted).toBe(false);
    expect(error.message).toBe("We couldn't reach the server. Check your connection and try again.");
    expect(notifier.errors).toEqual([error.message]);
  });

  it('stays silent when the caller handles the error, and still rejects with the message', async () => {
    server.use(rest.post(`${API}/v1/verify-email`, () => HttpResponse.json({ msg: 'Token expired' }, { status: 400 })));
    const { http, notifier } = createHarness(await createSession());

    const error = await rejection(http.post('/v1/verify-email', {}, { silent: true }));

    expect(error.message).toBe('Token expired');
    expect(notifier.shown).toEqual([]);
  });
});

describe('AxiosHttpClient aborts', () => {
  it('aborts in-flight requests on logout: they reject as aborted and show nothing', async () => {
    let arrived = 0;
    server.use(
      rest.get(`${API}/v1/bill`, async () => {
        arrived += 1;
        await delay('infinite');
        return HttpResponse.json({ data: [], msg: '' });
      }),
    );
    const { http, notifier, session } = await loggedIn();

    const calls = [http.get('/v1/bill'), http.get('/v1/bill', { silent: false })].map(rejection);
    await vi.waitFor(() => expect(arrived).toBe(2));
    session.logout();
    const errors = await Promise.all(calls);

    expect(errors.map((e) => e.aborted)).toEqual([true, true]);
    expect(notifier.shown).toEqual([]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("honours the caller's AbortSignal without showing anything", async () => {
    server.use(
      rest.get(`${API}/v1/bill`, async () => {
        await delay('infinite');
        return HttpResponse.json({ data: [], msg: '' });
      }),
    );
    const { http, notifier } = await loggedIn();
    const controller = new AbortController();

    const call = rejection(http.get('/v1/bill', { signal: controller.signal }));
    controller.abort();
    const error = await call;

    expect(error.aborted).toBe(true);
    expect(notifier.shown).toEqual([]);
  });
});
