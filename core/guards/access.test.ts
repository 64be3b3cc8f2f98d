import { canAccess, hasPortalAccess, organizationRefusal } from './access';

describe('canAccess (the one role-rule function)', () => {
  it.each([
    [undefined, { role: 'member', accountType: 'business' }, true],
    [{}, { role: null, accountType: null }, true],
    [{ anyOf: ['owner', 'admin'] }, { role: 'owner', accountType: 'business' }, true],
    [{ anyOf: ['owner', 'admin'] }, { role: 'Admin', accountType: 'business' }, true],
    [{ anyOf: ['owner', 'admin'] }, { role: 'member', accountType: 'business' }, false],
    [{ anyOf: ['owner'] }, { role: null, accountType: 'business' }, false],
    [{ accountTypes: ['business'] }, { role: 'owner', accountType: 'personal' }, false],
    [{ anyOf: ['owner'], accountTypes: ['business'] }, { role: 'owner', accountType: 'business' }, true],
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
