import { describe, expect, it } from 'vitest';
import { aclChangeRefusal } from './acl-rules';
import { PERMISSIONS } from './permissions';

const admin = {
  userId: 'alice',
  role: 'admin',
  permissions: ['members.view', 'members.manage', 'acl.manage'],
};

describe('aclChangeRefusal', () => {
  it("locks the owner's row, whoever asks", () => {
    expect(aclChangeRefusal({ role: 'owner', permissions: PERMISSIONS }, 'owner', PERMISSIONS, [])).toBe(
      'ownerLocked',
    );
  });

  it("refuses a change to the actor's own role, even one that removes permissions", () => {
    expect(aclChangeRefusal(admin, 'admin', admin.permissions, ['members.view'])).toBe('ownRole');
  });

  it('allows granting and withdrawing only permissions the actor holds', () => {
    expect(
      aclChangeRefusal(admin, 'member', ['members.view'], ['members.view', 'members.manage']),
    ).toBeNull();
    expect(aclChangeRefusal(admin, 'member', ['members.view'], ['members.view', 'billing.manage'])).toBe(
      'notHeld',
    );
    expect(aclChangeRefusal(admin, 'member', ['members.view', 'billing.manage'], ['members.view'])).toBe(
      'notHeld',
    );
    // Keeping a permission one does not hold is no change to it.
    expect(
      aclChangeRefusal(admin, 'member', ['billing.manage'], ['billing.manage', 'members.view']),
    ).toBeNull();
  });
});
