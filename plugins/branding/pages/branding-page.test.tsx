import { endpoints } from '@contract/v1/endpoints';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { answer, pngFile, portals, renderBranding, savedBranding } from '../testing/branding-fixtures';

const hex = (name: RegExp | string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save branding' });

async function openEditor(url = '/branding', options: Parameters<typeof renderBranding>[1] = {}) {
  const view = await renderBranding(url, options);
  await screen.findByRole('heading', { level: 2 }, { timeout: 30_000 });
  return view;
}

/** What the server answers to a colour change: the account portal with the body's colours. */
function echoColours() {
  return answer(endpoints.updateBranding, ({ body }) => ({
    portals: (body.setToAllPortal ? portals() : portals().slice(0, 1)).map((portal) => ({
      ...portal,
      primaryColor: body.primaryColor,
      secondaryColor: body.secondaryColor,
      textColor: body.textColor,
    })),
  }));
}

/** A saved logo as the server names it: a path, no host. */
const LOGO_PATH = endpoints.logoFile.path.replace(':logoId', 'abc');

describe('branding editor', { timeout: 180_000 }, () => {
  it('opens the account portal by default, names every portal tab, and the preview follows the typed colours', async () => {
    savedBranding(portals({ primaryColor: '#0B1F44', secondaryColor: '#F5A623', textColor: '#FFFFFF' }));
    const { user, router } = await openEditor();
    expect(router.state.location.pathname).toBe('/branding/admin');
    expect(screen.getByRole('heading', { level: 2, name: 'Kreano Account branding' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Portals' })).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Kreano Account', '/branding/admin'],
      ['Kreano Mods', '/branding/developer'],
      ['Kreano ID', '/branding/id'],
      ['Kreano Redact', '/branding/redact'],
      ['Kreano Sign', '/branding/sign'],
      ['Data Exchange', '/branding/data-exchnage'],
    ]);

    const header = screen.getByTestId('preview-light-header');
    expect(header).toHaveStyle({ background: '#0B1F44', color: '#FFFFFF' });
    await user.clear(hex('Primary colour (hex)'));
    await user.type(hex('Primary colour (hex)'), '#1565c0');
    expect(header).toHaveStyle({ background: '#1565C0' });
    expect(screen.getByTestId('preview-dark-button')).toHaveStyle({ background: '#1565C0' });
    // An unfinished value is refused with the rule's message; the preview keeps the last valid colour.
    await user.type(hex('Primary colour (hex)'), '{Backspace}');
    expect(
      await screen.findByText(/Enter a hex colour: # followed by 6 or 8 hex digits/),
    ).toBeInTheDocument();
    expect(header).toHaveStyle({ background: '#0B1F44' });
    expect(saveButton()).toBeDisabled();

    // A chosen logo shows in both previews at once, before anything is saved.
    await user.upload(screen.getByTestId('logo-input-logo'), pngFile());
    expect(await screen.findByText('logo.png will be uploaded when you save.')).toBeInTheDocument();
    for (const mode of ['light', 'dark']) {
      const logo = screen.getByTestId(`preview-${mode}-card`).querySelector('img');
      expect(logo).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    }
  });

  it('a file that is not an image says what is allowed and keeps the other unsaved edits', async () => {
    savedBranding();
    const { user } = await openEditor();
    await user.clear(hex('Secondary colour (hex)'));
    await user.type(hex('Secondary colour (hex)'), '#2E7D32');
    await user.upload(screen.getByTestId('logo-input-logo'), pngFile('dark.png'));
    const html = new File(['<html><script>alert(1)</script></html>'], 'evil.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('logo-input-darkLogo'), html);
    expect(
      await screen.findByText('This file is not a PNG, JPEG, WebP or SVG image. Choose one of those types.'),
    ).toBeInTheDocument();
    expect(hex('Secondary colour (hex)')).toHaveValue('#2E7D32');
    expect(screen.getByText('dark.png will be uploaded when you save.')).toBeInTheDocument();
  });

  it('shows the contrast of text on primary and primary on white, and asks before saving a failing pair', async () => {
    savedBranding(portals({ primaryColor: '#0B1F44', secondaryColor: '#F5A623', textColor: '#FFFFFF' }));
    const saved = echoColours();
    const { user } = await openEditor();
    expect(screen.getByTestId('contrast-textOnPrimary')).toHaveTextContent(
      /Text on primary\s*16\.2:1\s*Passes/,
    );
    await user.clear(hex('Text colour (hex)'));
    await user.type(hex('Text colour (hex)'), '#333333');
    expect(screen.getByTestId('contrast-textOnPrimary')).toHaveTextContent(
      /Text on primary\s*1\.\d:1\s*Fails/,
    );
    expect(screen.getByText(/These colours do not reach WCAG AA contrast/)).toBeInTheDocument();

    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Save colours that are hard to read?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(saved.count).toBe(0);

    await user.click(saveButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save colours that are hard to read?' })).getByRole(
        'button',
        {
          name: 'Save anyway',
        },
      ),
    );
    await waitFor(() => expect(saved.count).toBe(1));
    expect(saved.bodies[0]).toEqual({
      portalId: 'kreanoAccount',
      primaryColor: '#0B1F44',
      secondaryColor: '#F5A623',
      textColor: '#333333',
      setToAllPortal: false,
    });
  });

  it('saving the account portal with "apply to all" sends it for every portal and shows it in this portal at once', async () => {
    savedBranding();
    const saved = echoColours();
    const uploaded = answer(endpoints.updateLogo, ({ body }) => ({
      portals: portals({ logo: LOGO_PATH, primaryColor: '#1565C0' }),
      cleaned: body.variant === 'nothing',
    }));
    const { user, theme, session } = await openEditor();
    await user.clear(hex('Primary colour (hex)'));
    await user.type(hex('Primary colour (hex)'), '#1565C0');
    await user.upload(screen.getByTestId('logo-input-logo'), pngFile());
    await screen.findByText('logo.png will be uploaded when you save.');
    await user.click(screen.getByRole('checkbox', { name: 'Apply to all portals' }));
    expect(
      screen.getByText('Saving or resetting changes every portal, not only Kreano Account.'),
    ).toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => expect(uploaded.count).toBe(1));
    expect(saved.bodies[0]).toMatchObject({
      portalId: 'kreanoAccount',
      primaryColor: '#1565C0',
      setToAllPortal: true,
    });
    expect(uploaded.bodies[0]).toMatchObject({
      portalId: 'kreanoAccount',
      variant: 'logo',
      setToAllPortal: true,
    });
    expect(uploaded.bodies[0].data).toMatch(/^iVBORw0KGgo/);
    // The host's header and theme follow the session at once: no reload.
    await waitFor(() => expect(theme.primary).toBe('#1565C0'));
    // The server answers a path; the header loads it from the API's origin (the test host's apiBaseUrl,
    // http://localhost, is not jsdom's page origin), as the HTTP client calls it.
    expect(session.logo).toBe(LOGO_PATH);
    expect(window.location.origin).not.toBe('http://localhost');
    const brand = screen.getAllByTestId('portal-brand')[0]!;
    expect(within(brand).getByRole('img')).toHaveAttribute('src', `http://localhost${LOGO_PATH}`);
  });

  it('another portal saved on its tab leaves this portal as it is', async () => {
    savedBranding();
    const saved = answer(endpoints.updateBranding, ({ body }) => ({
      portals: [{ ...portals().find((p) => p.portalKey === 'kreanoSign')!, primaryColor: body.primaryColor }],
    }));
    const { user, theme } = await openEditor('/branding/sign');
    expect(screen.getByRole('heading', { level: 2, name: 'Kreano Sign branding' })).toBeInTheDocument();
    const before = theme.primary;
    await user.clear(hex('Primary colour (hex)'));
    await user.type(hex('Primary colour (hex)'), '#1565C0');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(saved.count).toBe(1);
    expect(theme.primary).toBe(before);
  });

  it('reset asks first, and resets this portal or every portal as chosen', async () => {
    savedBranding(portals({ primaryColor: '#1565C0', secondaryColor: '#F5A623', textColor: '#FFFFFF' }));
    const reset = answer(endpoints.resetBranding, { portals: portals() });
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset to the product defaults?' });
    expect(dialog).toHaveTextContent(
      'The logos and colours of Kreano Account go back to the product defaults.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(reset.count).toBe(0);
    expect(hex('Primary colour (hex)')).toHaveValue('#1565C0');

    await user.click(screen.getByRole('checkbox', { name: 'Apply to all portals' }));
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset to the product defaults?' });
    expect(dialog).toHaveTextContent(
      'The logos and colours of every portal go back to the product defaults.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(reset.count).toBe(1));
    expect(reset.queries[0]).toEqual({ portalId: 'kreanoAccount', setToAllPortal: 'true' });
    await waitFor(() => expect(hex('Primary colour (hex)')).toHaveValue('#0B1F44'));
  });

  it('speaks French', async () => {
    savedBranding();
    const { user } = await openEditor('/branding/data-exchnage', { language: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Image de marque' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Image de marque de Data Exchange' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Appliquer à tous les portails' })).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Couleur principale (hexadécimal)' }));
    await user.type(screen.getByRole('textbox', { name: 'Couleur principale (hexadécimal)' }), 'red');
    expect(await screen.findByRole('alert')).not.toHaveTextContent(/hex colour/);
    await user.click(screen.getByRole('button', { name: 'Rétablir les valeurs par défaut' }));
    expect(
      await screen.findByRole('dialog', { name: 'Rétablir les valeurs par défaut du produit ?' }),
    ).toBeInTheDocument();
  });

  it('offers the menu entry to an owner, and neither the menu entry nor the page to a member', async () => {
    savedBranding();
    await openEditor();
    expect(screen.getAllByRole('menuitem', { name: /Branding/ }).length).toBeGreaterThan(0);
    cleanup();
    const list = savedBranding();
    await renderBranding('/branding/admin', { role: 'member', heading: false });
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Branding/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /branding/i })).not.toBeInTheDocument();
    expect(list.count).toBe(0);
  });

  it('offers the menu entry and the page to a custom role granted branding.manage, whatever its name', async () => {
    savedBranding();
    // The session holds what entering the organisation answered for the role.
    await renderBranding('/branding/admin', { role: 'role-designer', permissions: ['branding.manage'] });
    expect(screen.getAllByRole('menuitem', { name: /Branding/ }).length).toBeGreaterThan(0);
    expect(screen.queryByText("You don't have permission to view this page")).not.toBeInTheDocument();
  });
});
