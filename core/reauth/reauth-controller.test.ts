import { endpoints } from '@contract/v1/endpoints';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { ApiError } from '../http/http-client';
import { createHarness, createSession, disposeHarnesses } from '../http/test-harness';
import { ReauthController } from './reauth-controller';

afterEach(() => disposeHarnesses());

describe('ReauthController', () => {
  it('answers false at once while no dialog is mounted, so nothing waits for a user who cannot answer', async () => {
    expect(await new ReauthController().confirm()).toBe(false);
  });

  it('opens once for every waiting call and settles them all with the answer', async () => {
    const controller = new ReauthController();
    controller.attach();
    const first = controller.confirm();
    const second = controller.confirm();
    expect(controller.open).toBe(true);
    controller.succeeded();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(controller.open).toBe(false);
    const third = controller.confirm();
    controller.cancel();
    expect(await third).toBe(false);
  });

  it('lets an aborted call go (logout, unmount) and closes when none is left', async () => {
    const controller = new ReauthController();
    controller.attach();
    const aborted = new AbortController();
    const leaving = controller.confirm(aborted.signal);
    aborted.abort();
    expect(await leaving).toBe(false);
    expect(controller.open).toBe(false);
  });

  it('answers every waiting call false when the dialog host goes away', async () => {
    const controller = new ReauthController();
    const detach = controller.attach();
    const waiting = controller.confirm();
    detach();
    expect(await waiting).toBe(false);
  });
});

describe('the pipeline without a mounted dialog', () => {
  it('shows the 403 REAUTH_REQUIRED message and rejects, without waiting or sending again', async () => {
    let calls = 0;
    server.use(
      onEndpoint(endpoints.resetTwoFactor, () => {
        calls += 1;
        return HttpResponse.json({ code: 'REAUTH_REQUIRED', msg: 'Confirm it first' }, { status: 403 });
      }),
    );
    const session = createSession();
    session.logIn({ accessToken: 'access', refreshToken: 'refresh' });
    const { http, notifier } = createHarness(session);
    const failure = await http
      .call(endpoints.resetTwoFactor, { body: { type: 'totp' } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, code: 'REAUTH_REQUIRED', message: 'Confirm it first' });
    expect(notifier.errors).toEqual(['Confirm it first']);
    expect(calls).toBe(1);
  });
});
