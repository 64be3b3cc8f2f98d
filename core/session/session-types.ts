/**
 * Shapes the session keeps. The wire shapes come from the /v1 contract as types only (`import type`), so no
 * schema code reaches the browser; the session keeps what those answers carry.
 */
import type { PortalKeyName } from '@contract/v1/constants';
import type {
  Branding as ContractBranding,
  OrganizationListItem,
  Portal,
  RegionalConfig as ContractRegionalConfig,
} from '@contract/v1/index';

/** A portal of the product family: the contract's one list of portal keys. */
export type PortalKey = PortalKeyName;

export interface TwoFactorMethodInfo {
  show: boolean;
  label: string;
}

/** Keyed by method: `authenticator`, `email`, `mobile`. */
export type TwoFactorConfigInfo = Record<string, TwoFactorMethodInfo>;

/** An organisation's branding; a session stored by an older portal may lack some fields. */
export type Branding = Partial<ContractBranding>;

/** An organisation of the cached directory: the contract's list item (branding may be missing in an older stored session). */
export type OrganizationSummary = Omit<OrganizationListItem, 'branding' | 'roleName'> & {
  branding?: Branding | null;
  /** Missing in a session stored before the list carried it. */
  roleName?: string | null;
};

/** A portal of the directory; `key` may be missing in an older stored session. */
export type PortalSummary = Omit<Portal, 'key'> & { key?: Portal['key'] };

/** The organisation's region from its access-token answer: time zone, date-time format, follow the device's zone. */
export type RegionalConfig = ContractRegionalConfig;

/** The auth state the portal persists; logout resets all of it. */
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
  /** A custom role's name (null for a built-in role). */
  roleName?: string | null;
  /** What the role holds (the access-token answer's `permissions`). */
  permissions?: readonly string[];
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}
