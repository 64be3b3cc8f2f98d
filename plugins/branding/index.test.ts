import branding from './index';
import { BRANDING_TABS } from './portal-tabs';

// The tab routes are written out one by one (so the build's route manifest reads them): they must stay the
// contract's tabs, in its order, each behind the branding permission.
describe('the branding plugin', () => {
  const routes = branding.routes!({} as never);

  it('has a page for every tab of the contract, in order, each behind branding.manage', () => {
    const pages = routes.filter((route) => !route.redirectTo);
    expect(pages.map((route) => [route.id, route.path, route.access])).toEqual(
      BRANDING_TABS.map(({ tab }) => [`branding.${tab}`, `/branding/${tab}`, 'branding.manage']),
    );
  });

  it('opens the first tab from /branding', () => {
    expect(routes.find((route) => route.path === '/branding')?.redirectTo).toBe(`branding.${BRANDING_TABS[0]!.tab}`);
  });
});
