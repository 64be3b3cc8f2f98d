import { screen } from '@testing-library/react';
import fixtureHello from '../../tests/fixtures/plugins/fixture-hello';
import { renderWithPortal } from '../../tests/render-with-portal';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import type { SessionStore } from '../session/session-store';
import type { PortalPlugin } from './plugin-types';
import { usePluginSettings } from './plugin-scope';

function inOrganization(session: SessionStore) {
  session.logIn({ accessToken: 'a', refreshToken: 'r' });
  session.selectOrganization(
    { organizationId: 'org-1', role: 'owner' },
    { accessToken: 'a2', refreshToken: 'r2' },
  );
}

describe('usePluginSettings (a page reads its own plugin settings)', () => {
  it("gives the page its plugin's defaults", async () => {
    await renderWithPortal({
      plugins: [stubAuthPlugin, fixtureHello],
      url: '/hello',
      session: inOrganization,
    });
    expect(
      await screen.findByRole('heading', { name: 'Hello from the fixture plugin, world!' }),
    ).toBeInTheDocument();
  });

  it('gives the page the settings of portal.config.json over the defaults', async () => {
    await renderWithPortal({
      plugins: [stubAuthPlugin, fixtureHello],
      url: '/hello',
      session: inOrganization,
      config: { plugins: { 'fixture-hello': { settings: { greetingName: 'Acme' } } } },
    });
    expect(
      await screen.findByRole('heading', { name: 'Hello from the fixture plugin, Acme!' }),
    ).toBeInTheDocument();
  });

  it("scopes each plugin's pages to its own settings", async () => {
    function Report() {
      const settings = usePluginSettings<{ currency: string }>();
      return <p data-testid="currency">{settings.currency}</p>;
    }
    const billing: PortalPlugin<{ currency: string }> = {
      id: 'billing-test',
      defaultSettings: { currency: 'AUD' },
      routes: () => [
        {
          id: 'billing-test.page',
          path: '/report',
          layout: 'public',
          load: async () => ({ default: Report }),
        },
      ],
    };
    await renderWithPortal({
      plugins: [stubAuthPlugin, fixtureHello, billing as PortalPlugin],
      url: '/report',
    });
    expect(await screen.findByTestId('currency')).toHaveTextContent('AUD');
  });
});
