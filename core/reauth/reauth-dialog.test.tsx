// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import { endpoints } from '@contract/v1/endpoints';
import type { UserInfo } from '@contract/v1/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { renderWithPortal } from '../../tests/render-with-portal';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import { useService } from '../di/use-service';
import { HttpClient, ApiError } from '../http/http-client';
import type { PortalPlugin } from '../plugin/plugin-types';

/**
 * The re-authentication dialog and the pipeline's retry (docs/two-factor.md#recent-authentication), in the real host:
 * a page makes a sensitive call, the server (MSW) answers 403 REAUTH_REQUIRED, the dialog asks, POST /v1/reauth,
 * and the refused call is sent again once.
 */
const REFUSAL = {
  code: 'REAUTH_REQUIRED',
  msg: "For your security, confirm it's you before changing this setting",
};

/** A screen making the sensitive call twice at once with the second button (two refused calls, one dialog). */
function SensitivePage() {
  const http = useService(HttpClient);
  const [results, setResults] = useState<string[]>([]);
  const run = () =>
    http.call(endpoints.configureTwoFactor, { body: { enable: false } }).then(
      ({ msg }) => setResults((r) => [...r, `done: ${msg}`]),
      (error: ApiError) => setResults((r) => [...r, `failed: ${error.code ?? error.status}`]),
    );
  return (
    <>
      <button onClick={() => void run()}>Turn 2FA off</button>
      <button onClick={() => void Promise.all([run(), run()])}>Twice</button>
      <ul aria-label="results">
        {results.map((result, i) => (
          <li key={i}>{result}</li>
        ))}
      </ul>
    </>
  );
}

const sensitivePlugin: PortalPlugin = {
  id: 'sensitive-test',
  routes: () => [
    {
      id: 'sensitive-test.page',
      path: '/sensitive',
      layout: 'public',
      load: async () => ({ default: SensitivePage }),
    },
  ],
};

function profile(twoFactor: { enabled: boolean; totp?: boolean }): UserInfo {
  return {
    name: { first: 'Jane', last: 'Citizen' },
    email: 'jane@example.com',
    phone: { phoneNumber: null },
    recovery_mail: null,
    registeredOn: '2025-03-04T23:30:00.000Z',
    userId: 'user-1',
    isSSORegistration: false,
    twoFactorEnabledInOrg: false,
    twoFactorAuthentication: {
      enabled: twoFactor.enabled,
      email: { setupCompleted: true, enabled: true },
      otp: { setupCompleted: false, enabled: false },
      totp: { setupCompleted: Boolean(twoFactor.totp), enabled: Boolean(twoFactor.totp) },
    },
  };
}

interface Fakes {
  /** Bodies of PATCH /v1/two-factor/config, in order. */
  configured: unknown[];
  /** Bodies of POST /v1/reauth, in order. */
  proofs: unknown[];
  codesRequested: number;
}

/**
 * The server: the sensitive call is refused until a proof is accepted (once per `refusals`), the right password is
 * 'Secret!123', the right code '123456'.
 */
function fakeServer({
  twoFactor = { enabled: false },
  refusals = 1,
}: { twoFactor?: { enabled: boolean; totp?: boolean }; refusals?: number } = {}): Fakes {
  const fakes: Fakes = { configured: [], proofs: [], codesRequested: 0 };
  let refusalsLeft = refusals;
  server.use(
    onEndpoint(endpoints.user, () => HttpResponse.json({ data: { userInfo: profile(twoFactor) }, msg: '' })),
    onEndpoint(endpoints.configureTwoFactor, async ({ request }) => {
      fakes.configured.push(await request.json());
      if (refusalsLeft > 0) return HttpResponse.json(REFUSAL, { status: 403 });
      return HttpResponse.json({
        data: { userInfo: profile({ enabled: false }) },
        msg: 'Two-factor authentication disabled',
      });
    }),
    onEndpoint(endpoints.reauthenticate, async ({ request }) => {
      const body = (await request.json()) as { password?: string; code?: string };
      fakes.proofs.push(body);
      if (body.password === 'Secret!123' || body.code === '123456') {
        refusalsLeft -= 1;
        return HttpResponse.json({ data: { validForSeconds: 300 }, msg: 'Identity confirmed' });
      }
      if (body.password !== undefined)
        return HttpResponse.json(
          {
            code: 'REAUTH_PASSWORD_INVALID',
            msg: 'Incorrect password',
            errors: [{ field: 'password', msg: 'Incorrect password' }],
          },
          { status: 400 },
        );
      return HttpResponse.json({ code: 'OTP_INVALID', msg: 'Invalid verification code' }, { status: 400 });
    }),
    onEndpoint(endpoints.requestReauthCode, () => {
      fakes.codesRequested += 1;
      return HttpResponse.json({ data: {}, msg: 'Verification code sent' });
    }),
  );
  return fakes;
}

async function openPage(language?: string) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, sensitivePlugin],
    url: '/sensitive',
    language,
    session: (session) => session.logIn({ accessToken: 'access', refreshToken: 'refresh' }),
  });
  await screen.findByRole('button', { name: 'Turn 2FA off' });
  return view;
}

const results = () => within(screen.getByRole('list', { name: 'results' }));
const dialog = () => screen.findByRole('dialog', { name: "Confirm it's you" });


