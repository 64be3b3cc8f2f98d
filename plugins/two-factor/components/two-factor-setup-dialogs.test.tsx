import { act, screen, waitFor, within } from '@testing-library/react';
import {
  endpoint,
  gate,
  profileEndpoint,
  renderTwoFactor,
  userInfo,
} from '../testing/two-factor-fixtures';
import { endpoints } from '@contract/v1/endpoints';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { server } from '../../../tests/msw/server';
import { expectAtFieldOnly, watchToasts } from '../../../tests/form-message';

afterEach(() => {
  vi.useRealTimers();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Kreano:jane%40example.com?secret=${SECRET}&issuer=Kreano`;

const withMethod = (method: 'totp' | 'otp', phoneNumber = '+61412345678') =>
  userInfo({
    phone: { phoneNumber },
    twoFactorAuthentication: { enabled: true, [method]: { setupCompleted: true, enabled: true } },
  });

async function openPanel(info = userInfo()) {
  profileEndpoint(info);
  const view = await renderTwoFactor('/security');
  await screen.findByTestId('two-factor-status', {}, { timeout: 20_000 });
  return view;
}

const section = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });
// After a request antd keeps the leaving spinner (named "loading") in the button: match the label, not the whole name.
const button = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('button', { name: new RegExp(`^(loading ?)?${label}$`) });

// antd renders slowly in jsdom on the shared two cores.
describe('Two factor code (authenticator setup)', { timeout: 30_000 }, () => {
  async function openDialog() {
    const view = await openPanel();
    endpoint(endpoints.setupTwoFactor, { data: { secret: SECRET, url: OTPAUTH }, msg: 'Scan the QR code' });
    await view.user.click(
      within(section('Authenticator')).getByRole('button', { name: 'Set up Authenticator' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Two factor code' });
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    return { ...view, dialog };
  }

  it('shows the QR code of the otpauth URL and the secret, which Copy puts on the clipboard', async () => {
    const { user, dialog } = await openDialog();
    const qr = within(dialog).getByRole('img', { name: 'QR code for your authenticator app' });
    // The named image is the drawn QR code itself (an svg with its modules as paths), not a wrapper around it.
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')).not.toBeNull();
    const secret = within(dialog).getByRole('textbox', { name: 'Secret key' });
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    // The feedback goes back to Copy after a moment.
    expect(
      await within(dialog).findByRole('button', { name: 'Copy' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('needs exactly 6 digits, then Submit enables the authenticator and overall 2FA and closes', async () => {
    const { user, dialog } = await openDialog();
    const answer = gate();
    const confirm = endpoint(endpoints.confirmTwoFactor, {
      data: { userInfo: withMethod('totp') },
      msg: 'Authenticator app enabled for two-factor authentication',
      until: answer.promise,
    });
    const submit = () => button(dialog, 'Submit');
    expect(submit()).toBeDisabled();
    const code = within(dialog).getByRole('textbox', { name: '6-digit code' });
    await user.click(code);
    await user.paste('12345');
    expect(await within(dialog).findByText('Code must be 6 digits')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.paste('6');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await within(dialog).findByRole('button', { name: /Submitting…/ })).toBeDisabled();
    answer.open();
    expect(
      await screen.findByText('Authenticator app enabled for two-factor authentication'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Two factor code' })).not.toBeInTheDocument(),
    );
    expect(confirm.bodies).toEqual([{ code: '123456' }]);
    expect(within(section('Authenticator')).getByText('Configured')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Enabled');
  });

  it('a refused code shows the error under the code field, stops the spinner, clears the code and keeps the dialog', async () => {
    const toasts = watchToasts();
    const { user, dialog } = await openDialog();
    endpoint(endpoints.confirmTwoFactor, { status: 400, msg: 'Invalid verification code' });
    await user.click(within(dialog).getByRole('textbox', { name: '6-digit code' }));
    await user.paste('654321');
    await waitFor(() => expect(button(dialog, 'Submit')).toBeEnabled());
    await user.click(button(dialog, 'Submit'));
    await expectAtFieldOnly(
      within(dialog).getByRole('textbox', { name: '6-digit code' }),
      'Invalid verification code',
      toasts,
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: '6-digit code' })).toHaveValue(''),
    );
    expect(within(dialog).queryByRole('button', { name: /Submitting…/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Secret key' })).toHaveValue(SECRET);
    expect(within(section('Authenticator')).getByText('Not configured')).toBeInTheDocument();
  });

  it('when the setup cannot start it says so and offers to try again', async () => {
    const { user } = await openPanel();
    const setup = endpoint(
      endpoints.setupTwoFactor,
      { status: 500, msg: 'boom' },
      { data: { secret: SECRET, url: OTPAUTH } },
    );
    await user.click(within(section('Authenticator')).getByRole('button', { name: 'Set up Authenticator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two factor code' });
    expect(
      await within(dialog).findByText('The authenticator setup could not be started.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Secret key' })).toHaveValue(SECRET);
    expect(setup.bodies).toEqual([{ type: 'totp' }, { type: 'totp' }]);
  });
});

describe('Configure mobile for 2FA', { timeout: 30_000 }, () => {
  async function openDialog(info = userInfo({ phone: { phoneNumber: null } })) {
    const view = await openPanel(info);
    await view.user.click(
      within(section('Mobile number')).getByRole('button', { name: 'Set up Mobile number' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Configure mobile for 2FA' });
    return { ...view, dialog };
  }
  const phone = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Phone number' });
  const otp = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'OTP' });

  it('forces a leading plus and keeps Get OTP disabled while the phone is empty; checks the number', async () => {
    const { user, dialog } = await openDialog();
    expect(phone(dialog)).toHaveValue('+');
    expect(button(dialog, 'Get OTP')).toBeDisabled();
    await user.click(phone(dialog));
    await user.keyboard('6141');
    expect(phone(dialog)).toHaveValue('+6141');
    expect(button(dialog, 'Get OTP')).toBeEnabled();
    await user.click(button(dialog, 'Get OTP'));
    expect(
      await within(dialog).findByText('Phone number must have minimum of 7 digits and maximum of 15 digits'),
    ).toBeInTheDocument();
    await user.clear(phone(dialog));
    expect(phone(dialog)).toHaveValue('+');
    expect(await within(dialog).findByText('Phone Number is required')).toBeInTheDocument();
    expect(button(dialog, 'Get OTP')).toBeDisabled();
  });

  it('offers the profile number when it has a country code', async () => {
    const { dialog } = await openDialog(userInfo({ phone: { phoneNumber: '+61412345678' } }));
    expect(phone(dialog)).toHaveValue('+61412345678');
  });

  it('Get OTP sends the number, shows the returned code in a chip and locks resending for 60 seconds', async () => {
    const { user, dialog } = await openDialog();
    const answer = gate();
    const request = endpoint(endpoints.sendPhoneOtp, {
      data: { otp: '482913' },
      msg: 'OTP sent successfully',
      until: answer.promise,
    });
    await user.click(phone(dialog));
    await user.paste('+61400111222');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(button(dialog, 'Get OTP'));
    // While the request runs the button waits too.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Get OTP/ })).toHaveClass('ant-btn-loading'),
    );
    answer.open();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your code: 482913');
    expect(request.bodies).toEqual([{ phoneNumber: '+61400111222' }]);
    expect(await within(dialog).findByText('Resend OTP in 60s')).toBeInTheDocument();
    expect(button(dialog, 'Resend')).toBeDisabled();

    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    expect(within(dialog).getByText('Resend OTP in 45s')).toBeInTheDocument();
    expect(button(dialog, 'Resend')).toBeDisabled();

    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    await waitFor(() => expect(within(dialog).queryByText(/Resend OTP in/)).not.toBeInTheDocument());
    expect(button(dialog, 'Resend')).toBeEnabled();
  });

  it('Verify needs the phone and a 6-digit OTP, then enables mobile and overall 2FA and closes', async () => {
    const { user, dialog } = await openDialog();
    endpoint(endpoints.sendPhoneOtp, { data: { otp: '482913' }, msg: 'OTP sent successfully' });
    const verify = endpoint(endpoints.setupTwoFactor, {
      data: { userInfo: withMethod('otp', '+61400111222') },
      msg: 'Mobile number enabled for two-factor authentication',
    });
    expect(button(dialog, 'Verify')).toBeDisabled();
    await user.click(otp(dialog));
    await user.paste('482913');
    // A code without a number is not enough.
    await waitFor(() => expect(button(dialog, 'Verify')).toBeDisabled());
    await user.click(phone(dialog));
    await user.paste('+61400111222');
    await user.click(button(dialog, 'Get OTP'));
    await within(dialog).findByText('Your code: 482913');
    await user.clear(otp(dialog));
    await user.paste('48291');
    expect(await within(dialog).findByText('Code must be 6 digits')).toBeInTheDocument();
    expect(button(dialog, 'Verify')).toBeDisabled();
    await user.paste('3');
    await waitFor(() => expect(button(dialog, 'Verify')).toBeEnabled());
    await user.click(button(dialog, 'Verify'));
    expect(
      await screen.findByText('Mobile number enabled for two-factor authentication'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Configure mobile for 2FA' })).not.toBeInTheDocument(),
    );
    expect(verify.bodies).toEqual([{ type: 'otp', phoneNumber: '+61400111222', code: '482913' }]);
    expect(section('Mobile number')).toHaveTextContent('Codes are sent to +61400111222.');
    expect(within(section('Mobile number')).getByText('Configured')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Enabled');
  });

  it('when Get OTP fails it shows the error, stops the spinner, keeps the number and starts no countdown', async () => {
    const { user, dialog } = await openDialog();
    endpoint(endpoints.sendPhoneOtp, {
      status: 429,
      msg: 'Please wait 42 seconds before requesting a new code',
    });
    await user.click(phone(dialog));
    await user.paste('+61400111222');
    await user.click(button(dialog, 'Get OTP'));
    expect(
      await screen.findByText('Please wait 42 seconds before requesting a new code'),
    ).toBeInTheDocument();
    await waitFor(() => expect(button(dialog, 'Get OTP')).toBeEnabled());
    expect(phone(dialog)).toHaveValue('+61400111222');
    expect(within(dialog).queryByText(/Resend OTP in/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it("reopened inside the resend wait (a reload forgot the countdown), it counts down the server's Retry-After", async () => {
    const { user, dialog } = await openDialog();
    server.use(
      onEndpoint(endpoints.sendPhoneOtp, () =>
        HttpResponse.json(
          { msg: 'Please wait 42 seconds before requesting a new code', code: 'OTP_RESEND_TOO_SOON' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    await user.click(phone(dialog));
    await user.paste('+61400111222');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(button(dialog, 'Get OTP'));
    expect(await within(dialog).findByText('Resend OTP in 42s')).toBeInTheDocument();
    expect(button(dialog, 'Resend')).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(42_000);
    });
    await waitFor(() => expect(within(dialog).queryByText(/Resend OTP in/)).not.toBeInTheDocument());
    expect(button(dialog, 'Resend')).toBeEnabled();
  });

  it('when Verify fails it shows the error under the code, stops the spinner, keeps the number and clears the code', async () => {
    const toasts = watchToasts();
    const { user, dialog } = await openDialog();
    endpoint(endpoints.sendPhoneOtp, { data: {}, msg: 'OTP sent successfully' });
    endpoint(endpoints.setupTwoFactor, { status: 400, msg: 'Invalid verification code' });
    await user.click(phone(dialog));
    await user.paste('+61400111222');
    await user.click(button(dialog, 'Get OTP'));
    // In production no code comes back: no chip.
    expect(await screen.findByText('OTP sent successfully')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await user.click(otp(dialog));
    await user.paste('111111');
    await waitFor(() => expect(button(dialog, 'Verify')).toBeEnabled());
    await user.click(button(dialog, 'Verify'));
    await expectAtFieldOnly(otp(dialog), 'Invalid verification code', toasts);
    await waitFor(() => expect(otp(dialog)).toHaveValue(''));
    expect(phone(dialog)).toHaveValue('+61400111222');
    expect(within(dialog).queryByRole('button', { name: /Verifying…/ })).not.toBeInTheDocument();
    expect(within(section('Mobile number')).getByText('Not configured')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    profileEndpoint(userInfo({ phone: { phoneNumber: null } }));
    const { user } = await renderTwoFactor('/security', { language: 'fr' });
    await user.click(
      await screen.findByRole('button', { name: 'Configurer : Numéro de mobile' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Configurer le mobile pour la double authentification',
    });
    expect(within(dialog).getByRole('button', { name: "Recevoir l'OTP" })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Vérifier' })).toBeDisabled();
  });
});
