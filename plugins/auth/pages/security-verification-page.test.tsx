import '@ant-design/v5-patch-for-react-19';
import type { LoginData, TwoFactorConfigInfo } from '@contract/v1/auth';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import type { SecurityVerificationState } from '../navigation/auth-navigation';
import { authWithStubs, type Recorded } from '../testing/orgs-fixtures';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { expectInFormOnly, watchToasts } from '../../../tests/form-message';

const plugins = [authWithStubs(['auth.login', 'auth.orgs', 'auth.email-confirmation'])];

const ALL_METHODS: TwoFactorConfigInfo = {
  authenticator: { show: true, label: 'Authenticator App' },
  email: { show: true, label: 'Email' },
  mobile: { show: true, label: 'Mobile' },
};

function verifiedLogin(overrides: Partial<LoginData> = {}): LoginData {
  return {
    twoFactorEnabled: true,
    email: { id: 'jane@example.com', verified: true },
    accessToken: 'user-access-token',
    refreshToken: 'user-refresh-token',
    logo: null,
    twoFactorEnabledInOrg: false,
    ...overrides,
  };
}

function stateWith(overrides: Partial<SecurityVerificationState> = {}): SecurityVerificationState {
  return { tokenId: 'token-1', twoFactorConfigInfo: ALL_METHODS, email: 'jane@example.com', ...overrides };
}

/** Arrives on the screen the way login sends users: with navigation state. */
async function openVerification(state: SecurityVerificationState | null = stateWith()) {
  const view = await renderWithPortal({ plugins, url: '/login' });
  await screen.findByTestId('landed');
  await act(async () => {
    await view.router.navigate('/security-verification', { state });
  });
  return view;
}

function otpEndpoint(
  answer: () => Response = () => HttpResponse.json({ data: { otp: '246810' }, msg: 'Code sent' }),
): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    onEndpoint(endpoints.requestTwoFactorOtp, async ({ request }) => {
      recorded.count += 1;
      recorded.bodies.push(await request.json());
      return answer();
    }),
  );
  return recorded;
}

function verifyEndpoint(
  answer: () => Response = () => HttpResponse.json({ data: verifiedLogin(), msg: '' }),
): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    onEndpoint(endpoints.verifyTwoFactor, async ({ request }) => {
      recorded.count += 1;
      recorded.bodies.push(await request.json());
      return answer();
    }),
  );
  return recorded;
}

/**
 * A button by its label. jsdom never ends antd's loading-icon exit motion, so a button that was loading
 * keeps an extra 'loading' word in its accessible name there (not in browsers).
 */
const button = (label: string) =>
  screen.getByRole('button', { name: new RegExp(`^(loading\\s*)?${label}$`) });
const codeField = () => screen.getByLabelText('Verification code');
const verifyButton = () => button('Verify');

afterEach(() => {
  vi.useRealTimers();
});

