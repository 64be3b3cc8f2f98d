import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@contract/v1/endpoints';
import { endpoint, renderAuth } from '../testing/render-auth';

describe('email change links (/email-change, /email-change/undo)', { timeout: 60_000 }, () => {
  it('confirms once on arrival, takes the token out of the address bar, then names the new address', async () => {
    const confirm = endpoint(endpoints.confirmEmailChange, {
      data: { email: 'jane.new@example.com' },
      msg: 'Your email address has been changed',
      delayMs: 200,
    });
    const { user, router } = await renderAuth('/email-change?token=ct-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Changing your email address…' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/email-change');

    const status = await screen.findByRole('status');
    expect(
      await within(status).findByRole('heading', { level: 1, name: 'Your email address is changed' }),
    ).toBeInTheDocument();
    expect(status).toHaveTextContent('From now on you sign in with jane.new@example.com.');
    expect(within(status).getByText('jane.new@example.com')).toHaveAttribute('dir', 'ltr');
    expect(confirm.bodies).toEqual([{ token: 'ct-1' }]);
    await user.click(screen.getByRole('button', { name: 'Go to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's reason when the link cannot be used, once", async () => {
    endpoint(endpoints.confirmEmailChange, { status: 400, msg: 'Link is expired' });
    await renderAuth('/email-change?token=used');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Link is expired')).toHaveLength(1);
  });

  it('calls nothing without a token', async () => {
    const confirm = endpoint(endpoints.confirmEmailChange, { data: { email: 'x@example.com' } });
    await renderAuth('/email-change');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Link is expired')).toBeInTheDocument();
    expect(confirm.bodies).toHaveLength(0);
  });

  it('undoes from the old address, says every session ended and offers a password reset', async () => {
    const undo = endpoint(endpoints.undoEmailChange, {
      data: { email: 'jane@example.com' },
      msg: 'Your previous email address is back and every session has been ended',
    });
    const { user, router } = await renderAuth('/email-change/undo?token=ut-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address is back' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You sign in with jane@example.com again, and every session of your account has been ended.',
    );
    expect(undo.bodies).toEqual([{ token: 'ut-1' }]);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('is translated, the address kept left to right in Arabic', async () => {
    endpoint(endpoints.confirmEmailChange, { data: { email: 'jane.new@example.com' } });
    await renderAuth('/email-change?token=ct-2', { language: 'ar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تم تغيير عنوان بريدك الإلكتروني' }),
    ).toBeInTheDocument();
    expect(screen.getByText('jane.new@example.com')).toHaveAttribute('dir', 'ltr');
  });
});
