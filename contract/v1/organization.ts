import { Type, type Static } from 'typebox';
import { Envelope, Nullable, OpaqueId, PortalKey, messages } from './common';

const strict = { additionalProperties: false } as const;

export const Branding = Type.Object({
  primaryColor: Nullable(Type.String()),
  secondaryColor: Nullable(Type.String()),
  textColor: Nullable(Type.String()),
  file: Nullable(Type.String()),
  darkLogo: Nullable(Type.String()),
});
export type Branding = Static<typeof Branding>;

export const PortalAccess = Type.Object({ hasAccess: Type.Boolean() });
export const PortalAccessMap = Type.Object({
  kreanoAccount: Type.Optional(PortalAccess),
  kreanoMods: Type.Optional(PortalAccess),
  kreanoRedact: Type.Optional(PortalAccess),
  kreanoSign: Type.Optional(PortalAccess),
  kreanoId: Type.Optional(PortalAccess),
  kreanoExtract: Type.Optional(PortalAccess),
  dataExchange: Type.Optional(PortalAccess),
});

export const AccountType = Type.Union([Type.Literal('personal'), Type.Literal('business')]);
export type AccountType = Static<typeof AccountType>;

export const OrganizationListItem = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  accountType: AccountType,
  role: Type.String(),
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
    portalId: Type.String({ minLength: 1, maxLength: 200, ...messages({ required: 'Portal is required', minLength: 'Portal is required' }) }),
    orgId: OpaqueId('orgId'),
    newPortal: Type.Optional(Type.Boolean()),
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
  kycStatus: Type.String(),
  kybStatus: Type.String(),
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
