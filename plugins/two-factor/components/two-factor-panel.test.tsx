import { screen, waitFor, within } from '@testing-library/react';
import { endpoint, gate, profileEndpoint, renderTwoFactor, userInfo } from '../testing/two-factor-fixtures';
import { endpoints } from '@contract/v1/endpoints';

const enabledWith = (methods: { totp?: boolean; otp?: boolean } = {}) =>
  userInfo({
    twoFactorAuthentication: {
      enabled: true,
      totp: { setupCompleted: Boolean(methods.totp), enabled: Boolean(methods.totp) },
      otp: { setupCompleted: Boolean(methods.otp), enabled: Boolean(methods.otp) },
    },
  });

async function openPanel(info = userInfo(), url = '/security') {
  profileEndpoint(info);
  const view = await renderTwoFactor(url);
  await screen.findByTestId('two-factor-status', {}, { timeout: 20_000 });
  return view;
}

const status = () => screen.getByTestId('two-factor-status');
const section = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });

// antd renders slowly in jsdom on the shared two cores.
describe('two-factor panel', { timeout: 30_000 }, () => {
  it('shows Disabled with Enable, and the Authenticator, Mobile Number and Email sections', async () => {
    await openPanel();
    expect(screen.getByRole('heading', { level: 1, name: 'Security settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Disabled');
    expect(screen.getByRole('button', { name: 'Enable' })).toBeEnabled();
    expect(within(section('Authenticator')).getByText('Not configured')).toBeInTheDocument();
    expect(
      within(section('Authenticator')).getByRole('button', { name: 'Set up Authenticator' }),
    ).toBeInTheDocument();
    expect(
      within(section('Mobile number')).getByRole('button', { name: 'Set up Mobile number' }),
    ).toBeInTheDocument();
    const email = section('Email');
    expect(within(email).getByText('Configured')).toBeInTheDocument();
    expect(email).toHaveTextContent(
      'Codes are sent to jane@example.com. Email is always available and cannot be removed.',
    );
    // Email 2FA cannot be changed.
    expect(within(email).queryByRole('button')).not.toBeInTheDocument();
  });

  it('Enable asks first; confirming switches 2FA on and the session follows', async () => {
    const { user, session } = await openPanel();
    const answer = gate();
    const config = endpoint(endpoints.configureTwoFactor, {
      data: { userInfo: enabledWith() },
      msg: 'Two-factor authentication enabled',
      until: answer.promise,
    });
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Enable/ })).toHaveClass('ant-btn-loading'),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.open();
    expect(await screen.findByText('Two-factor authentication enabled')).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent('Enabled'));
    expect(config.bodies).toEqual([{ enable: true }]);
    expect(session.twoFactorEnabled).toBe(true);
    expect(
      screen.queryByRole('dialog', { name: 'Enable two-factor authentication?' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('Disable: Cancel changes nothing; confirming switches 2FA off', async () => {
    const { user } = await openPanel(enabledWith({ totp: true }));
    const config = endpoint(endpoints.configureTwoFactor, {
      data: { userInfo: userInfo() },
      msg: 'Two-factor authentication disabled',
    });
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(config.count).toBe(0);
    expect(status()).toHaveTextContent('Enabled');

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const again = await screen.findByRole('dialog', { name: 'Disable two-factor authentication?' });
    await user.click(within(again).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(status()).toHaveTextContent('Disabled'));
    expect(config.bodies).toEqual([{ enable: false }]);
  });

  it('when the switch fails it shows the error, stops the spinner and keeps the dialog for another try', async () => {
    const { user } = await openPanel(enabledWith());
    endpoint(endpoints.configureTwoFactor, { status: 403, msg: 'Not allowed right now' });
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Not allowed right now')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled());
    expect(within(dialog).getByRole('button', { name: /Disable/ })).not.toHaveClass('ant-btn-loading');
    expect(status()).toHaveTextContent('Enabled');
  });

  it('locks the switch with the organisation tooltip when an organisation enforces 2FA', async () => {
    const { user } = await openPanel(
      userInfo({ twoFactorEnabledInOrg: true, twoFactorAuthentication: { enabled: true } }),
    );
    const disable = screen.getByRole('button', { name: 'Disable' });
    expect(disable).toBeDisabled();
    const note =
      'An organisation you belong to has enabled two-factor authentication. Please contact your admin to change it.';
    expect(screen.getByText(note)).toBeInTheDocument();
    // The tooltip also opens from the keyboard: the lock is focusable and described by the note.
    const lock = disable.parentElement!;
    await user.tab();
    while (document.activeElement !== lock && document.activeElement !== document.body) await user.tab();
    expect(lock).toHaveFocus();
    expect(lock).toHaveAccessibleDescription(note);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(note);
  });

  it('offers Enable when an organisation requires 2FA and it is off, saying so; only turning it off is locked', async () => {
    const { user } = await openPanel(
      userInfo({ twoFactorEnabledInOrg: true, twoFactorAuthentication: { enabled: false } }),
    );
    expect(
      screen.getByText(
        'An organisation you belong to requires two-factor authentication. Turn it on to keep working in it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Please contact your admin/)).not.toBeInTheDocument();
    const configure = endpoint(endpoints.configureTwoFactor, {
      data: {
        userInfo: userInfo({ twoFactorEnabledInOrg: true, twoFactorAuthentication: { enabled: true } }),
      },
      msg: 'Two-factor authentication enabled',
    });
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(configure.bodies).toEqual([{ enable: true }]));
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeDisabled();
  });

  it('Reset asks with Cancel and Reset, then clears the method', async () => {
    const { user } = await openPanel(enabledWith({ totp: true }));
    const reset = endpoint(endpoints.resetTwoFactor, {
      data: { userInfo: enabledWith() },
      msg: 'Authenticator app removed from two-factor authentication',
    });
    expect(within(section('Authenticator')).getByText('Configured')).toBeInTheDocument();
    await user.click(within(section('Authenticator')).getByRole('button', { name: 'Reset Authenticator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset 2FA' });
    expect(dialog).toHaveTextContent('Reset Authenticator?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reset.count).toBe(0);

    await user.click(within(section('Authenticator')).getByRole('button', { name: 'Reset Authenticator' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset 2FA' })).getByRole('button', { name: 'Reset' }),
    );
    expect(
      await screen.findByText('Authenticator app removed from two-factor authentication'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section('Authenticator')).getByText('Not configured')).toBeInTheDocument(),
    );
    expect(reset.bodies).toEqual([{ type: 'totp' }]);
    expect(
      within(section('Authenticator')).getByRole('button', { name: 'Set up Authenticator' }),
    ).toBeInTheDocument();
  });

  it('resets the mobile number, and a failed reset keeps the method and the dialog', async () => {
    const { user } = await openPanel(enabledWith({ otp: true }));
    expect(section('Mobile number')).toHaveTextContent('Codes are sent to +61412345678.');
    endpoint(endpoints.resetTwoFactor, { status: 500, msg: 'db down' });
    await user.click(within(section('Mobile number')).getByRole('button', { name: 'Reset Mobile number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset 2FA' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled());
    expect(within(section('Mobile number')).getByText('Configured')).toBeInTheDocument();
  });

  it('/user/security holds the change-password panel and the two-factor panel', async () => {
    await openPanel(userInfo(), '/user/security');
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Password & security' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    endpoint(endpoints.user, { status: 500, msg: 'boom' }, { data: { userInfo: userInfo() } });
    endpoint(endpoints.passkeys, { data: { passkeys: [] } });
    // The recovery codes' panel beside it loads: only the two-factor panel offers to try again.
    endpoint(endpoints.recoveryCodes, {
      data: { total: 0, remaining: 0, createdAt: null, secondFactor: false },
    });
    const { user } = await renderTwoFactor('/security');
    expect(
      await screen.findByText('Your two-factor settings could not be loaded.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Disabled');
  });

  it('speaks French', async () => {
    profileEndpoint();
    await renderTwoFactor('/security', { language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: 'Authentification à deux facteurs' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Désactivée');
    expect(screen.getByRole('button', { name: 'Activer' })).toBeInTheDocument();
  });
});
