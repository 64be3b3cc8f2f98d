import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoint, renderAuth } from '../testing/render-auth';
import { endpoints } from '@contract/v1/endpoints';
import { expectInFormOnly, watchToasts } from '../../../tests/form-message';

const submit = () => screen.getByRole('button', { name: /^Reset password$|Saving…/ });
const DONE = 'Your password has been reset. Please log in with your new password';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function choose(password = 'NewSecret#1', confirmation = password) {
  await screen.findByLabelText('New password');
  fill('New password', password);
  fill('Confirm password', confirmation);
}

describe('reset-password page', { timeout: 60_000 }, () => {
  it('reads the token, removes it from the address bar and keeps it in memory for the request', async () => {
    const reset = endpoint(endpoints.resetPassword, { msg: DONE });
    const { user, router } = await renderAuth('/reset-password?verificationToken=rt-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await choose();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(reset.bodies).toEqual([{ password: 'NewSecret#1', token: 'rt-1' }]);
  });

  it("follows the deployment's nist password policy: says so, asks for length only, keeps spaces", async () => {
    const reset = endpoint(endpoints.resetPassword, { msg: DONE });
    const { user } = await renderAuth('/reset-password?verificationToken=rt-1', {
      config: { passwordPolicy: 'nist' },
    });
    expect(
      await screen.findByText(/^Use at least 15 characters: any letters, spaces or symbols\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/uppercase letter/)).not.toBeInTheDocument();
    fill('New password', 'tulip lantern ');
    expect(await screen.findByText('Password must be at least 15 characters')).toBeInTheDocument();
    await choose(' tulip lantern orbit ');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(reset.bodies).toEqual([{ password: ' tulip lantern orbit ', token: 'rt-1' }]));
  });

  it('validates with the password rules only, with the spec messages', async () => {
    await renderAuth('/reset-password?verificationToken=rt-1');
    await screen.findByLabelText('New password');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    fill('New password', 'Ab#1');
    expect(await screen.findByText('Password must be 7 characters at minimum!')).toBeInTheDocument();
    fill('New password', `Ab#1${'x'.repeat(27)}`);
    expect(await screen.findByText('Password must be 30 characters at maximum!')).toBeInTheDocument();
    fill('New password', 'alllowercase1!');
    expect(
      await screen.findByText(
        'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
      ),
    ).toBeInTheDocument();
    fill('New password', '');
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await choose('NewSecret#1', 'NewSecret#2');
    expect(await screen.findByText('Password and Confirm Password should match')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    fill('Confirm password', 'NewSecret#1');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it.each([
    [400, 'Link is expired', 'Link is expired'],
    [500, 'argon2 failed', 'Please try again'],
  ])(
    'after a %i shows the catalogue message, clears the passwords and retries with the same token',
    async (status, serverMsg, shown) => {
      const toasts = watchToasts();
      const reset = endpoint(endpoints.resetPassword, { status, msg: serverMsg });
      const { user, router } = await renderAuth('/reset-password?verificationToken=rt-9');
      await choose();
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());
      // In the form, under the heading, and not as a toast over the page (#39 item 3).
      await expectInFormOnly(shown, toasts);
      await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue(''));
      expect(screen.getByLabelText('Confirm password')).toHaveValue('');
      expect(router.state.location.pathname).toBe('/reset-password');

      await choose('Another#22');
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());
      await waitFor(() => expect(reset.bodies).toHaveLength(2));
      expect(reset.bodies[1]).toEqual({ password: 'Another#22', token: 'rt-9' });
    },
  );

  it('without a token offers a new link instead of a form that cannot work', async () => {
    await renderAuth('/reset-password');
    expect(await screen.findByText('This reset link is incomplete. Request a new one.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
