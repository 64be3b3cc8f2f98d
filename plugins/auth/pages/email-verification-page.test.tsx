import { screen, waitFor } from '@testing-library/react';
import { endpoint, renderAuth } from '../testing/render-auth';
import { endpoints } from '@contract/v1/endpoints';

describe('email-verification page', { timeout: 60_000 }, () => {
  it("shows Processing, verifies once with both tokens, then 'Email account verified' and Go to Login", async () => {
    const verify = endpoint(endpoints.verifyEmail, { msg: 'Email account verified', delayMs: 200 });
    const { user, router } = await renderAuth(
      '/email-verification?verificationToken=vt-1&organizationToken=org-1',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Processing' })).toBeInTheDocument();
    // The tokens leave the address bar (and this history entry) as soon as they are read.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/email-verification');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Email account verified' }),
    ).toBeInTheDocument();
    expect(verify.bodies).toEqual([{ token: 'vt-1', organizationId: 'org-1' }]);

    await user.click(screen.getByRole('button', { name: 'Go to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([400, 500])(
    "shows 'Link is expired' when verification answers %i, and no second toast",
    async (status) => {
      endpoint(endpoints.verifyEmail, { status, msg: 'Link is expired' });
      await renderAuth('/email-verification?verificationToken=used&organizationToken=org-1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Link is expired' })).toBeInTheDocument();
      expect(screen.getAllByText('Link is expired')).toHaveLength(1);
      expect(screen.queryByText('Please try again')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Go to login' })).toBeInTheDocument();
    },
  );

  it('sends no organisation when the link has none', async () => {
    const verify = endpoint(endpoints.verifyEmail, { msg: 'Email account verified' });
    await renderAuth('/email-verification?verificationToken=vt-2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Email account verified' }),
    ).toBeInTheDocument();
    expect(verify.bodies).toEqual([{ token: 'vt-2' }]);
  });

  it("says 'Link is expired' without calling the server when the link has no token", async () => {
    const verify = endpoint(endpoints.verifyEmail, { msg: 'Email account verified' });
    await renderAuth('/email-verification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link is expired' })).toBeInTheDocument();
    expect(verify.bodies).toHaveLength(0);
  });

  it('is translated', async () => {
    endpoint(endpoints.verifyEmail, { msg: 'Email account verified' });
    await renderAuth('/email-verification?verificationToken=vt-3', { language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aller à la connexion' })).toBeInTheDocument();
  });
});
