import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RECAPTCHA_CONFIG, loadRecaptcha, removeRecaptcha } from '../testing/recaptcha';
import { endpoint, renderAuth } from '../testing/render-auth';
import { endpoints } from '@contract/v1/endpoints';
import { expectInFormOnly, watchToasts } from '../../../tests/form-message';

const submit = () => screen.getByRole('button', { name: /^Send instructions$|Sending…/ });
const SENT = 'If an account exists for this email, you will receive password reset instructions';

async function enterEmail(value = 'ada@example.com') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value } });
}

describe('forgot-password page', { timeout: 60_000 }, () => {
  it('validates the email with the spec messages before it can be sent', async () => {
    const { user } = await renderAuth('/forgot-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await enterEmail('');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await enterEmail(`${'a'.repeat(250)}@example.com`);
    expect(await screen.findByText('Email can have a maximum of 256 characters')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await enterEmail();
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it("sends email and portal (no captcha field with provider none) and shows the server's message, whatever the address", async () => {
    const forget = endpoint(endpoints.forgetPassword, { msg: SENT });
    const { user } = await renderAuth('/forgot-password');
    await enterEmail('nobody@example.com');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(forget.bodies).toEqual([{ email: 'nobody@example.com', portal: 'kreanoAccount' }]);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it.each([
    [400, 'Please try again.', 'Please try again.'],
    [429, 'Too many requests. Please try again later', 'Too many requests. Please try again later'],
    [500, 'mailer crashed', 'Please try again'],
  ])(
    'after a %i shows the catalogue message and keeps the email for another try',
    async (status, serverMsg, shown) => {
      const toasts = watchToasts();
      const forget = endpoint(endpoints.forgetPassword, { status, msg: serverMsg });
      const { user } = await renderAuth('/forgot-password');
      await enterEmail();
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());

      // In the form, under the heading, and not as a toast over the page (#39 item 3).
      await expectInFormOnly(shown, toasts);
      expect(screen.queryByText('mailer crashed')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      await waitFor(() => expect(submit()).toBeEnabled());
      expect(forget.bodies).toHaveLength(1);
    },
  );

  it('sends one request however often the button is pressed', async () => {
    const forget = endpoint(endpoints.forgetPassword, { msg: SENT, delayMs: 300 });
    const { user } = await renderAuth('/forgot-password');
    await enterEmail();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await user.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(forget.bodies).toHaveLength(1);
  });

  it('sends the captcha token when a provider is configured', async () => {
    const forget = endpoint(endpoints.forgetPassword, { msg: SENT });
    try {
      const { user } = await renderAuth('/forgot-password', { config: RECAPTCHA_CONFIG });
      await loadRecaptcha('forgot-token');
      await enterEmail();
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());
      await waitFor(() =>
        expect(forget.bodies).toEqual([
          { email: 'ada@example.com', portal: 'kreanoAccount', captcha: 'forgot-token' },
        ]),
      );
    } finally {
      removeRecaptcha();
    }
  });
});
