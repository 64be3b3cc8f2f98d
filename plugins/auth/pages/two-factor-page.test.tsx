import '@ant-design/v5-patch-for-react-19';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { authWithStubs, loggedIn, type Recorded } from '../testing/orgs-fixtures';
import { endpoints } from '@contract/v1/endpoints';
import type { EndpointRoute } from '@contract/v1/endpoint';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { expectInFormOnly, watchToasts } from '../../../tests/form-message';

const plugins = [authWithStubs(['auth.login', 'auth.orgs'])];
const OTPAUTH = 'otpauth://totp/Portal:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Portal';

function endpoint(route: EndpointRoute, answers: (() => Response)[]): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    onEndpoint(route, async ({ request }) => {
      recorded.count += 1;
      recorded.bodies.push(await request.json());
      return answers[Math.min(recorded.count, answers.length) - 1]!();
    }),
  );
  return recorded;
}

const setupOk = () => HttpResponse.json({ data: { url: OTPAUTH, secret: 'JBSWY3DPEHPK3PXP' }, msg: '' });

/** jsdom never ends antd's loading-icon exit motion: a button that was loading keeps a 'loading' word in its name there. */
const button = (label: string) =>
  screen.getByRole('button', { name: new RegExp(`^(loading\\s*)?${label}$`) });
const codeField = () => screen.getByLabelText('Enter the 6-digit code from the app');

function openTwoFactor(session = loggedIn()) {
  return renderWithPortal({ plugins, url: '/two-factor', session });
}

describe('two-factor page', { timeout: 30000 }, () => {
  it('sends a logged-out visitor to login', async () => {
    const { router } = await renderWithPortal({ plugins, url: '/two-factor' });
    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.login');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for an authenticator secret once and shows it as a labelled QR image and as text', async () => {
    const setup = endpoint(endpoints.setupTwoFactor, [setupOk]);
    await openTwoFactor();

    const qr = await screen.findByRole('img', {
      name: 'QR code to add this account to your authenticator app',
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(setup.bodies).toEqual([{ type: 'totp' }]);
  });

  it('copies the secret to the clipboard and says Copied', async () => {
    endpoint(endpoints.setupTwoFactor, [setupOk]);
    const { user } = await openTwoFactor();

    await user.click(await screen.findByRole('button', { name: 'Copy' }));

    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('status')).toHaveTextContent('Secret key copied to the clipboard');
  });

  it('enables Submit only at 6 digits, confirms the code, turns 2FA on and goes to orgs', async () => {
    endpoint(endpoints.setupTwoFactor, [setupOk]);
    const confirmation = endpoint(endpoints.confirmTwoFactor, [
      () => HttpResponse.json({ data: null, msg: 'Two-factor authentication enabled' }),
    ]);
    const { user, session } = await openTwoFactor();

    await screen.findByText('JBSWY3DPEHPK3PXP');
    await user.type(codeField(), '12345');
    await waitFor(() => expect(button('Submit')).toBeDisabled());
    expect(await screen.findByText('Code must be 6 digits')).toBeInTheDocument();
    await user.type(codeField(), '6');
    await waitFor(() => expect(button('Submit')).toBeEnabled());
    await user.click(button('Submit'));

    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.orgs /orgs');
    expect(confirmation.bodies).toEqual([{ code: '123456' }]);
    expect(session.twoFactorEnabled).toBe(true);
  });

  it.each([
    [400, 'Invalid code', 'Invalid code'],
    [500, 'Please try again', 'Error: connection reset'],
  ])(
    "after a %i on Submit: shows '%s', keeps the secret, clears the code",
    async (status, shown, serverMsg) => {
      const toasts = watchToasts();
      endpoint(endpoints.setupTwoFactor, [setupOk]);
      endpoint(endpoints.confirmTwoFactor, [
        () => HttpResponse.json({ msg: serverMsg, code: 'TEST' }, { status }),
      ]);
      const { user, session, router } = await openTwoFactor();

      await screen.findByText('JBSWY3DPEHPK3PXP');
      await user.type(codeField(), '999999');
      await waitFor(() => expect(button('Submit')).toBeEnabled());
      await user.click(button('Submit'));

      // In the form, under the heading, and not as a toast over the page (#39 item 3).
      await expectInFormOnly(shown, toasts);
      await waitFor(() => expect(codeField()).toHaveValue(''));
      expect(button('Submit')).toBeDisabled();
      expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/two-factor');
      expect(session.twoFactorEnabled).toBe(false);
    },
  );

  it('shows the error when the secret cannot be prepared and offers to try again', async () => {
    const setup = endpoint(endpoints.setupTwoFactor, [
      () => HttpResponse.json({ msg: 'boom' }, { status: 500 }),
      setupOk,
    ]);
    const { user } = await openTwoFactor();

    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(await screen.findByText('The secret key could not be prepared.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(setup.count).toBe(2);
  });
});
