import { canAccess, hasPortalAccess, organizationRefusal } from './access';

describe('canAccess (the one role-rule function)', () => {
  const none: string[] = [];
  it.each([
    [undefined, { role: 'member', accountType: 'business', permissions: none }, true],
    [{}, { role: null, accountType: null, permissions: none }, true],
    [{ anyOf: ['owner', 'admin'] }, { role: 'owner', accountType: 'business', permissions: none }, true],
    [{ anyOf: ['owner', 'admin'] }, { role: 'Admin', accountType: 'business', permissions: none }, true],
    [{ anyOf: ['owner', 'admin'] }, { role: 'member', accountType: 'business', permissions: none }, false],
    [{ anyOf: ['owner'] }, { role: null, accountType: 'business', permissions: none }, false],
    [{ accountTypes: ['business'] }, { role: 'owner', accountType: 'personal', permissions: none }, false],
    [{ anyOf: ['owner'], accountTypes: ['business'] }, { role: 'owner', accountType: 'business', permissions: none }, true],
    // A permission rule reads the grants, whatever the role is called: a custom role holding it passes.
    [{ permissions: ['billing.view'] }, { role: 'role-auditor', accountType: 'business', permissions: ['billing.view'] }, true],
    [{ permissions: ['billing.view'] }, { role: 'admin', accountType: 'business', permissions: ['apps.manage'] }, false],
    [{ permissions: ['billing.view', 'billing.manage'] }, { role: 'm', accountType: 'business', permissions: ['billing.manage'] }, true],
    [{ permissions: ['activity.view'], accountTypes: ['business'] }, { role: 'm', accountType: 'personal', permissions: ['activity.view'] }, false],
  ] as const)('rule %j for %j → %s', (rule, subject, expected) => {
    expect(canAccess(rule as never, subject)).toBe(expected);
  });
});

describe('organizationRefusal (the one entry rule of the switcher and the account-selection page)', () => {
  it.each([
    ['enabled with access', { enabled: true, portals: { kreanoAccount: { hasAccess: true } } }, null],
    [
      'disabled, even with access',
      { enabled: false, portals: { kreanoAccount: { hasAccess: true } } },
      'disabled',
    ],
    ['access refused', { enabled: true, portals: { kreanoAccount: { hasAccess: false } } }, 'noAccess'],
    [
      'this portal missing from the list',
      { enabled: true, portals: { kreanoSign: { hasAccess: true } } },
      'noAccess',
    ],
    ['no portals at all', { enabled: true, portals: {} }, 'noAccess'],
    [
      'disabled and without access: disabled is the reason given',
      { enabled: false, portals: {} },
      'disabled',
    ],
  ] as const)('%s → %s', (_name, org, expected) => {
    expect(organizationRefusal(org, 'kreanoAccount')).toBe(expected);
  });

  it('reads the portal key of this deployment', () => {
    const org = {
      enabled: true,
      portals: { kreanoSign: { hasAccess: true }, kreanoAccount: { hasAccess: false } },
    };
    expect(organizationRefusal(org, 'kreanoSign')).toBeNull();
    expect(hasPortalAccess(org, 'kreanoAccount')).toBe(false);
    expect(hasPortalAccess(org, 'kreanoSign')).toBe(true);
  });
});