// Real antd forms in jsdom on two shared cores: a multi-step journey takes seconds.
describe('security-verification page', { timeout: 30000 }, () => {
  it('sends a visitor without a tokenId in navigation state back to login', async () => {
    const { router } = await openVerification(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.login');
  });

  it('offers only the methods with show=true and preselects the first', async () => {
    await openVerification(
      stateWith({
        twoFactorConfigInfo: {
          authenticator: { show: false, label: 'Authenticator App' },
          email: { show: true, label: 'Email' },
          mobile: { show: true, label: 'Mobile' },
        },
      }),
    );

    const methods = await screen.findByRole('group', { name: 'Verification method' });
    expect(methods).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Mobile number' })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Authenticator app' })).not.toBeInTheDocument();
  });

  it('Proceed sends an email code, shows a development code in a chip and locks Resend for 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const otp = otpEndpoint();
    const { user } = await openVerification();

    await user.click(await screen.findByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByText('Development code: 246810')).toBeInTheDocument();
    expect(otp.bodies).toEqual([{ type: 'email', tokenId: 'token-1' }]);
    expect(screen.getByText('We sent a 6-digit code to jane@example.com.')).toBeInTheDocument();
    const resend = screen.getByRole('button', { name: /Resend code in 60 s/ });
    expect(resend).toBeDisabled();

    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(screen.getByRole('button', { name: /Resend code in 1 s/ })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    const again = screen.getByRole('button', { name: 'Resend code' });
    expect(again).toBeEnabled();

    await user.click(again);
    await waitFor(() => expect(otp.count).toBe(2));
    expect(await screen.findByRole('button', { name: /Resend code in 60 s/ })).toBeDisabled();
  });

  it('enables Verify only for 6 digits, verifies, logs in and goes to orgs after 0.5 s keeping toUrl', async () => {
    otpEndpoint();
    const verify = verifyEndpoint();
    const { user, router, session } = await openVerification(stateWith({ toUrl: '/billing/history' }));

    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    // The first method offered is the authenticator: no code is sent, the app makes it.
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    await user.type(codeField(), '12a345');
    expect(codeField()).toHaveValue('12345');
    await waitFor(() => expect(verifyButton()).toBeDisabled());
    await user.type(codeField(), '6');
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    await user.click(verifyButton());

    await waitFor(() => expect(session.isUserLoggedIn).toBe(true));
    expect(router.state.location.pathname).toBe('/security-verification');
    expect(verify.bodies).toEqual([{ code: '123456', tokenId: 'token-1', type: 'totp' }]);
    expect(session.accessToken).toBe('user-access-token');
    expect(session.refreshToken).toBe('user-refresh-token');
    expect(session.isOrgSelected).toBe(false);
    expect(session.organizations).toEqual([]);

    expect(await screen.findByTestId('landed')).toHaveTextContent(
      'auth.orgs /orgs?toUrl=%2Fbilling%2Fhistory',
    );
  });

  it('asks the server for a mobile code as type otp and verifies with type otp', async () => {
    const otp = otpEndpoint(() => HttpResponse.json({ data: {}, msg: 'Code sent' }));
    const verify = verifyEndpoint();
    const { user } = await openVerification();

    await user.click(await screen.findByRole('radio', { name: 'Mobile number' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('We sent a 6-digit code to your mobile number.')).toBeInTheDocument();
    // No development code in the answer: no chip.
    expect(screen.queryByText(/Development code/)).not.toBeInTheDocument();

    await user.type(codeField(), '654321');
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    await user.click(verifyButton());

    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.orgs /orgs');
    expect(otp.bodies).toEqual([{ type: 'otp', tokenId: 'token-1' }]);
    expect(verify.bodies).toEqual([{ code: '654321', tokenId: 'token-1', type: 'otp' }]);
  });

  it('sends nothing for the authenticator method', async () => {
    const otp = otpEndpoint();
    const { user } = await openVerification();

    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend code/ })).not.toBeInTheDocument();
    expect(otp.count).toBe(0);
  });

  it.each([
    [400, 'Invalid verification code', 'Invalid verification code'],
    [500, 'Please try again', 'TypeError at verify.ts:12'],
  ])(
    "after a %i on Verify: shows '%s', keeps the method and countdown, clears the code",
    async (status, shown, serverMsg) => {
      const toasts = watchToasts();
      otpEndpoint();
      verifyEndpoint(() => HttpResponse.json({ msg: serverMsg, code: 'TEST' }, { status }));
      const { user, router, session } = await openVerification();

      await user.click(await screen.findByRole('radio', { name: 'Email' }));
      await user.click(screen.getByRole('button', { name: 'Proceed' }));
      await user.type(await screen.findByLabelText('Verification code'), '111111');
      await waitFor(() => expect(verifyButton()).toBeEnabled());
      await user.click(verifyButton());

      // In the form, under the heading, and not as a toast over the page (#39 item 3).
      await expectInFormOnly(shown, toasts);
      await waitFor(() => expect(codeField()).toHaveValue(''));
      expect(verifyButton()).toBeDisabled();
      expect(screen.getByRole('radio', { name: 'Email' })).toBeChecked();
      expect(screen.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
      expect(router.state.location.pathname).toBe('/security-verification');
      expect(session.isUserLoggedIn).toBe(false);
    },
  );

  it('shows why a code could not be sent and lets the user try again', async () => {
    const otp = otpEndpoint(() =>
      HttpResponse.json({ msg: 'Too many requests, please wait', code: 'RATE' }, { status: 429 }),
    );
    const { user } = await openVerification();

    await user.click(await screen.findByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByText('Too many requests, please wait')).toBeInTheDocument();
    await waitFor(() => expect(button('Proceed')).toBeEnabled());
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(otp.count).toBe(1);
  });

  it("after a reload inside the resend wait, the countdown resumes with the server's Retry-After and the code form returns", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The code was sent before the reload; the server still refuses a new one for 42 s.
    const otp = otpEndpoint(() =>
      HttpResponse.json(
        { msg: 'Please wait 42 seconds before asking for a new code', code: 'OTP_RESEND_TOO_SOON' },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    );
    const { user } = await openVerification();

    await user.click(await screen.findByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    // The code mailed before the reload is still good: the user can type it, and waits for a new one.
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Resend code in 42 s/ })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(41_000);
    });
    expect(screen.getByRole('button', { name: /Resend code in 1 s/ })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    expect(otp.count).toBe(1);
  });

  it('sends a user whose email is not verified to email-confirmation with the address', async () => {
    verifyEndpoint(() =>
      HttpResponse.json({
        data: verifiedLogin({
          email: { id: 'jane@example.com', verified: false },
          accessToken: undefined,
          refreshToken: undefined,
        }),
        msg: '',
      }),
    );
    const { user, session } = await openVerification();

    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    await user.click(verifyButton());

    const landed = await screen.findByTestId('landed');
    expect(landed).toHaveTextContent('auth.email-confirmation');
    expect(JSON.parse(landed.dataset.state!)).toEqual({ email: 'jane@example.com' });
    expect(session.isUserLoggedIn).toBe(false);
  });
});
