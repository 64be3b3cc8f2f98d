import { makeAutoObservable, reaction, runInAction, toJS } from 'mobx';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, type BuiltInRole } from '@contract/v1/permissions';
import type { AccessSubject } from '../guards/access';
import { readTokenTimes } from './jwt';
import type {
  ActiveOrganization,
  AuthState,
  Branding,
  OrganizationSummary,
  PortalSummary,
  RegionalConfig,
  TokenPair,
  TwoFactorConfigInfo,
} from './session-types';

/** The one storage key every persisted slice lives under. */
export const SESSION_STORAGE_KEY = 'portal-session';

const PERSISTED = [
  'isOrgSelected',
  'isUserLoggedIn',
  'logo',
  'accessToken',
  'refreshToken',
  'twoFactorConfigInfo',
  'twoFactorEnabled',
  'twoFactorEnabledInOrg',
  'organizationId',
  'role',
  'roleName',
  'permissions',
  'organizations',
  'portals',
  'regionalConfig',
] as const;

type PersistedState = Pick<SessionStore, (typeof PERSISTED)[number]>;

function initialState(): PersistedState {
  return {
    isOrgSelected: false,
    isUserLoggedIn: false,
    logo: null,
    accessToken: null,
    refreshToken: null,
    twoFactorConfigInfo: null,
    twoFactorEnabled: false,
    twoFactorEnabledInOrg: false,
    organizationId: null,
    role: null,
    roleName: null,
    permissions: null,
    organizations: [],
    portals: [],
    regionalConfig: null,
  };
}

/**
 * The persisted slice of a stored value: only the persisted keys, never a method or another field. Null when
 * there is none or it is not JSON (a corrupt entry starts logged out).
 */
function parseStored(raw: string | null): Partial<PersistedState> | null {
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const stored = parsed as Record<string, unknown>;
  return Object.fromEntries(PERSISTED.filter((key) => key in stored).map((key) => [key, stored[key]]));
}

/**
 * Writes the persisted slice, or removes the key when nobody is logged in, so logout leaves nothing behind
 * (the write follows every change, including the reset itself).
 */
function writeStored(storage: Storage, state: PersistedState): void {
  if (!state.isUserLoggedIn && !state.accessToken && !state.twoFactorEnabled) storage.removeItem(SESSION_STORAGE_KEY);
  else storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(state));
}

/**
 * Who is logged in and in which organisation. Persisted under {@link SESSION_STORAGE_KEY};
 * a login or logout in another tab is applied here at once through the `storage` event.
 * @example
 * const session = useService(SessionStore);
 * if (!session.isUserLoggedIn) navigate(routes.wellKnownHref('sign-in'));
 */
export class SessionStore implements AuthState {
  isOrgSelected = false;
  isUserLoggedIn = false;
  logo: string | null = null;
  accessToken: string | null = null;
  refreshToken: string | null = null;
  twoFactorConfigInfo: TwoFactorConfigInfo | null = null;
  twoFactorEnabled = false;
  twoFactorEnabledInOrg = false;
  organizationId: string | null = null;
  role: string | null = null;
  /** A custom role's name, as the server sent it; null for a built-in role (which the portal names itself). */
  roleName: string | null = null;
  /**
   * What the active organisation's role holds now: from its access-token answer, then from GET /v1/acl/me whenever
   * a page asks (`followAccess`). Null when unknown (a session stored before answers carried them): the role's
   * built-in grants stand in (`accessSubject`).
   */
  permissions: readonly string[] | null = null;
  organizations: OrganizationSummary[] = [];
  portals: PortalSummary[] = [];
  /**
   * The active organisation's region (time zone, format, match the device), from its access-token answer.
   * Null before an organisation is chosen or when the answer had none: dates then use the config's `region`.
   */
  regionalConfig: RegionalConfig | null = null;

