import '@ant-design/v5-patch-for-react-19';
import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/react';
import { renderWithPortal } from '../../tests/render-with-portal';
import { inOrganization } from '../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import { AreaPage } from './area-page';
import type { PortalPlugin } from './plugin-types';
import { ROUTE_SLOTS } from './route-slots';

function InvoicesPage() {
  return (
    <AreaPage area="billing-area" intro="Every invoice of the organisation.">
      <p>The invoices</p>
    </AreaPage>
  );
}

/** Two pages of the billing area, the way a plugin attaches them. */
const pages: PortalPlugin = {
  id: 'area',
  routes: () => [
    {
      id: 'area.a',
      path: '/ledger/invoices',
      layout: 'app',
      attachTo: { slot: 'billing-area', labelKey: 'Invoices', order: 10 },
      load: async () => ({ default: InvoicesPage }),
    },
    {
      id: 'area.b',
      path: '/ledger/cards',
      layout: 'app',
      attachTo: { slot: 'billing-area', labelKey: 'Cards', order: 20 },
      load: async () => ({ default: InvoicesPage }),
    },
  ],
};

describe('AreaPage', () => {
  it("is titled with the area's name, the page's tab marked current under it, then the page's intro", async () => {
    await renderWithPortal({
      plugins: [stubAuthPlugin, pages],
      url: '/ledger/invoices',
      session: inOrganization('owner'),
    });
    const nav = await screen.findByRole('navigation', { name: 'Billing' });
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Cards' })).not.toHaveAttribute('aria-current');
    // Read in this order: where you are, which page, what it is for, the page.
    const order = ['Billing', 'Invoices', 'Every invoice of the organisation.', 'The invoices'].map(
      (text) => screen.getAllByText(text)[0]!,
    );
    for (let i = 1; i < order.length; i++)
      expect(
        order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
  });

  it("names the area in the reader's language", async () => {
    await renderWithPortal({
      plugins: [stubAuthPlugin, pages],
      url: '/ledger/cards',
      session: inOrganization('owner'),
      language: 'ar',
    });
    expect(await screen.findByRole('navigation', { name: 'الفوترة' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'الفوترة' })).toBeInTheDocument();
  });

  it('every area has a name in every shipped language', () => {
    for (const language of ['en', 'fr', 'ar']) {
      const core = JSON.parse(readFileSync(`locales/${language}/core.json`, 'utf8')) as {
        areas: Record<string, string>;
      };
      expect(Object.keys(core.areas).sort(), language).toEqual(Object.keys(ROUTE_SLOTS).sort());
      for (const name of Object.values(core.areas)) expect(name.trim(), language).not.toBe('');
    }
  });
});