describe('re-authentication on 403 REAUTH_REQUIRED', { timeout: 30_000 }, () => {
  it('asks for the password in a labelled dialog, says why a wrong one failed, then sends the call again once', async () => {
    const fakes = fakeServer();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Turn 2FA off' }));

    const asked = await dialog();
    expect(
      within(asked).getByText('For your security, enter your password to continue.'),
    ).toBeInTheDocument();
    const password = within(asked).getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    // Nothing to choose for a user without 2FA, and nothing sent before the user confirms.
    expect(within(asked).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(asked).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(fakes.configured).toHaveLength(1);

    await user.type(password, 'Wrong!123');
    await user.click(within(asked).getByRole('button', { name: 'Confirm' }));
    expect(await within(asked).findByText('Incorrect password')).toBeInTheDocument();
    expect(fakes.configured).toHaveLength(1);

    // The keyboard alone: type and press Enter.
    await user.type(within(asked).getByLabelText('Your password'), 'Secret!123{Enter}');
    expect(await results().findByText('done: Two-factor authentication disabled')).toBeInTheDocument();
    expect(fakes.proofs).toEqual([{ password: 'Wrong!123' }, { password: 'Secret!123' }]);
    expect(fakes.configured).toEqual([{ enable: false }, { enable: false }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).not.toBeInTheDocument(),
    );
    // The refusal that was answered is never shown as an error.
    expect(screen.queryByText(REFUSAL.msg)).not.toBeInTheDocument();
  });

  it('Cancel (or Escape) keeps the refusal: the call fails with its message and is not sent again', async () => {
    const fakes = fakeServer();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Turn 2FA off' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(await results().findByText('failed: REAUTH_REQUIRED')).toBeInTheDocument();
    expect(await screen.findByText(REFUSAL.msg)).toBeInTheDocument();
    expect(fakes.configured).toHaveLength(1);
    expect(fakes.proofs).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Turn 2FA off' }));
    const again = await dialog();
    await waitFor(() => expect(within(again).getByLabelText('Your password')).toHaveFocus());
    // rc-dialog reads keyCode, which user-event leaves out in jsdom; a browser sends both (the e2e journey presses Escape).
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(results().getAllByText('failed: REAUTH_REQUIRED')).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).not.toBeInTheDocument();
    expect(fakes.configured).toHaveLength(2);
  });

  it('calls refused at the same time share one dialog and are all sent again', async () => {
    const fakes = fakeServer();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Twice' }));
    await waitFor(() => expect(fakes.configured).toHaveLength(2));
    expect(await screen.findAllByRole('dialog', { name: "Confirm it's you" })).toHaveLength(1);
    await user.type(within(await dialog()).getByLabelText('Your password'), 'Secret!123{Enter}');
    await waitFor(() =>
      expect(results().getAllByText('done: Two-factor authentication disabled')).toHaveLength(2),
    );
    expect(fakes.proofs).toHaveLength(1);
    expect(fakes.configured).toHaveLength(4);
  });

  it('retries once only: a second refusal is shown, not asked again', async () => {
    const fakes = fakeServer({ refusals: 2 });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Turn 2FA off' }));
    await user.type(within(await dialog()).getByLabelText('Your password'), 'Secret!123{Enter}');
    expect(await results().findByText('failed: REAUTH_REQUIRED')).toBeInTheDocument();
    expect(fakes.configured).toHaveLength(2);
    expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).not.toBeInTheDocument();
  });

  it('offers a user with 2FA the authenticator code instead of the password', async () => {
    const fakes = fakeServer({ twoFactor: { enabled: true, totp: true } });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Turn 2FA off' }));
    const asked = await dialog();
    const group = await within(asked).findByRole('group', { name: 'Confirm with' });
    expect(within(group).getByRole('radio', { name: 'Password' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Email code' })).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'Authenticator app' }));
    expect(
      within(asked).getByText(
        'For your security, enter the 6-digit code from your authenticator app to continue.',
      ),
    ).toBeInTheDocument();
    const code = within(asked).getByRole('textbox', { name: '6-digit code' });
    await user.type(code, '654321');
    await user.click(within(asked).getByRole('button', { name: 'Confirm' }));
    expect(await within(asked).findByText('Invalid verification code')).toBeInTheDocument();
    await user.type(within(asked).getByRole('textbox', { name: '6-digit code' }), '123456{Enter}');
    expect(await results().findByText('done: Two-factor authentication disabled')).toBeInTheDocument();
    expect(fakes.proofs).toEqual([
      { method: 'totp', code: '654321' },
      { method: 'totp', code: '123456' },
    ]);
  });

  it('sends an email code on request, then takes it', async () => {
    const fakes = fakeServer({ twoFactor: { enabled: true } });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Turn 2FA off' }));
    const asked = await dialog();
    await user.click(await within(asked).findByRole('radio', { name: 'Email code' }));
    expect(within(asked).queryByRole('radio', { name: 'Authenticator app' })).not.toBeInTheDocument();
    await user.click(within(asked).getByRole('button', { name: 'Send code' }));
    expect(await within(asked).findByRole('status')).toHaveTextContent(
      'We sent a 6-digit code to jane@example.com.',
    );
    expect(fakes.codesRequested).toBe(1);
    await user.type(within(asked).getByRole('textbox', { name: '6-digit code' }), '123456{Enter}');
    expect(await results().findByText('done: Two-factor authentication disabled')).toBeInTheDocument();
    expect(fakes.proofs).toEqual([{ method: 'email', code: '123456' }]);
  });

  it('speaks French', async () => {
    fakeServer();
    const { user } = await openPage('fr');
    await user.click(screen.getByRole('button', { name: 'Turn 2FA off' }));
    const asked = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    expect(within(asked).getByLabelText('Votre mot de passe')).toBeInTheDocument();
    expect(within(asked).getByRole('button', { name: 'Confirmer' })).toBeInTheDocument();
    expect(within(asked).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
