/**
 * The route ids of the small plugins tests build in place (core/plugin/*.test.ts, the plugins' render helpers), so
 * their routes and links type-check like a real plugin's. Only tests use these ids; shipped plugins declare their own
 * next to their definition.
 */
declare module '@core' {
  interface PortalRouteIds {
    'a.page': true;
    'area.a': true;
    'area.b': true;
    'billing.extra': true;
    'billing.page': true;
    'billing-test.page': true;
    'dates.page': true;
    'g.page': true;
    'gateway.accounts': true;
    'gateway.sign-in': true;
    'guest.audit': true;
    'guest.log': true;
    'home.other': true;
    'home.start': true;
    'host.details': true;
    'host.security': true;
    'kyc.page': true;
    'modal-host.page': true;
    'org-pages.create': true;
    'rival.login': true;
    'sensitive-test.page': true;
    'typo.page': true;
    'user-pages.activity': true;
    'user-pages.details': true;
    'x.page': true;
    'auth.test-open-sso-login': true;
  }
}

export {};
