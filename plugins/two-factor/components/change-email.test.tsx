import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@contract/v1/endpoints';
import { endpoint, profileEndpoint, renderTwoFactor, userInfo } from '../testing/two-factor-fixtures';

async function openDialog() {
  profileEndpoint(userInfo());
  const view = await renderTwoFactor('/user/details');
  // The first antd render of a file generates every style: slow on the shared machine.
  const opener = await screen.findByRole('button', { name: 'Change email' }, { timeout: 20_000 });
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Change email' });
  return { ...view, opener, dialog };
}

const newEmail = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'New email' });

describe('change email (profile details)', { timeout: 60_000 }, () => {
  it('keeps Email read-only and offers Change email, whose dialog names the current address', async () => {
    const { dialog } = await openDialog();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(dialog).toHaveTextContent('You sign in with jane@example.com.');
    expect(within(dialog).getByText('jane@example.com').tagName).toBe('BDI');
    expect(dialog).toHaveTextContent('within 60 minutes');
  });

  it('sends the new address and the sign-out choice, then says where the link went', async () => {
    const { user, dialog, opener } = await openDialog();
    const request = endpoint(endpoints.requestEmailChange, {
      data: { newEmail: 'jane.new@example.com' },
      msg: 'We sent a link to the new address. Open it to finish the change',
    });
    await user.type(newEmail(dialog), 'Jane.New@example.com');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Sign out of my other sessions when the change is made' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));

    const sent = await screen.findByRole('dialog', { name: 'Check the new address' });
    expect(request.bodies).toEqual([{ newEmail: 'Jane.New@example.com', endOtherSessions: true }]);
    expect(within(sent).getByRole('status')).toHaveTextContent(
      'We sent a link to jane.new@example.com. Open it within 60 minutes to finish the change.',
    );
    await user.click(within(sent).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    // The profile still shows the address in use: nothing changes before the link is opened.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('jane@example.com');
  });

  it('checks the address before sending anything', async () => {
    const { user, dialog } = await openDialog();
    const request = endpoint(endpoints.requestEmailChange, { data: { newEmail: 'x@example.com' } });
    await user.type(newEmail(dialog), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    expect(request.count).toBe(0);
  });

  it("keeps the dialog and what was typed when the server refuses, and shows the server's reason", async () => {
    const { user, dialog } = await openDialog();
    endpoint(endpoints.requestEmailChange, { status: 400, msg: 'This is already your email address' });
    await user.type(newEmail(dialog), 'jane@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('This is already your email address')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change email' })).toBeInTheDocument();
    await waitFor(() => expect(newEmail(dialog)).toBeEnabled());
    expect(newEmail(dialog)).toHaveValue('jane@example.com');
  });
});