  /**
   * The person ended this session themselves (Logout), as opposed to an expired, idle or refused one. Not
   * persisted. The sign-in guard then keeps no `toUrl`: there is no interrupted visit to go back to, and whoever
   * logs in next should not land on the last person's page.
   */
  endedByUser = false;
  /**
   * The active organisation refused a call because it now enforces two-factor authentication, which this user has
   * off (403 TWO_FACTOR_REQUIRED from the organisation gate). Not persisted. Core's root layout then sends the user
   * through the account selection for this organisation, whose notice turns 2FA on (docs/two-factor.md).
   */
  organizationTwoFactorRequired = false;
  private readonly logoutListeners = new Set<() => void>();
  private readonly storage: Storage;
  private readonly stopWriting: () => void;
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) this.applyFromOtherTab(event.newValue);
  };

  constructor(storage: Storage = window.localStorage) {
    this.storage = storage;
    Object.assign(this, parseStored(storage.getItem(SESSION_STORAGE_KEY)));
    makeAutoObservable<SessionStore, 'logoutListeners' | 'storage' | 'onStorage' | 'stopWriting'>(this, {
      logoutListeners: false,
      storage: false,
      onStorage: false,
      stopWriting: false,
    });
    // Persistence is one reaction over the persisted slice rather than mobx-persist-store (3.2 KiB gzip on
    // every route's first paint, for an asynchronous storage the portal does not use): README "Written here".
    this.stopWriting = reaction(
      () => this.persistedState(),
      (state) => writeStored(storage, state),
      { fireImmediately: true },
    );
    window.addEventListener('storage', this.onStorage);
  }

  get activeOrganization(): OrganizationSummary | undefined {
    return this.organizations.find((o) => o.organizationId === this.organizationId);
  }

  /**
   * What the role rules read (core/guards/access.ts): the active organisation's role, account type and grants. The
   * owner holds every permission whatever was stored (the contract's `roleHolds`); unknown grants are the built-in
   * role's defaults, and none for a custom role.
   */
  get accessSubject(): AccessSubject {
    const role = this.role?.toLowerCase();
    const builtIn = role && Object.hasOwn(DEFAULT_ROLE_PERMISSIONS, role) ? DEFAULT_ROLE_PERMISSIONS[role as BuiltInRole] : [];
    return {
      role: this.role,
      accountType: this.activeOrganization?.accountType,
      permissions: role === 'owner' ? PERMISSIONS : (this.permissions ?? builtIn),
    };
  }

  /** Milliseconds epoch at which the access token expires, or null without one. */
  get accessTokenExpiresAt(): number | null {
    return readTokenTimes(this.accessToken)?.expiresAt ?? null;
  }

  /** Lifetime of the current access token in milliseconds (exp minus iat): the idle timeout. */
  get accessTokenLifetime(): number | null {
    const times = readTokenTimes(this.accessToken);
    return times ? times.expiresAt - times.issuedAt : null;
  }

  setTokens(tokens: TokenPair): void {
    this.accessToken = tokens.accessToken;
    this.refreshToken = tokens.refreshToken;
  }

  /** A user token was issued (login, 2FA, SSO): logged in, no organisation selected yet. */
  logIn(
    tokens: TokenPair,
    extra: Partial<
      Pick<AuthState, 'logo' | 'twoFactorEnabled' | 'twoFactorEnabledInOrg' | 'twoFactorConfigInfo'>
    > = {},
  ): void {
    Object.assign(this, initialState(), extra);
    this.setTokens(tokens);
    this.isUserLoggedIn = true;
    this.endedByUser = false;
  }

  /** Keeps what login needs between screens before tokens exist (the 2FA step). */
  setTwoFactorPending(info: {
    twoFactorConfigInfo: TwoFactorConfigInfo | null;
    twoFactorEnabledInOrg?: boolean;
  }): void {
    this.twoFactorEnabled = true;
    this.twoFactorConfigInfo = info.twoFactorConfigInfo;
    this.twoFactorEnabledInOrg = info.twoFactorEnabledInOrg ?? false;
  }

  setOrganizations(list: OrganizationSummary[]): void {
    this.organizations = list;
  }

  setPortals(list: PortalSummary[]): void {
    this.portals = list;
  }

  /** Login clears the cached directory so a different user never sees the previous one's. */
  clearDirectory(): void {
    this.organizations = [];
    this.portals = [];
  }

  /**
   * The organisation's access token arrived. Its region replaces the previous organisation's: one that
   * sends none falls back to the config's `region`, never to another organisation's.
   */
  selectOrganization(
    active: ActiveOrganization,
    tokens: TokenPair,
    logo?: string | null,
    regionalConfig: RegionalConfig | null = null,
  ): void {
    this.organizationId = active.organizationId;
    this.role = active.role;
    this.roleName = active.roleName ?? null;
    this.permissions = active.permissions ?? null;
    this.setTokens(tokens);
    if (logo !== undefined) this.logo = logo;
    this.regionalConfig = regionalConfig;
    this.isOrgSelected = true;
  }

  /**
   * The server said what the user's role in an organisation is now and what it holds (GET /v1/acl/me): when it is
   * the active one, the session follows, so the side menu and route guards match what the server will allow even
   * after someone changed the role since the organisation was entered.
   */
  followAccess(access: {
    organizationId: string;
    role: string;
    roleName: string | null;
    permissions: readonly string[];
  }): void {
    if (access.organizationId !== this.organizationId) return;
    this.role = access.role;
    this.roleName = access.roleName;
    this.permissions = access.permissions;
    this.organizations = this.organizations.map((org) =>
      org.organizationId === access.organizationId && org.role !== access.role
        ? { ...org, role: access.role, roleName: access.roleName }
        : org,
    );
  }

  /**
   * The active organisation's branding for this portal changed (saved in the branding screen): the cached
   * organisation and the logo take it, so the theme and header follow at once and other tabs get it through storage.
   */
  updateActiveBranding(branding: Branding, logo: string | null): void {
    this.organizations = this.organizations.map((o) =>
      o.organizationId === this.organizationId ? { ...o, branding } : o,
    );
    this.logo = logo;
  }

  setOrganizationTwoFactorRequired(value: boolean): void {
    this.organizationTwoFactorRequired = value;
  }

  setTwoFactorEnabledInOrg(value: boolean): void {
    this.twoFactorEnabledInOrg = value;
  }

  setTwoFactorEnabled(value: boolean): void {
    this.twoFactorEnabled = value;
  }

  /**
   * The token pair as stored right now, which another tab may have rotated before its `storage` event
   * reached this one. Read under the refresh lock, so two tabs never spend the same refresh token.
   */
  readStoredTokens(): TokenPair | null {
    const stored = parseStored(this.storage.getItem(SESSION_STORAGE_KEY));
    return stored?.accessToken && stored.refreshToken
      ? { accessToken: stored.accessToken, refreshToken: stored.refreshToken }
      : null;
  }

  /**
   * Resets everything, removes the stored state and tells listeners (the HTTP client aborts requests).
   * `byUser`: the person chose to log out (see `endedByUser`).
   */
  logout({ byUser = false }: { byUser?: boolean } = {}): void {
    Object.assign(this, initialState());
    this.endedByUser = byUser;
    this.storage.removeItem(SESSION_STORAGE_KEY);
    this.notifyLogout();
  }

  /** Called on logout, whichever tab started it. Returns an unsubscribe function. */
  onLogout(listener: () => void): () => void {
    this.logoutListeners.add(listener);
    return () => this.logoutListeners.delete(listener);
  }

  /** For tests and hot reload: stop writing to storage and listening to other tabs. */
  dispose(): void {
    this.stopWriting();
    window.removeEventListener('storage', this.onStorage);
  }

  private persistedState(): PersistedState {
    // toJS reads every element, so a change inside the organisation list is written too.
    return Object.fromEntries(PERSISTED.map((key) => [key, toJS(this[key])])) as PersistedState;
  }

  private notifyLogout(): void {
    for (const listener of [...this.logoutListeners]) listener();
  }

  private applyFromOtherTab(raw: string | null): void {
    const next = parseStored(raw);
    const wasLoggedIn = this.isUserLoggedIn;
    runInAction(() => Object.assign(this, initialState(), next ?? {}));
    if (wasLoggedIn && !this.isUserLoggedIn) this.notifyLogout();
  }
}
