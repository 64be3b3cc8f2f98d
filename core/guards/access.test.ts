import { canAccess } from './access';

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
