import { screen, waitFor } from '@testing-library/react';
import { RECAPTCHA_CONFIG, loadRecaptcha, removeRecaptcha } from '../testing/recaptcha';
import { endpoint, renderAuth } from '../testing/render-auth';
import { endpoints } from '@contract/v1/endpoints';

const RESENT = 'If this email is waiting for verification, a new verification link has been sent';
// Named 'Resend' ('loading Resend' while the request runs).
const resend = () => screen.getByRole('button', { name: /Resend$/ });

/** Arrive like login and sign-up do: the address in navigation state, not in the URL. */
async function arriveWithEmail(email: string | null, options: Parameters<typeof renderAuth>[1] = {}) {
  const view = await renderAuth('/login', options);
  await screen.findByLabelText('Email');
  await view.router.navigate('/email-confirmation', { state: email ? { email } : null });
  await screen.findByRole('heading', { level: 1, name: 'Check your email' });
  return view;
}

describe('email-confirmation page', { timeout: 60_000 }, () => {
  it('names the address from navigation state and resends the link to it with the portal key', async () => {
    const resent = endpoint(endpoints.resendEmail, { msg: RESENT });
    const { user } = await arriveWithEmail('ada@example.com');
    expect(screen.getByText('We have sent a verification link to ada@example.com.')).toBeInTheDocument();
    await user.click(resend());
    expect(await screen.findByText(RESENT)).toBeInTheDocument();
    expect(resent.bodies).toEqual([{ email: 'ada@example.com', portal: 'kreanoAccount' }]);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('sends the captcha token when a provider is configured', async () => {
    const resent = endpoint(endpoints.resendEmail, { msg: RESENT });
    try {
      const { user } = await arriveWithEmail('ada@example.com', { config: RECAPTCHA_CONFIG });
      await loadRecaptcha('resend-token');
      await user.click(resend());
      expect(await screen.findByText(RESENT)).toBeInTheDocument();
      expect(resent.bodies).toEqual([
        { email: 'ada@example.com', portal: 'kreanoAccount', captcha: 'resend-token' },
      ]);
    } finally {
      removeRecaptcha();
    }
  });

  it("says 'Email is missing' and sends nothing when the address was lost (reload, pasted link)", async () => {
    const resent = endpoint(endpoints.resendEmail, { msg: RESENT });
    const { user } = await renderAuth('/email-confirmation');
    expect(
      await screen.findByText('We have sent a verification link to your email address.'),
    ).toBeInTheDocument();
    await user.click(resend());
    expect(await screen.findByText('Email is missing')).toBeInTheDocument();
    expect(resent.bodies).toHaveLength(0);
  });

  it.each([
    [429, 'Too many requests. Please try again later', 'Too many requests. Please try again later'],
    [500, 'smtp down', 'Please try again'],
  ])(
    'after a %i shows the catalogue message and lets the user try again',
    async (status, serverMsg, shown) => {
      const resent = endpoint(endpoints.resendEmail, { status, msg: serverMsg });
      const { user } = await arriveWithEmail('ada@example.com');
      await user.click(resend());
      expect(await screen.findByText(shown)).toBeInTheDocument();
      await waitFor(() => expect(resend()).toBeEnabled());
      await user.click(resend());
      await waitFor(() => expect(resent.bodies).toHaveLength(2));
    },
  );

  it('sends one request however often Resend is pressed while it runs', async () => {
    const resent = endpoint(endpoints.resendEmail, { msg: RESENT, delayMs: 300 });
    const { user } = await arriveWithEmail('ada@example.com');
    await user.click(resend());
    await user.click(resend());
    expect(await screen.findByText(RESENT)).toBeInTheDocument();
    expect(resent.bodies).toHaveLength(1);
  });
});
