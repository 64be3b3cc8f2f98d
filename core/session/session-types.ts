/** Shapes the session keeps. They mirror spec §3; the /v1 contract types are the wire format. */
export type PortalKey =
  | 'kreanoAccount'
  | 'kreanoMods'
  | 'kreanoRedact'
  | 'kreanoSign'
  | 'kreanoId'
  | 'kreanoExtract'
  | 'dataExchange';

export interface TwoFactorMethodInfo {
  show: boolean;
  label: string;
}

/** Keyed by method: `authenticator`, `email`, `mobile`. */
export type TwoFactorConfigInfo = Record<string, TwoFactorMethodInfo>;

export interface Branding {
  primaryColor?: string | null;
  secondaryColor?: string | null;
  textColor?: string | null;
  file?: string | null;
  darkLogo?: string | null;
}

export interface OrganizationSummary {
  organizationId: string;
  organizationName: string;
  accountType: 'personal' | 'business';
  role: string;
  enabled: boolean;
  portals: Partial<Record<PortalKey, { hasAccess: boolean }>>;
  branding?: Branding | null;
}

export interface PortalSummary {
  id: string;
  name: string;
  key?: PortalKey;
}

/** Exactly the auth state of spec §3. */
export interface AuthState {
  isOrgSelected: boolean;
  isUserLoggedIn: boolean;
  logo: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  twoFactorConfigInfo: TwoFactorConfigInfo | null;
  twoFactorEnabled: boolean;
  twoFactorEnabledInOrg: boolean;
}

export interface ActiveOrganization {
  organizationId: string;
  role: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}
