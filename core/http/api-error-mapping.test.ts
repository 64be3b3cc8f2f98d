import { HttpResponse } from 'msw';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { ApiError } from './http-client';
import { createHarness, createSession, disposeHarnesses } from './test-harness';

afterEach(() => disposeHarnesses());

/** A 429 from the forgot-password call with these headers, as the caller receives it. */
async function refusal(headers: Record<string, string>): Promise<ApiError> {
  server.use(
    onEndpoint(endpoints.forgetPassword, () =>
      HttpResponse.json({ msg: 'Too many requests', code: 'MAIL_THROTTLED' }, { status: 429, headers }),
    ),
  );
  const { http } = createHarness(createSession());
  const error = await http.call(endpoints.forgetPassword, { body: { email: 'ada@example.com' } }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('the 429 did not reject with an ApiError');
  return error;
}

describe("the server's Retry-After reaches the caller", () => {
  it('as seconds', async () => {
    expect(await refusal({ 'Retry-After': '42' })).toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });

  it('as an HTTP date, counted from now', async () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    const { retryAfterSeconds } = await refusal({ 'Retry-After': at });
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it('as null when the server names no wait, or nonsense', async () => {
    expect(await refusal({})).toMatchObject({ status: 429, retryAfterSeconds: null });
    expect(await refusal({ 'Retry-After': 'soon' })).toMatchObject({ retryAfterSeconds: null });
  });
});
