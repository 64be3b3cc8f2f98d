import { Type, type Static, type TOptional } from 'typebox';
import { Envelope, MessageOnly, messages, Nullable, OpaqueId, PORTAL_KEYS, PortalKey } from './common';
import { PERMISSIONS, type Permission } from './permissions';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

export const Branding = Type.Object({
  primaryColor: Nullable(Type.String()),
  secondaryColor: Nullable(Type.String()),
  textColor: Nullable(Type.String()),
  /**
   * The logo's path, `/v1/branding/logo/<id>` (no host: PUBLIC_URL may name another host than the page's); the
   * portal loads it from the API's origin (core/http/api-asset-url.ts). Null: the product's logo.
   */
  file: Nullable(Type.String()),
  /** The dark-mode logo's path, as `file`. */
  darkLogo: Nullable(Type.String()),
});
export type Branding = Static<typeof Branding>;

export const PortalAccess = Type.Object({ hasAccess: Type.Boolean() });
/** One optional entry per portal key, taken from the one list of portal keys (PORTAL_KEYS). */
export const PortalAccessMap = Type.Object(
  Object.fromEntries(PORTAL_KEYS.map((key) => [key, Type.Optional(PortalAccess)])) as Record<
    PortalKey,
    TOptional<typeof PortalAccess>
  >,
);
export type PortalAccessMap = Static<typeof PortalAccessMap>;

export const AccountType = Type.Union([Type.Literal('personal'), Type.Literal('business')]);
export type AccountType = Static<typeof AccountType>;

export const OrganizationListItem = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  accountType: AccountType,
  /** The role's id: a built-in role's name (`owner`, `admin`, `member`) or a custom role's id. */
  role: Type.String(),
  /** The custom role's name, null for a built-in role (the portal names those itself). */
  roleName: Nullable(Type.String()),
  enabled: Type.Boolean(),
  portals: PortalAccessMap,
  branding: Branding,
});
export type OrganizationListItem = Static<typeof OrganizationListItem>;

/** GET /v1/organization-list */
export const OrganizationListData = Type.Object({ organizationList: Type.Array(OrganizationListItem) });
export type OrganizationListData = Static<typeof OrganizationListData>;
export const OrganizationListResponse = Envelope(OrganizationListData);

/** GET /v1/portal?account_setting= */
export const PortalQuery = Type.Object({ account_setting: Type.Optional(Type.Boolean()) }, strict);
export type PortalQuery = Static<typeof PortalQuery>;
export const Portal = Type.Object({ id: Type.String(), name: Type.String(), key: PortalKey });
export type Portal = Static<typeof Portal>;
export const PortalListData = Type.Object({ portal: Type.Array(Portal) });
export type PortalListData = Static<typeof PortalListData>;
export const PortalListResponse = Envelope(PortalListData);

/** GET /v1/user-organization/:orgId/invitation/:invitationId */
export const InvitationParams = Type.Object(
  { orgId: OpaqueId('orgId'), invitationId: OpaqueId('invitationId') },
  strict,
);
export type InvitationParams = Static<typeof InvitationParams>;
export const InvitationCheckData = Type.Object({ userExists: Type.Boolean(), email: Type.String() });
export type InvitationCheckData = Static<typeof InvitationCheckData>;
export const InvitationCheckResponse = Envelope(InvitationCheckData);

/** POST /v1/organization/invite: an existing user accepts an invitation from its link. */
export const AcceptInvitationBody = Type.Object(
  { orgId: OpaqueId('orgId'), invitationId: OpaqueId('invitationId') },
  strict,
);
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

/** POST /v1/organization/access */
export const OrganizationAccessBody = Type.Object(
  {
    portalId: Type.String({ minLength: 1, maxLength: 200, ...messages({ required: 'server:validation.portalRequired', minLength: 'server:validation.portalRequired' }) }),
    orgId: OpaqueId('orgId'),
    newPortal: Type.Optional(Type.Boolean()),
    /**
     * The user's answer to the enforced-2FA notice (Skip or Proceed): an organisation that enforces two-factor
     * authentication answers 403 TWO_FACTOR_REQUIRED to a user with 2FA off unless this is true, in which case the
     * server switches email 2FA on before issuing the token (docs/organisation-selection.md#entering-an-organisation).
     */
    enableTwoFactor: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type OrganizationAccessBody = Static<typeof OrganizationAccessBody>;

export const RegionalConfig = Type.Object({
  matchDeviceTime: Type.Boolean(),
  timeZone: Type.String(),
  timeFormat: Type.String(),
});
export type RegionalConfig = Static<typeof RegionalConfig>;

export const OrganizationAccessData = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  /** The caller's role in the organisation now, and what it holds (as GET /v1/acl/me says): the portal's role rules read them. */
  role: Type.String(),
  /** The custom role's name, null for a built-in role (the portal names those itself). */
  roleName: Nullable(Type.String()),
  permissions: Type.Array(Type.Unsafe<Permission>(Type.String({ enum: [...PERMISSIONS] }))),
  kycStatus: Type.String(),
  kybStatus: Type.String(),
  /** The entered portal's logo path (`branding.file`), null for the product's. */
  logo: Nullable(Type.String()),
  branding: Branding,
  passwordResetRequired: Type.Boolean(),
  twoFactorEnabledInOrg: Type.Boolean(),
  regionalConfig: RegionalConfig,
  portalUrl: Type.String(),
});
export type OrganizationAccessData = Static<typeof OrganizationAccessData>;
export const OrganizationAccessResponse = Envelope(OrganizationAccessData);

/** POST /v1/organization/refresh: refresh token in the REFRESH_TOKEN_HEADER header. */
export const RefreshData = Type.Object({ accessToken: Type.String(), refreshToken: Type.String() });
export type RefreshData = Static<typeof RefreshData>;
export const RefreshResponse = Envelope(RefreshData);

const OPENAPI_TAG = 'Organisations';

/**
 * Organisations and sessions
 */
export const organizationEndpoints = {
  organizationList: endpoint(
    { method: 'GET', path: '/v1/organization-list', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { response: OrganizationListResponse },
  ),
  portals: endpoint({ method: 'GET', path: '/v1/portal', auth: 'session', scope: 'account', tag: OPENAPI_TAG }, { query: PortalQuery, response: PortalListResponse }),
  organizationAccess: endpoint(
    { method: 'POST', path: '/v1/organization/access', auth: 'session', scope: 'account', tag: OPENAPI_TAG },
    { body: OrganizationAccessBody, response: OrganizationAccessResponse },
  ),
  refresh: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/refresh',
      auth: 'refresh',
      tag: OPENAPI_TAG,
      description: 'Rotates the refresh token sent in the `x-refresh-token` header. A rotated token presented again ends the whole session.',
    },
    { response: RefreshResponse },
  ),
  checkInvitation: endpoint(
    { method: 'GET', path: '/v1/user-organization/:orgId/invitation/:invitationId', auth: 'public', tag: OPENAPI_TAG },
    { params: InvitationParams, response: InvitationCheckResponse },
  ),
  acceptInvitation: endpoint(
    { method: 'POST', path: '/v1/organization/invite', auth: 'public', tag: OPENAPI_TAG },
    { body: AcceptInvitationBody, response: MessageOnly },
  ),
} as const;
