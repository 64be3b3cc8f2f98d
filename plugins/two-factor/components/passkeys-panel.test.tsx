import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@contract/v1/endpoints';
import type { PasskeyInfo } from '@contract/v1/index';
import { creationPrompt } from '../../../tests/passkey-prompt-double';
import { endpoint, profileEndpoint, renderTwoFactor } from '../testing/two-factor-fixtures';

// The browser's passkey prompt, replaced at the module boundary (jsdom has no WebAuthn).
vi.mock('@simplewebauthn/browser', () =>
  import('../../../tests/passkey-prompt-double').then((m) => m.browserModule),
);

const laptop: PasskeyInfo = {
  id: 'pk-1',
  name: 'Work laptop',
  deviceType: 'singleDevice',
  backedUp: false,
  createdAt: '2030-01-10T01:00:00.000Z',
  lastUsedAt: null,
};
const phone: PasskeyInfo = {
  id: 'pk-2',
  name: 'Phone',
  deviceType: 'multiDevice',
  backedUp: true,
  createdAt: '2030-01-11T01:00:00.000Z',
  lastUsedAt: '2030-01-12T01:00:00.000Z',
};
const creationOptions = { challenge: 'c2hhbGxlbmdl', rp: { id: 'localhost', name: 'Kreano' } };
const registration = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
};

async function openPanel(passkeys: PasskeyInfo[]) {
  profileEndpoint();
  endpoint(endpoints.passkeys, { data: { passkeys } });
  const view = await renderTwoFactor('/security');
  await screen.findByRole('heading', { name: 'Passkeys' }, { timeout: 20_000 });
  const panel = screen.getByRole('region', { name: 'Passkeys' });
  await within(panel).findByRole('button', { name: 'Add a passkey' });
  return { ...view, panel };
}

beforeEach(() => creationPrompt.reset());

describe('passkeys panel', { timeout: 30_000 }, () => {
  it('lists each passkey with its name, device type, when it was added and last used', async () => {
    const { panel } = await openPanel([laptop, phone]);
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Work laptop This device only',
      'Phone Synced',
    ]);
    expect(rows[0]).toHaveTextContent(/Added .*2030.* · never used/);
    expect(rows[1]).toHaveTextContent(/last used .*2030/);
    expect(within(rows[0]!).getByRole('button', { name: 'Rename Work laptop' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Phone' })).toBeInTheDocument();
  });

  it('adds a passkey: asks its name, runs the browser prompt with the server options, sends its answer', async () => {
    const { user, panel } = await openPanel([]);
    expect(panel).toHaveTextContent('You have no passkeys yet.');
    endpoint(endpoints.passkeyRegistrationOptions, {
      data: { challengeId: 'ch-1', options: creationOptions },
    });
    const registered = endpoint(endpoints.registerPasskey, {
      data: { ...laptop, id: 'pk-9', name: 'My key' },
      msg: 'Passkey added',
    });
    creationPrompt.answer = async () => registration;

    await user.click(within(panel).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByRole('textbox', { name: 'Passkey name' });
    expect(name).toHaveValue('Passkey 1');
    await user.clear(name);
    await user.type(name, 'My key');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
    expect(creationPrompt.calls).toEqual([{ optionsJSON: creationOptions }]);
    expect(registered.bodies).toEqual([{ challengeId: 'ch-1', name: 'My key', credential: registration }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a passkey' })).not.toBeInTheDocument(),
    );
    expect(within(panel).getByRole('heading', { name: /My key/ })).toBeInTheDocument();
  });

  it('says nothing was added when the user closes the browser prompt, and sends nothing', async () => {
    const { user, panel } = await openPanel([]);
    endpoint(endpoints.passkeyRegistrationOptions, {
      data: { challengeId: 'ch-2', options: creationOptions },
    });
    const registered = endpoint(endpoints.registerPasskey, { data: laptop });
    creationPrompt.answer = async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    };
    await user.click(within(panel).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No passkey was added.')).toBeInTheDocument();
    expect(registered.count).toBe(0);
    expect(panel).toHaveTextContent('You have no passkeys yet.');
  });

  it('renames and removes a passkey', async () => {
    const { user, panel } = await openPanel([laptop, phone]);
    const renamed = endpoint(endpoints.renamePasskey, {
      data: { ...laptop, name: 'Old laptop' },
      msg: 'Passkey renamed',
    });
    await user.click(within(panel).getByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByRole('textbox', { name: 'Passkey name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name for the passkey')).toBeInTheDocument();
    await user.type(name, 'Old laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { name: /Old laptop/ })).toBeInTheDocument(),
    );
    expect(renamed.bodies).toEqual([{ name: 'Old laptop' }]);

    const removed = endpoint(endpoints.removePasskey, { data: null, msg: 'Passkey removed' });
    await user.click(within(panel).getByRole('button', { name: 'Remove Phone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove passkey?' });
    expect(confirm).toHaveTextContent('You will no longer be able to sign in with Phone.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(panel).queryByRole('heading', { name: /Phone/ })).not.toBeInTheDocument(),
    );
    expect(removed.count).toBe(1);
  });
});
