import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@contract/v1/endpoints';
import type { RecoveryCodeStatus } from '@contract/v1/recovery-codes';
import { watchToasts } from '../../../tests/form-message';
import { endpoint, profileEndpoint, renderTwoFactor, userInfo } from '../testing/two-factor-fixtures';

const CODES = Array.from({ length: 10 }, (_, i) => `k7m2p-x9qd${i}`);
const status = (patch: Partial<RecoveryCodeStatus> = {}): RecoveryCodeStatus => ({
  total: 10,
  remaining: 10,
  createdAt: '2030-01-10T01:00:00.000Z',
  secondFactor: true,
  ...patch,
});

async function openPanel(codes: RecoveryCodeStatus, profile = userInfo()) {
  profileEndpoint(profile);
  const read = endpoint(endpoints.recoveryCodes, { data: codes });
  const view = await renderTwoFactor('/security');
  const panel = await screen.findByRole('region', { name: 'Recovery codes' }, { timeout: 20_000 });
  await waitFor(() => expect(panel).toHaveAttribute('aria-busy', 'false'));
  return { ...view, panel, read };
}

describe('recovery codes panel', { timeout: 30_000 }, () => {
  it('says how many codes are left, without a warning above two', async () => {
    const { panel } = await openPanel(status({ remaining: 3 }));
    expect(within(panel).getByTestId('recovery-codes-left')).toHaveTextContent(
      /^Codes left: 3 of 10 · made .*2030/,
    );
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Make new codes' })).toBeInTheDocument();
  });

  it('warns at two codes or fewer', async () => {
    const { panel } = await openPanel(status({ remaining: 2 }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Only a few recovery codes are left. Make a new set before they run out.',
    );
    expect(within(panel).getByRole('button', { name: 'Make new codes' })).toHaveClass('ant-btn-primary');
  });

  it('offers nothing to make while the account has no second factor', async () => {
    const { panel } = await openPanel(
      status({ total: 0, remaining: 0, createdAt: null, secondFactor: false }),
    );
    expect(panel).toHaveTextContent(
      'Turn on two-factor authentication or add a passkey to get recovery codes.',
    );
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a new set after confirming: shown once, with Copy and Download; the count follows', async () => {
    const toasts = watchToasts();
    const { user, panel } = await openPanel(status({ remaining: 1 }));
    const made = endpoint(endpoints.generateRecoveryCodes, {
      data: { codes: CODES, status: status() },
      msg: 'New recovery codes made',
    });
    await user.click(within(panel).getByRole('button', { name: 'Make new codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    expect(confirm).toHaveTextContent(
      'Your current recovery codes stop working as soon as the new ones are made.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Make new codes' }));

    const shown = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(made.count).toBe(1);
    // The dialog says it; no toast over its title.
    expect(toasts.success).not.toHaveBeenCalled();
    const list = within(shown).getByRole('list', { name: 'Your recovery codes' });
    expect(list).toHaveAttribute('dir', 'ltr');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    // The label changes once the clipboard has answered (a promise), not in the click itself.
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((file: Blob) => {
      files.push(file);
      return 'blob:codes';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(shown).getByRole('button', { name: 'Download' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(files).toHaveLength(1);
    const text = await files[0]!.text();
    for (const code of CODES) expect(text).toContain(`\n${code}\n`);

    await user.click(within(shown).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save your recovery codes' })).not.toBeInTheDocument(),
    );
    expect(within(panel).getByTestId('recovery-codes-left')).toHaveTextContent('Codes left: 10 of 10');
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('turning on the first second factor makes and shows the first set', async () => {
    const { user, panel } = await openPanel(
      status({ total: 0, remaining: 0, createdAt: null, secondFactor: false }),
    );
    endpoint(endpoints.configureTwoFactor, {
      data: { userInfo: userInfo({ twoFactorAuthentication: { enabled: true } }) },
      msg: 'Two-factor authentication enabled',
    });
    // Read again after the change: the account now has a second factor and never had codes.
    endpoint(endpoints.recoveryCodes, {
      data: status({ total: 0, remaining: 0, createdAt: null, secondFactor: true }),
    });
    const made = endpoint(endpoints.generateRecoveryCodes, { data: { codes: CODES, status: status() } });
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));

    const shown = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(made.count).toBe(1);
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(within(panel).getByTestId('recovery-codes-left')).toHaveTextContent('Codes left: 10 of 10');
  });

  it('an account that already has codes gets no new set when a second factor changes', async () => {
    const { user } = await openPanel(status({ remaining: 4 }));
    endpoint(endpoints.configureTwoFactor, {
      data: { userInfo: userInfo({ twoFactorAuthentication: { enabled: true } }) },
    });
    const reread = endpoint(endpoints.recoveryCodes, { data: status({ remaining: 4 }) });
    const made = endpoint(endpoints.generateRecoveryCodes, { data: { codes: CODES, status: status() } });
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(reread.count).toBe(1));
    expect(made.count).toBe(0);
    expect(screen.queryByRole('dialog', { name: 'Save your recovery codes' })).not.toBeInTheDocument();
  });
});
