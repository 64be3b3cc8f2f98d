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
    await s.ready;
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
});
