import { SESSION_STORAGE_KEY, SessionStore } from './session-store';

function jwt(iat: number, exp: number): string {
  const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${enc({ alg: 'HS256' })}.${enc({ iat, exp })}.sig`;
}

describe('SessionStore', () => {
  let stores: SessionStore[] = [];
  const make = async () => {
    const s = new SessionStore(window.localStorage);
    stores.push(s);
    return s;
  };
  afterEach(() => {
    stores.forEach((s) => s.dispose());
    stores = [];
  });

  it('persists auth state under one key and restores it in a new store', async () => {
    const a = await make();
    a.logIn({ accessToken: jwt(0, 600), refreshToken: 'r1' });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ isUserLoggedIn: true, refreshToken: 'r1' });
    a.dispose();
    const b = await make();
    expect(b.isUserLoggedIn).toBe(true);
    expect(b.accessTokenLifetime).toBe(600_000);
  });

  it('logout resets every field, clears storage and notifies listeners', async () => {
    const s = await make();
    const onLogout = vi.fn();
    s.onLogout(onLogout);
    s.logIn({ accessToken: 'a', refreshToken: 'r' });
    s.selectOrganization({ organizationId: 'o1', role: 'owner' }, { accessToken: 'a2', refreshToken: 'r2' }, 'logo.png');
    s.logout();
    expect(s).toMatchObject({ isUserLoggedIn: false, isOrgSelected: false, accessToken: null, organizationId: null, logo: null });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('applies a logout made in another tab at once', async () => {
    const s = await make();
    s.logIn({ accessToken: 'a', refreshToken: 'r' });
    const onLogout = vi.fn();
    s.onLogout(onLogout);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
    expect(s.isUserLoggedIn).toBe(false);
    expect(onLogout).toHaveBeenCalled();
  });

  it('applies a login made in another tab at once', async () => {
    const s = await make();
    const other = JSON.stringify({ isUserLoggedIn: true, accessToken: 'x', refreshToken: 'y' });
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: other }));
    expect(s.isUserLoggedIn).toBe(true);
    expect(s.refreshToken).toBe('y');
  });

  it('starts logged out from a stored entry that is not JSON, and a stored key that is not session state changes nothing', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect((await make()).isUserLoggedIn).toBe(false);
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ isUserLoggedIn: true, accessToken: 'a', refreshToken: 'r', logout: 'overwritten' }),
    );
    const s = await make();
    expect(s.isUserLoggedIn).toBe(true);
    s.logout();
    expect(s.isUserLoggedIn).toBe(false);
    const other = JSON.stringify({ isUserLoggedIn: true, accessToken: 'x', refreshToken: 'y', onLogout: 'overwritten' });
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: other }));
    expect(s.refreshToken).toBe('y');
    expect(typeof s.onLogout).toBe('function');
  });

  it('has the stored session as soon as it is constructed', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ isUserLoggedIn: true, accessToken: 'a', refreshToken: 'r' }));
    const s = new SessionStore(window.localStorage);
    stores.push(s);
    expect(s.refreshToken).toBe('r');
  });

  it('writes a change to the stored organisation list, and stops writing once disposed', async () => {
    const s = await make();
    s.logIn({ accessToken: 'a', refreshToken: 'r' });
    s.setOrganizations([{ organizationId: 'o1', organizationName: 'Acme' } as never]);
    s.updateActiveBranding({} as never, 'logo.png');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({
      organizations: [{ organizationId: 'o1' }],
      logo: 'logo.png',
    });
    s.dispose();
    s.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ refreshToken: 'r' });
  });

  describe('what the role rules read (accessSubject)', () => {
    const business = { organizationId: 'o1', organizationName: 'Acme', accountType: 'business', role: 'member' } as never;

    it("keeps the organisation's grants across a reload, and follows the server's newer answer for the active organisation only", async () => {
      const a = await make();
      a.logIn({ accessToken: 'a', refreshToken: 'r' });
      a.setOrganizations([business]);
      a.selectOrganization(
        { organizationId: 'o1', role: 'role-auditor', roleName: 'Auditor', permissions: ['billing.view'] },
        { accessToken: 'a2', refreshToken: 'r2' },
      );
      a.dispose();
      const b = await make();
      expect(b.accessSubject).toEqual({ role: 'role-auditor', accountType: 'business', permissions: ['billing.view'] });
      expect(b.roleName).toBe('Auditor');

      b.followAccess({ organizationId: 'other', role: 'owner', roleName: null, permissions: ['acl.manage'] });
      expect(b.accessSubject.permissions).toEqual(['billing.view']);
      b.followAccess({ organizationId: 'o1', role: 'admin', roleName: null, permissions: ['billing.view', 'branding.manage'] });
      expect(b.accessSubject).toEqual({
        role: 'admin',
        accountType: 'business',
        permissions: ['billing.view', 'branding.manage'],
      });
      expect(b.activeOrganization?.role).toBe('admin');
      expect(b.roleName).toBeNull();
    });

    it("falls back to the built-in role's grants for a session stored before answers carried them", () => {
      window.localStorage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({ isUserLoggedIn: true, isOrgSelected: true, organizationId: 'o1', role: 'ADMIN', accessToken: 'a', refreshToken: 'r' }),
      );
      const admin = new SessionStore(window.localStorage);
      stores.push(admin);
      expect(admin.accessSubject.permissions).toContain('billing.view');
      window.localStorage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({ isUserLoggedIn: true, isOrgSelected: true, organizationId: 'o1', role: 'role-custom', accessToken: 'a', refreshToken: 'r' }),
      );
      const custom = new SessionStore(window.localStorage);
      stores.push(custom);
      expect(custom.accessSubject.permissions).toEqual([]);
    });

    it('forgets the grants at logout', async () => {
      const s = await make();
      s.logIn({ accessToken: 'a', refreshToken: 'r' });
      s.selectOrganization({ organizationId: 'o1', role: 'owner', permissions: ['acl.manage'] }, { accessToken: 'a2', refreshToken: 'r2' });
      s.logout();
      expect(s.permissions).toBeNull();
      expect(s.accessSubject.permissions).toEqual([]);
    });
  });
});
