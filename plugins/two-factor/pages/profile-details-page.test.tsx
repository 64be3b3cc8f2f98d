import { act, screen, waitFor, within } from '@testing-library/react';
import { endpoint, gate, profileEndpoint, renderTwoFactor, userInfo } from '../testing/two-factor-fixtures';
import { endpoints } from '@contract/v1/endpoints';

const withMobileOtp = userInfo({
  twoFactorAuthentication: { enabled: true, otp: { setupCompleted: true, enabled: true } },
});

async function openProfile(info = userInfo(), options: Parameters<typeof renderTwoFactor>[1] = {}) {
  profileEndpoint(info);
  const view = await renderTwoFactor('/user/details', options);
  // The first antd render of a file generates every style: slow on the shared machine.
  await screen.findByRole('heading', { name: `${info.name.first} ${info.name.last}` }, { timeout: 20_000 });
  return view;
}

// After a request antd keeps the leaving spinner (named "loading") in the button: match the label, not the whole name.
const save = () => screen.getByRole('button', { name: /Save and update/ });
const phone = () => screen.getByRole('textbox', { name: 'Phone number' });
const recovery = () => screen.getByRole('textbox', { name: 'Recovery email' });

// antd renders slowly in jsdom on the shared two cores.
describe('profile details (/user/details)', { timeout: 30_000 }, () => {
  it('shows the name, the registration date in the region, read-only identity and the editable fields', async () => {
    await openProfile(userInfo({ recovery_mail: 'backup@example.com' }));
    // 23:30 UTC on 4 March is 5 March in Sydney.
    expect(screen.getByText('Registered since 05/03/2025')).toBeInTheDocument();
    for (const [label, value] of [
      ['First name', 'Jane'],
      ['Last name', 'Citizen'],
      ['Email', 'jane@example.com'],
    ]) {
      const field = screen.getByRole('textbox', { name: label });
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
      // Drawn unlike the editable fields: filled, with a lock (#39 item 2).
      const box = field.closest('.ant-input-affix-wrapper');
      expect(box).toHaveClass('ant-input-filled');
      expect(box?.querySelector('.anticon-lock')).not.toBeNull();
    }
    for (const label of ['First name', 'Last name']) {
      expect(screen.getByRole('textbox', { name: label })).toHaveAccessibleDescription(
        'Your name is shown as you registered it and cannot be changed here.',
      );
    }
    expect(phone().closest('.ant-input-filled')).toBeNull();
    expect(phone()).toHaveValue('+61412345678');
    expect(phone()).not.toHaveAttribute('readonly');
    expect(recovery()).toHaveValue('backup@example.com');
    expect(screen.getByRole('link', { name: 'Details' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Password & security' })).toHaveAttribute(
      'href',
      '/user/security',
    );
  });

  it('saves phone, names and the recovery email, and shows the server message', async () => {
    const { user } = await openProfile();
    const answer = gate();
    const patch = endpoint(endpoints.updateUser, {
      data: {
        userInfo: userInfo({ phone: { phoneNumber: '+61499888777' }, recovery_mail: 'backup@example.com' }),
      },
      msg: 'Profile updated successfully',
      until: answer.promise,
    });
    await user.clear(phone());
    await user.click(phone());
    await user.paste('+61499888777');
    await user.click(recovery());
    await user.paste('backup@example.com');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByRole('button', { name: /Saving…/ })).toBeDisabled();
    answer.open();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(patch.bodies).toEqual([
      {
        firstName: 'Jane',
        lastName: 'Citizen',
        phoneNumber: '+61499888777',
        recovery_mail: 'backup@example.com',
      },
    ]);
    // Mobile OTP was off: no confirmation was needed.
    expect(screen.queryByRole('dialog', { name: 'Reset mobile OTP' })).not.toBeInTheDocument();
  });

  it('leaves the recovery email out when it is empty', async () => {
    const { user } = await openProfile();
    const patch = endpoint(endpoints.updateUser, {
      data: { userInfo: userInfo() },
      msg: 'Profile updated successfully',
    });
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(patch.count).toBe(1));
    expect(patch.bodies[0]).toEqual({ firstName: 'Jane', lastName: 'Citizen', phoneNumber: '+61412345678' });
  });

  it('checks the phone and the recovery email with the docs/validation-rules.md messages, and keeps Save disabled until they are valid', async () => {
    const { user } = await openProfile();
    await user.clear(phone());
    expect(await screen.findByText('Phone Number is required')).toBeInTheDocument();
    await user.click(phone());
    await user.paste('12345');
    expect(
      await screen.findByText('Phone number must have minimum of 7 digits and maximum of 15 digits'),
    ).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeDisabled());
    await user.click(phone());
    await user.paste('678');
    await user.click(recovery());
    await user.paste('backup@');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeDisabled());
    await user.click(recovery());
    await user.paste('example.com');
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('asks before a new number resets mobile OTP: Cancel sends nothing, Save and Update saves', async () => {
    const { user } = await openProfile(withMobileOtp);
    const patch = endpoint(endpoints.updateUser, {
      data: { userInfo: userInfo({ phone: { phoneNumber: '+61400111222' } }) },
      msg: 'Profile updated successfully',
    });
    await user.clear(phone());
    await user.click(phone());
    await user.paste('+61400111222');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: 'Reset mobile OTP' });
    expect(dialog).toHaveTextContent('Changing your phone number resets the mobile OTP.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset mobile OTP' })).not.toBeInTheDocument(),
    );
    expect(patch.count).toBe(0);
    expect(phone()).toHaveValue('+61400111222');

    await user.click(save());
    const again = await screen.findByRole('dialog', { name: 'Reset mobile OTP' });
    await user.click(within(again).getByRole('button', { name: 'Save and update' }));
    await waitFor(() => expect(patch.count).toBe(1));
    expect(patch.bodies[0]).toMatchObject({ phoneNumber: '+61400111222' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset mobile OTP' })).not.toBeInTheDocument(),
    );
  });

  it('does not ask when mobile OTP is on but the number stays the same', async () => {
    const { user } = await openProfile(withMobileOtp);
    const patch = endpoint(endpoints.updateUser, {
      data: { userInfo: withMobileOtp },
      msg: 'Profile updated successfully',
    });
    await user.click(recovery());
    await user.paste('backup@example.com');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(patch.count).toBe(1));
    expect(screen.queryByRole('dialog', { name: 'Reset mobile OTP' })).not.toBeInTheDocument();
  });

  it.each([
    [
      400,
      'Phone number must have minimum of 7 digits and maximum of 15 digits',
      'Phone number must have minimum of 7 digits and maximum of 15 digits',
    ],
    [500, 'internal details', 'Please try again'],
  ])(
    'after a %s it shows the message, stops the spinner and keeps what was typed',
    async (status, msg, shown) => {
      const { user } = await openProfile();
      endpoint(endpoints.updateUser, { status, msg });
      await user.clear(phone());
      await user.click(phone());
      await user.paste('+61400999888');
      await user.click(recovery());
      await user.paste('backup@example.com');
      await waitFor(() => expect(save()).toBeEnabled());
      await user.click(save());
      expect(await screen.findByText(shown)).toBeInTheDocument();
      await waitFor(() => expect(save()).toBeEnabled());
      expect(phone()).toHaveValue('+61400999888');
      expect(recovery()).toHaveValue('backup@example.com');
    },
  );

  it('offers to try again when the profile cannot be loaded', async () => {
    const load = endpoint(endpoints.user, { status: 500, msg: 'boom' }, { data: { userInfo: userInfo() } });
    const { user } = await renderTwoFactor('/user/details');
    expect(
      await screen.findByText('Your profile could not be loaded.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Jane Citizen' })).toBeInTheDocument();
    expect(load.count).toBe(2);
  });

  it('opened again, shows the profile read last at once; the fresh one fills the fields the user has not touched', async () => {
    const answer = gate();
    endpoint(
      endpoints.user,
      { data: { userInfo: userInfo() } },
      {
        data: {
          userInfo: userInfo({
            recovery_mail: 'changed@example.com',
            phone: { phoneNumber: '+61400000001' },
          }),
        },
        until: answer.promise,
      },
    );
    const { router, user } = await renderTwoFactor('/user/details');
    await screen.findByRole('heading', { name: 'Jane Citizen' }, { timeout: 20_000 });
    await act(() => router.navigate('/security'));
    // The Security page reads the same profile: its 2FA status is there before the server answers.
    expect(await screen.findByTestId('two-factor-status')).toBeInTheDocument();
    await act(() => router.navigate('/user/details'));

    expect(await screen.findByRole('heading', { name: 'Jane Citizen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(phone()).toHaveValue('+61412345678');
    await user.clear(phone());
    await user.type(phone(), '+61499888777');

    answer.open();
    await waitFor(() => expect(recovery()).toHaveValue('changed@example.com'));
    expect(phone()).toHaveValue('+61499888777');
  });

  it('/user opens the details, and the side menu links to Profile and Password & security', async () => {
    profileEndpoint();
    const { router } = await renderTwoFactor('/user', { appLayout: true });
    expect(
      await screen.findByRole('heading', { name: 'Jane Citizen' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/details');
    expect(await screen.findByRole('link', { name: /Profile/ })).toHaveAttribute('href', '/user/details');
    // The side menu's entry and the profile's tab: one name and one page for the password and the second factors.
    const security = screen.getAllByRole('link', { name: 'Password & security' });
    expect(security).toHaveLength(2);
    for (const link of security) expect(link).toHaveAttribute('href', '/user/security');
    expect(screen.queryByRole('link', { name: /^Security$/ })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    profileEndpoint();
    await renderTwoFactor('/user/details', { language: 'fr' });
    expect(
      await screen.findByText('Inscrit depuis le 05/03/2025', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer et mettre à jour' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail de secours' })).toBeInTheDocument();
  });
});
