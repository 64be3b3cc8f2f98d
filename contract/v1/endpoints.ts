/**
 * The /v1 endpoint table: every call of the contract, once. The server registers each route from its entry
 * (server/http/contract-route.ts), so validation and OpenAPI follow from it; the portal calls
 * `http.call(endpoints.login, { body }, { signal })`, so a wrong body or a missing response field is a type error.
 *
 * The browser build receives this table without the schemas (tooling/vite-contract-endpoints.ts): no TypeBox code
 * reaches a page. Adding an endpoint = one entry here + its handler in the feature's server module.
 */
import {
  AppConfigBody,
  AppIdBody,
  AppItemResponse,
  AppLaunchResponse,
  AppListResponse,
  AppSsoResponse,
  AppStatusBody,
  LaunchTokenBody,
  LaunchTokenResponse,
  SsoExchangeBody,
  SsoExchangeResponse,
} from './apps';
import {
  ForgetPasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
  ResendEmailBody,
  ResetPasswordBody,
  TwoFactorOtpBody,
  TwoFactorOtpResponse,
  TwoFactorVerifyBody,
  VerifyEmailBody,
} from './auth';
import { MessageOnly } from './common';
import {
  BrandingChangeResponse,
  BrandingListResponse,
  LogoChangeResponse,
  LogoFileParams,
  LogoFileResponse,
  LogoQuery,
  LogoResponse,
  ResetBrandingQuery,
  UpdateBrandingBody,
  UpdateLogoBody,
} from './branding';
import { LOGO_UPLOAD_BODY_LIMIT_BYTES } from './branding-limits';
import { endpoint } from './endpoint';
import {
  AcceptInvitationBody,
  InvitationCheckResponse,
  InvitationParams,
  OrganizationAccessBody,
  OrganizationAccessResponse,
  OrganizationListResponse,
  PortalListResponse,
  PortalQuery,
  RefreshResponse,
} from './organization';
import {
  AclResponse,
  AclRowResponse,
  CreateOrganizationBody,
  CreateOrganizationResponse,
  CreateRoleBody,
  MyPermissionsResponse,
  OrganizationDetailsResponse,
  OrganizationNameQuery,
  OrganizationNameResponse,
  OrganizationSizeResponse,
  PermissionCatalogueResponse,
  RenameRoleBody,
  RoleListResponse,
  RoleParams,
  RoleResponse,
  RolesQuery,
  TransferOwnershipBody,
  TransferOwnershipResponse,
  UpdateAclBody,
  UpdateOrganizationBody,
} from './organization-acl';
import {
  CronConfigBody,
  CronConfigResponse,
  DetectIpResponse,
  InviteMemberBody,
  IpAllowListBody,
  IpAllowListResponse,
  LeaveOrganizationBody,
  MemberIdParams,
  MemberListQuery,
  MemberListResponse,
  MemberRowResponse,
  ResendInvitationBody,
  UpdateMemberRoleBody,
} from './organization-members';
import { SsoLoginBody, SsoLoginResponse, SsoRegisterBody } from './sso';
import {
  ActivityEventParams,
  ActivityLogCsv,
  ActivityLogExportQuery,
  ActivityLogQuery,
  ActivityLogResponse,
  EndOtherSessionsResponse,
  UserSessionListResponse,
  UserSessionParams,
} from './activity-log';
import { UpdateUserBody, UserResponse } from './user';
import {
  ChangePasswordBody,
  PhoneOtpBody,
  PhoneOtpResponse,
  TwoFactorConfigBody,
  TwoFactorConfirmationBody,
  TwoFactorResetBody,
  TwoFactorSetupBody,
  TwoFactorSetupResponse,
  UserSecurityResponse,
} from './user-security';
import { ReauthBody, ReauthCodeResponse, ReauthResponse } from './reauth';
import {
  PasskeyCeremonyResponse,
  PasskeyListResponse,
  PasskeyLoginBody,
  PasskeyParams,
  PasskeyResponse,
  PasskeySecondStepBody,
  PasskeySecondStepOptionsBody,
  RegisterPasskeyBody,
  RenamePasskeyBody,
} from './passkeys';
import {
  DOCUMENT_UPLOAD_BODY_LIMIT,
  DocumentFileQuery,
  DocumentFileResponse,
  DocumentLinkResponse,
  DocumentParams,
  DocumentResponse,
  KybDetails,
  KybDraftBody,
  KybDraftResponse,
  KybResponse,
  KycDetails,
  KycDraftBody,
  KycDraftResponse,
  KycResponse,
  UploadKybDocumentBody,
  UploadKycDocumentBody,
  VerificationStatusResponse,
} from './identity-verification';
import {
  ActivatePayAsYouGoBody,
  AddCardBody,
  CardIdBody,
  CardListResponse,
  CardResponse,
  CatalogueResponse,
  ContractListQuery,
  ContractListResponse,
  IdParams as BillingIdParams,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoicePdfResponse,
  ManagePayAsYouGoBody,
  PayAsYouGoResponse,
  PurchaseBody,
  PurchaseResponse,
  RenewalBody,
  SubscriptionHistoryQuery,
  SubscriptionHistoryResponse,
  SubscriptionResponse,
  UsageBody,
  UsageResponse,
  VerificationStartResponse,
  VerifyCardBody,
  CardSetupResponse,
  SaveCardBody,
} from './billing';

const AUTH = 'Authentication';
const ORGS = 'Organisations';
const USERS = 'Users';
const SECURITY = 'User security';
const APPS = 'Apps';
const SSO = 'Single sign-on';
const ACL = 'Organisation and access control';
const MEMBERS = 'Organisation members';
const ACTIVITY = 'Activity log and sessions';
const ORG_SETTINGS = 'Organisation settings';
const BRANDING = 'Branding';
const IDENTITY = 'Identity verification';
const BILLING = 'Billing';

export const endpoints = {
  // Authentication (docs/product-rules.md: sign-in and accounts)
  login: endpoint({ method: 'POST', path: '/v1/login', auth: 'public', tag: AUTH }, { body: LoginBody, response: LoginResponse }),
  register: endpoint(
    { method: 'POST', path: '/v1/register', auth: 'public', tag: AUTH },
    { body: RegisterBody, response: RegisterResponse },
  ),
  forgetPassword: endpoint(
    { method: 'POST', path: '/v1/forget-password', auth: 'public', tag: AUTH },
    { body: ForgetPasswordBody, response: MessageOnly },
  ),
  resendEmail: endpoint(
    { method: 'POST', path: '/v1/resend-email', auth: 'public', tag: AUTH },
    { body: ResendEmailBody, response: MessageOnly },
  ),
  resetPassword: endpoint(
    { method: 'PATCH', path: '/v1/reset-password', auth: 'public', tag: AUTH },
    { body: ResetPasswordBody, response: MessageOnly },
  ),
  verifyEmail: endpoint(
    { method: 'POST', path: '/v1/verify-email', auth: 'public', tag: AUTH },
    { body: VerifyEmailBody, response: MessageOnly },
  ),
  logout: endpoint({ method: 'POST', path: '/v1/logout', auth: 'session', scope: 'account', tag: AUTH }, { response: MessageOnly }),
  verifyTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/v1/two-factor/verify',
      auth: 'public',
      tag: AUTH,
      description: 'The tokenId from login is the credential here: no access token exists until the second factor passes.',
    },
    { body: TwoFactorVerifyBody, response: LoginResponse },
  ),
  requestTwoFactorOtp: endpoint(
    { method: 'PATCH', path: '/v1/two-factor/otp', auth: 'public', tag: AUTH },
    { body: TwoFactorOtpBody, response: TwoFactorOtpResponse },
  ),
  // Passkeys (docs/passkeys.md): sign-in without a password, and a passkey as the second step of a password login.
  passkeyLoginOptions: endpoint(
    {
      method: 'POST',
      path: '/v1/passkey-login/options',
      auth: 'public',
      tag: AUTH,
      description: 'Starts a passkey sign-in: WebAuthn request options with a single-use challenge that expires.',
    },
    { response: PasskeyCeremonyResponse },
  ),
  passkeyLogin: endpoint(
    {
      method: 'POST',
      path: '/v1/passkey-login',
      auth: 'public',
      tag: AUTH,
      description: 'Signs in with a passkey and no password; answers like /v1/login with tokens. A passkey counts as two factors.',
    },
    { body: PasskeyLoginBody, response: LoginResponse },
  ),
  passkeySecondStepOptions: endpoint(
    { method: 'POST', path: '/v1/two-factor/passkey/options', auth: 'public', tag: AUTH },
    { body: PasskeySecondStepOptionsBody, response: PasskeyCeremonyResponse },
  ),
  verifyTwoFactorPasskey: endpoint(
    {
      method: 'POST',
      path: '/v1/two-factor/passkey',
      auth: 'public',
      tag: AUTH,
      description: 'A passkey of the account as the second step of a password login (the tokenId from login); answers like two-factor/verify.',
    },
    { body: PasskeySecondStepBody, response: LoginResponse },
  ),

  // Organisations and sessions
  organizationList: endpoint(
    { method: 'GET', path: '/v1/organization-list', auth: 'session', scope: 'account', tag: ORGS },
    { response: OrganizationListResponse },
  ),
  portals: endpoint({ method: 'GET', path: '/v1/portal', auth: 'session', scope: 'account', tag: ORGS }, { query: PortalQuery, response: PortalListResponse }),
  organizationAccess: endpoint(
    { method: 'POST', path: '/v1/organization/access', auth: 'session', scope: 'account', tag: ORGS },
    { body: OrganizationAccessBody, response: OrganizationAccessResponse },
  ),
  refresh: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/refresh',
      auth: 'refresh',
      tag: ORGS,
      description: 'Rotates the refresh token sent in the `x-refresh-token` header. A rotated token presented again ends the whole session.',
    },
    { response: RefreshResponse },
  ),
  checkInvitation: endpoint(
    { method: 'GET', path: '/v1/user-organization/:orgId/invitation/:invitationId', auth: 'public', tag: ORGS },
    { params: InvitationParams, response: InvitationCheckResponse },
  ),
  acceptInvitation: endpoint(
    { method: 'POST', path: '/v1/organization/invite', auth: 'public', tag: ORGS },
    { body: AcceptInvitationBody, response: MessageOnly },
  ),

  // Business organisations and access control (docs/access-control.md). Creating an organisation, the name check
  // and the catalogue are about the person (`scope: 'account'`); the others answer for the token's organisation.
  createOrganization: endpoint(
    {
      method: 'POST',
      path: '/v1/organization',
      auth: 'session',
      scope: 'account',
      tag: ACL,
      description: 'Creates a business organisation owned by the caller; refused at `organizationLimit` owned organisations. The portal then enters it (POST /v1/organization/access).',
    },
    { body: CreateOrganizationBody, response: CreateOrganizationResponse },
  ),
  organizationNameAvailable: endpoint(
    {
      method: 'GET',
      path: '/v1/organization/name',
      auth: 'session',
      scope: 'account',
      tag: ACL,
      description: 'Whether a name is free (case-insensitive). `orgId`: the organisation being renamed, whose own name counts as free.',
    },
    { query: OrganizationNameQuery, response: OrganizationNameResponse },
  ),
  organization: endpoint(
    {
      method: 'GET',
      path: '/v1/organization',
      auth: 'session',
      tag: ACL,
      description: "The active organisation's name and details (any member).",
    },
    { response: OrganizationDetailsResponse },
  ),
  updateOrganization: endpoint(
    {
      method: 'PATCH',
      path: '/v1/organization',
      auth: 'session',
      permission: 'settings.manage',
      tag: ACL,
      description: "Edits the active organisation's name and details.",
    },
    { body: UpdateOrganizationBody, response: OrganizationDetailsResponse },
  ),
  organizationSize: endpoint(
    {
      method: 'GET',
      path: '/v1/organization/size',
      auth: 'session',
      tag: ACL,
      description: "The active organisation's members and pending invitations (any member), and the caller's owned organisations with the limit.",
    },
    { response: OrganizationSizeResponse },
  ),
  transferOwnership: endpoint(
    {
      method: 'PATCH',
      path: '/v1/organization/ownership',
      auth: 'session',
      permission: 'settings.manage',
      tag: ACL,
      description: "Owner only: hands the active organisation to an active member after the organisation's name and the owner's password; the old owner becomes admin; both are mailed.",
    },
    { body: TransferOwnershipBody, response: TransferOwnershipResponse },
  ),
  roles: endpoint(
    {
      method: 'GET',
      path: '/v1/roles',
      auth: 'session',
      permission: 'members.view',
      tag: ACL,
      description: 'The roles of the active organisation: built-in, then custom; the owner only with `owner=true`.',
    },
    { query: RolesQuery, response: RoleListResponse },
  ),
  createRole: endpoint(
    { method: 'POST', path: '/v1/roles', auth: 'session', permission: 'acl.manage', tag: ACL, description: 'Adds a custom role (only permissions the caller holds).' },
    { body: CreateRoleBody, response: RoleResponse },
  ),
  renameRole: endpoint(
    { method: 'PATCH', path: '/v1/roles/:roleId', auth: 'session', permission: 'acl.manage', tag: ACL, description: 'Renames a custom role.' },
    { params: RoleParams, body: RenameRoleBody, response: RoleResponse },
  ),
  deleteRole: endpoint(
    {
      method: 'DELETE',
      path: '/v1/roles/:roleId',
      auth: 'session',
      permission: 'acl.manage',
      tag: ACL,
      description: 'Removes a custom role that no member or pending invitation holds.',
    },
    { params: RoleParams, response: MessageOnly },
  ),
  acl: endpoint(
    {
      method: 'GET',
      path: '/v1/acl',
      auth: 'session',
      permission: 'acl.manage',
      tag: ACL,
      description: 'The matrix of roles × permissions of the active organisation.',
    },
    { response: AclResponse },
  ),
  updateAcl: endpoint(
    {
      method: 'PATCH',
      path: '/v1/acl',
      auth: 'session',
      permission: 'acl.manage',
      tag: ACL,
      description: "Sets a role's permissions. Never the owner's row or the caller's own role; only permissions the caller holds change.",
    },
    { body: UpdateAclBody, response: AclRowResponse },
  ),
  permissionCatalogue: endpoint(
    { method: 'GET', path: '/v1/acl/permissions', auth: 'session', scope: 'account', tag: ACL, description: 'Every permission, grouped by the feature that declares it.' },
    { response: PermissionCatalogueResponse },
  ),
  myPermissions: endpoint(
    {
      method: 'GET',
      path: '/v1/acl/me',
      auth: 'session',
      tag: ACL,
      description: "The caller's role in the active organisation and the permissions it holds now.",
    },
    { response: MyPermissionsResponse },
  ),

  // Branding (docs/branding.md): each portal's logos and colours for the organisation of the access token;
  // changes need branding.manage. The logo files themselves are public (mails and the login page show them).
  branding: endpoint(
    { method: 'GET', path: '/v1/branding', auth: 'session', permission: 'branding.manage', tag: BRANDING, description: "Every portal's branding (colours, logo URLs) for the active organisation; null = the product default." },
    { response: BrandingListResponse },
  ),
  updateBranding: endpoint(
    {
      method: 'PATCH',
      path: '/v1/branding',
      auth: 'session',
      permission: 'branding.manage',
      tag: BRANDING,
      description: 'Sets primary, secondary and text colours (#RRGGBB or #RRGGBBAA) of one portal, or of every portal with setToAllPortal.',
    },
    { body: UpdateBrandingBody, response: BrandingChangeResponse },
  ),
  resetBranding: endpoint(
    {
      method: 'DELETE',
      path: '/v1/branding',
      auth: 'session',
      permission: 'branding.manage',
      tag: BRANDING,
      description: "Resets one portal's colours and logos (or every portal's, with setToAllPortal) to the product defaults.",
    },
    { query: ResetBrandingQuery, response: BrandingChangeResponse },
  ),
  logo: endpoint(
    { method: 'GET', path: '/v1/logo', auth: 'session', permission: 'branding.manage', tag: BRANDING, description: "A portal's logo and dark logo URLs (null = the product's)." },
    { query: LogoQuery, response: LogoResponse },
  ),
  updateLogo: endpoint(
    {
      method: 'PATCH',
      path: '/v1/logo',
      auth: 'session',
      permission: 'branding.manage',
      tag: BRANDING,
      bodyLimit: LOGO_UPLOAD_BODY_LIMIT_BYTES,
      description:
        'Uploads (base64 `data`) or removes (`data: null`) the logo or dark logo of one portal, or of every portal with setToAllPortal. PNG, JPEG, WebP or SVG by their bytes, at most 1 MB and 2000 × 2000 px; raster images are re-encoded without metadata, SVG is cleaned of scripts, event handlers, external references and foreignObject (`cleaned: true`).',
    },
    { body: UpdateLogoBody, response: LogoChangeResponse },
  ),
  logoFile: endpoint(
    {
      method: 'GET',
      path: '/v1/branding/logo/:logoId',
      auth: 'public',
      tag: BRANDING,
      description: "A stored logo's image, with its own media type, Content-Security-Policy: default-src 'none', nosniff and an ETag; public because mails and the login page show it.",
    },
    { params: LogoFileParams, response: LogoFileResponse },
  ),

  // The signed-in user
  user: endpoint({ method: 'GET', path: '/v1/user', auth: 'session', scope: 'account', tag: USERS }, { response: UserResponse }),
  updateUser: endpoint(
    { method: 'PATCH', path: '/v1/user', auth: 'session', scope: 'account', tag: USERS },
    { body: UpdateUserBody, response: UserResponse },
  ),

  // Password and two-factor settings
  changePassword: endpoint(
    { method: 'PATCH', path: '/v1/change-password', auth: 'session', scope: 'account', tag: SECURITY },
    { body: ChangePasswordBody, response: MessageOnly },
  ),
  setupTwoFactor: endpoint(
    { method: 'POST', path: '/v1/two-factor/setup', auth: 'session', scope: 'account', tag: SECURITY },
    { body: TwoFactorSetupBody, response: TwoFactorSetupResponse },
  ),
  confirmTwoFactor: endpoint(
    { method: 'POST', path: '/v1/two-factor/confirmation', auth: 'session', scope: 'account', tag: SECURITY },
    { body: TwoFactorConfirmationBody, response: UserSecurityResponse },
  ),
  resetTwoFactor: endpoint(
    { method: 'POST', path: '/v1/two-factor/reset', auth: 'session', scope: 'account', tag: SECURITY },
    { body: TwoFactorResetBody, response: UserSecurityResponse },
  ),
  configureTwoFactor: endpoint(
    { method: 'PATCH', path: '/v1/two-factor/config', auth: 'session', scope: 'account', tag: SECURITY },
    { body: TwoFactorConfigBody, response: UserSecurityResponse },
  ),
  sendPhoneOtp: endpoint(
    { method: 'PATCH', path: '/v1/otp', auth: 'session', scope: 'account', tag: SECURITY },
    { body: PhoneOtpBody, response: PhoneOtpResponse },
  ),
  reauthenticate: endpoint(
    {
      method: 'POST',
      path: '/v1/reauth',
      auth: 'session',
      scope: 'account',
      tag: SECURITY,
      description:
        "Proves it is still the user (password, or a code of a second factor that is on) and allows sensitive changes for the server's REAUTH_WINDOW (300 s by default). Sensitive changes answer 403 REAUTH_REQUIRED without it.",
    },
    { body: ReauthBody, response: ReauthResponse },
  ),
  requestReauthCode: endpoint(
    {
      method: 'POST',
      path: '/v1/reauth/code',
      auth: 'session',
      scope: 'account',
      tag: SECURITY,
      description: 'Mails a 6-digit code for POST /v1/reauth to a user whose two-factor authentication is on.',
    },
    { response: ReauthCodeResponse },
  ),
  passkeys: endpoint(
    { method: 'GET', path: '/v1/passkeys', auth: 'session', scope: 'account', tag: SECURITY },
    { response: PasskeyListResponse },
  ),
  passkeyRegistrationOptions: endpoint(
    {
      method: 'POST',
      path: '/v1/passkeys/registration-options',
      auth: 'session',
      scope: 'account',
      tag: SECURITY,
      description: 'WebAuthn creation options for a new passkey of the signed-in user; needs recent authentication (403 REAUTH_REQUIRED).',
    },
    { response: PasskeyCeremonyResponse },
  ),
  registerPasskey: endpoint(
    {
      method: 'POST',
      path: '/v1/passkeys',
      auth: 'session',
      scope: 'account',
      tag: SECURITY,
      description: "Stores the browser's answer to the registration options, from the session that asked for them; needs recent authentication.",
    },
    { body: RegisterPasskeyBody, response: PasskeyResponse },
  ),
  renamePasskey: endpoint(
    { method: 'PATCH', path: '/v1/passkeys/:passkeyId', auth: 'session', scope: 'account', tag: SECURITY },
    { params: PasskeyParams, body: RenamePasskeyBody, response: PasskeyResponse },
  ),
  removePasskey: endpoint(
    {
      method: 'DELETE',
      path: '/v1/passkeys/:passkeyId',
      auth: 'session',
      scope: 'account',
      tag: SECURITY,
      description: 'Removes a passkey of the signed-in user; needs recent authentication.',
    },
    { params: PasskeyParams, response: MessageOnly },
  ),

  // Apps
  apps: endpoint({ method: 'GET', path: '/v1/apps', auth: 'session', tag: APPS }, { response: AppListResponse }),
  launchApp: endpoint(
    {
      method: 'POST',
      path: '/v1/app/launch',
      auth: 'session',
      tag: APPS,
      description: 'A first-party launch: a single-use token (about 60 s) the target portal trades at POST /v1/token.',
    },
    { body: AppIdBody, response: AppLaunchResponse },
  ),
  appSso: endpoint(
    {
      method: 'POST',
      path: '/v1/app/sso',
      auth: 'session',
      tag: APPS,
      description: 'A third-party launch with completed SSO: open `url + token`. The partner trades the token at POST /v1/app/sso/exchange.',
    },
    { body: AppIdBody, response: AppSsoResponse },
  ),
  setAppStatus: endpoint(
    {
      method: 'PATCH',
      path: '/v1/app/status',
      auth: 'session',
      permission: 'apps.manage',
      tag: APPS,
      description: 'Enables or disables a third-party app for the active organisation.',
    },
    { body: AppStatusBody, response: AppItemResponse },
  ),
  setAppConfig: endpoint(
    {
      method: 'PATCH',
      path: '/v1/app/config',
      auth: 'session',
      permission: 'apps.manage',
      tag: APPS,
      description: "Records whether the organisation completed a third-party app's single sign-on set-up.",
    },
    { body: AppConfigBody, response: AppItemResponse },
  ),
  exchangeLaunchToken: endpoint(
    {
      method: 'POST',
      path: '/v1/token',
      auth: 'public',
      tag: APPS,
      description: 'Trades a first-party launch token for a session of the receiving portal. Single use, about 60 s.',
    },
    { body: LaunchTokenBody, response: LaunchTokenResponse },
  ),
  exchangeSsoToken: endpoint(
    {
      method: 'POST',
      path: '/v1/app/sso/exchange',
      auth: 'public',
      tag: APPS,
      description: 'The partner app learns who arrived (an identity, never API tokens). Single use, about 60 s, bound to the app.',
    },
    { body: SsoExchangeBody, response: SsoExchangeResponse },
  ),

  // Partner single sign-on
  ssoLogin: endpoint(
    { method: 'POST', path: '/v1/sso/login', auth: 'public', tag: SSO },
    { body: SsoLoginBody, response: SsoLoginResponse },
  ),
  ssoRegister: endpoint(
    { method: 'POST', path: '/v1/sso/register', auth: 'public', tag: SSO },
    { body: SsoRegisterBody, response: SsoLoginResponse },
  ),

  // Organisation members and invitations (docs/access-control.md): scoped to the organisation of the access token
  organizationMembers: endpoint(
    {
      method: 'GET',
      path: '/v1/organization/member',
      auth: 'session',
      permission: 'members.view',
      tag: MEMBERS,
      description: 'Members and invitations (pending or expired) of the active organisation in one paged list; offset starts at 1.',
    },
    { query: MemberListQuery, response: MemberListResponse },
  ),
  inviteMember: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/member',
      auth: 'session',
      permission: 'members.manage',
      tag: MEMBERS,
      description: 'Invites an address with a role (never owner, never one holding a permission the inviter lacks); the mail links to /invite, valid 7 days.',
    },
    { body: InviteMemberBody, response: MemberRowResponse },
  ),
  resendInvitation: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/member/resend-email',
      auth: 'session',
      permission: 'members.manage',
      tag: MEMBERS,
      description: 'Mails a pending or expired invitation again, valid 7 days from now.',
    },
    { body: ResendInvitationBody, response: MemberRowResponse },
  ),
  updateMemberRole: endpoint(
    {
      method: 'PATCH',
      path: '/v1/organization/member',
      auth: 'session',
      permission: 'members.manage',
      tag: MEMBERS,
      description: "Changes a member's (or a pending invitation's) role: not one's own, not the owner's, never to owner (ownership moves by transfer).",
    },
    { body: UpdateMemberRoleBody, response: MemberRowResponse },
  ),
  removeMember: endpoint(
    {
      method: 'DELETE',
      path: '/v1/organization/member/:id/remove',
      auth: 'session',
      permission: 'members.manage',
      tag: MEMBERS,
      description: "Removes a member (their tokens of the organisation stop working at their next request) or revokes an invitation. The owner cannot be removed.",
    },
    { params: MemberIdParams, response: MessageOnly },
  ),
  leaveOrganization: endpoint(
    {
      method: 'POST',
      path: '/v1/organization/leave',
      auth: 'session',
      scope: 'account',
      tag: MEMBERS,
      description: 'The caller leaves an organisation they belong to and do not own; their tokens of it stop working for it.',
    },
    { body: LeaveOrganizationBody, response: MessageOnly },
  ),

  // Activity log and sessions (docs/activity-log.md). Account-scoped: `type=user` is the caller's own log; for
  // `type=organisation` the handler applies the organisation gate and requires `activity.view` in the token's
  // organisation (one query parameter decides the view, so the entry cannot carry the permission itself).
  activityLogs: endpoint(
    {
      method: 'GET',
      path: '/v1/activity-logs',
      auth: 'session',
      scope: 'account',
      tag: ACTIVITY,
      description:
        "The caller's own events (type=user) or the events of the token's organisation (type=organisation, needs activity.view), newest first, paged (offset from 1); filters: search (literal text over event, actor, target, IP), fromDate/toDate (days of timeZone within the last 89 days), eventType (a category). Reading writes nothing.",
    },
    { query: ActivityLogQuery, response: ActivityLogResponse },
  ),
  exportActivityLogs: endpoint(
    {
      method: 'GET',
      path: '/v1/activity-logs/export',
      auth: 'session',
      scope: 'account',
      tag: ACTIVITY,
      description:
        'The filtered events as a streamed text/csv attachment (UTF-8, header row, RFC 4180, cells starting with = + - @ escaped); same rules as GET /v1/activity-logs.',
    },
    { query: ActivityLogExportQuery, response: ActivityLogCsv },
  ),
  reportActivity: endpoint(
    {
      method: 'POST',
      path: '/v1/activity-logs/:id/not-me',
      auth: 'session',
      scope: 'account',
      tag: ACTIVITY,
      description:
        "\"This wasn't me\" on one of the caller's own successful sign-ins: every session of the account ends (this one too), a password reset link is mailed and the report is recorded.",
    },
    { params: ActivityEventParams, response: MessageOnly },
  ),
  userSessions: endpoint(
    {
      method: 'GET',
      path: '/v1/user/sessions',
      auth: 'session',
      scope: 'account',
      tag: ACTIVITY,
      description: "The caller's signed-in sessions (device, IP, first and last seen), the current one marked.",
    },
    { response: UserSessionListResponse },
  ),
  endUserSession: endpoint(
    {
      method: 'DELETE',
      path: '/v1/user/sessions/:sessionId',
      auth: 'session',
      scope: 'account',
      tag: ACTIVITY,
      description: "Ends one of the caller's sessions: its refresh and access tokens stop working at once.",
    },
    { params: UserSessionParams, response: MessageOnly },
  ),
  endOtherUserSessions: endpoint(
    {
      method: 'POST',
      path: '/v1/user/sessions/end-others',
      auth: 'session',
      scope: 'account',
      tag: ACTIVITY,
      description: "Ends every session of the caller's account except the current one.",
    },
    { response: EndOtherSessionsResponse },
  ),

  // Organisation settings: IP allow-list and scheduled jobs (docs/access-control.md)
  detectIp: endpoint(
    { method: 'GET', path: '/v1/detect-ip', auth: 'session', scope: 'account', tag: ORG_SETTINGS, description: "The caller's address as the server sees it (a trusted proxy's forwarded address only with TRUST_PROXY)." },
    { response: DetectIpResponse },
  ),
  ipAllowList: endpoint(
    { method: 'GET', path: '/v1/ip', auth: 'session', permission: 'settings.manage', ownerOutsideAllowList: true, tag: ORG_SETTINGS },
    { response: IpAllowListResponse },
  ),
  updateIpAllowList: endpoint(
    {
      method: 'PATCH',
      path: '/v1/ip',
      auth: 'session',
      permission: 'settings.manage',
      ownerOutsideAllowList: true,
      tag: ORG_SETTINGS,
      description: "Replaces the organisation's IP allow-list (CIDR ranges, IPv4 and IPv6; empty = any address). A list that excludes the caller's own address is refused, and so is one that excludes the owner's last sign-in address unless the owner saves it. The owner may call it from outside the list.",
    },
    { body: IpAllowListBody, response: IpAllowListResponse },
  ),
  cronConfig: endpoint(
    { method: 'GET', path: '/v1/cron/config', auth: 'session', permission: 'settings.manage', tag: ORG_SETTINGS },
    { response: CronConfigResponse },
  ),
  updateCronConfig: endpoint(
    {
      method: 'PATCH',
      path: '/v1/cron/config',
      auth: 'session',
      permission: 'settings.manage',
      tag: ORG_SETTINGS,
      description: 'Activity-log retention (days) and the weekly members digest mail to owners and admins.',
    },
    { body: CronConfigBody, response: CronConfigResponse },
  ),

  // Billing (docs/billing.md): scoped to the organisation of the access token; reads need billing.view, changes
  // billing.manage. POST /v1/usage is called by an app with its credential instead of a user session.
  bills: endpoint(
    {
      method: 'GET',
      path: '/v1/bill',
      auth: 'session',
      permission: 'billing.view',
      tag: BILLING,
      description: 'Invoices and credit notes of the active organisation, newest first, paged (offset starts at 1); filters by status and issue date (the last 89 days up to today).',
    },
    { query: InvoiceListQuery, response: InvoiceListResponse },
  ),
  billPdf: endpoint(
    {
      method: 'GET',
      path: '/v1/bill/:id/pdf',
      auth: 'session',
      permission: 'billing.view',
      tag: BILLING,
      description: 'The invoice or credit note as a PDF (base64 in the envelope): seller, buyer, ABN, lines, GST, total, card charged.',
    },
    { params: BillingIdParams, response: InvoicePdfResponse },
  ),
  cards: endpoint(
    { method: 'GET', path: '/v1/card', auth: 'session', permission: 'billing.view', tag: BILLING, description: 'The cards on file (brand, last 4, expiry, holder, primary, verified); never a number or CVC.' },
    { response: CardListResponse },
  ),
  addCard: endpoint(
    {
      method: 'POST',
      path: '/v1/card',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: 'Checks the card (Luhn, brand, expiry, CVC, name), has the payment provider tokenise it and keeps only the token, brand, last 4, expiry and holder. A decline answers 402 CARD_DECLINED with the reason. The first card becomes primary.',
    },
    { body: AddCardBody, response: CardResponse },
  ),
  startCardSetup: endpoint(
    {
      method: 'POST',
      path: '/v1/card/setup',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: "PAYMENT_PROVIDER=stripe: makes the organisation's Stripe customer on first use and a SetupIntent whose client secret Stripe.js confirms with its card element. With the test provider: 400 CARD_SETUP_NOT_USED.",
    },
    { response: CardSetupResponse },
  ),
  saveCard: endpoint(
    {
      method: 'POST',
      path: '/v1/card/saved',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: "PAYMENT_PROVIDER=stripe: keeps the card a confirmed SetupIntent saved, by its payment method id (brand, last 4, expiry and holder read from Stripe). Verified by Stripe (3-D Secure), so no typed-back amount. The first card becomes primary.",
    },
    { body: SaveCardBody, response: CardResponse },
  ),
  deleteCard: endpoint(
    {
      method: 'DELETE',
      path: '/v1/card/:id',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: 'Removes a card. The last usable card is refused (409) while auto-renewal or pay-as-you-go is on; removing the primary card makes the next usable card primary.',
    },
    { params: BillingIdParams, response: CardListResponse },
  ),
  setPrimaryCard: endpoint(
    { method: 'PATCH', path: '/v1/primary', auth: 'session', permission: 'billing.manage', tag: BILLING, description: 'Makes a verified, unexpired card the primary card (the one purchases and renewals charge).' },
    { body: CardIdBody, response: CardListResponse },
  ),
  startCardVerification: endpoint(
    {
      method: 'PATCH',
      path: '/v1/verify/initiate',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: 'Charges the card a small amount (1 to 99 cents, refunded once verified) that the user reads on their statement and types back.',
    },
    { body: CardIdBody, response: VerificationStartResponse },
  ),
  verifyCard: endpoint(
    {
      method: 'PATCH',
      path: '/v1/verify',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: 'Verifies the card with the typed-back amount in cents; after 3 wrong amounts the verification starts again with a new charge.',
    },
    { body: VerifyCardBody, response: CardResponse },
  ),
  catalogue: endpoint(
    { method: 'GET', path: '/v1/bucket/catalogue', auth: 'session', permission: 'billing.view', tag: BILLING, description: 'The usage buckets on sale, prices in the organisation currency including GST.' },
    { response: CatalogueResponse },
  ),
  purchase: endpoint(
    {
      method: 'POST',
      path: '/v1/bucket/purchase',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: 'Buys a bucket with the primary card: one charge, one invoice, one bucket. The same idempotencyKey again (a retry, a double click, a second tab) answers the same purchase and never charges twice. A decline answers 402 CARD_DECLINED and leaves nothing paid or credited.',
    },
    { body: PurchaseBody, response: PurchaseResponse },
  ),
  contracts: endpoint(
    { method: 'GET', path: '/v1/contract', auth: 'session', permission: 'billing.view', tag: BILLING, description: "The organisation's contracts, newest first, paged (offset starts at 1)." },
    { query: ContractListQuery, response: ContractListResponse },
  ),
  subscriptionHistory: endpoint(
    {
      method: 'GET',
      path: '/v1/bucket/subscription/history',
      auth: 'session',
      permission: 'billing.view',
      tag: BILLING,
      description: 'The subscription (auto-renew, renewal date) and its buckets, current first: units bought, used and remaining, period.',
    },
    { query: SubscriptionHistoryQuery, response: SubscriptionHistoryResponse },
  ),
  setRenewal: endpoint(
    {
      method: 'PATCH',
      path: '/v1/bucket/renewal',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: 'Auto-renewal on or off. On the renewal date the scheduler charges the primary card for the same bucket; a failure mails the owner and is retried (docs/billing.md).',
    },
    { body: RenewalBody, response: SubscriptionResponse },
  ),
  payAsYouGo: endpoint(
    { method: 'GET', path: '/v1/payasyougo', auth: 'session', permission: 'billing.view', tag: BILLING, description: 'Pay-as-you-go: on or off, monthly cap, usage and amount this month.' },
    { response: PayAsYouGoResponse },
  ),
  activatePayAsYouGo: endpoint(
    {
      method: 'PATCH',
      path: '/v1/payasyougo/activate',
      auth: 'session',
      permission: 'billing.manage',
      tag: BILLING,
      description: 'Turns pay-as-you-go on with a monthly cap (needs a usable primary card). Usage beyond the bucket is billed at month end up to the cap; the owner is mailed at 80 % and 100 %.',
    },
    { body: ActivatePayAsYouGoBody, response: PayAsYouGoResponse },
  ),
  managePayAsYouGo: endpoint(
    { method: 'POST', path: '/v1/payasyougo/manage', auth: 'session', permission: 'billing.manage', tag: BILLING, description: 'Changes the monthly cap (`setCap` with `cap`) or turns pay-as-you-go off (`deactivate`).' },
    { body: ManagePayAsYouGoBody, response: PayAsYouGoResponse },
  ),
  recordUsage: endpoint(
    {
      method: 'POST',
      path: '/v1/usage',
      auth: 'public',
      tag: BILLING,
      description: "An app reports units used, authenticated by the organisation's app credential in the `x-app-credential` header; the same eventId counts once.",
    },
    { body: UsageBody, response: UsageResponse },
  ),

  // Identity verification: KYC of the signed-in person, KYB of the active business organisation
  // (docs/identity-verification.md). Uploads are base64 JSON with their own body limit.
  kyc: endpoint(
    { method: 'GET', path: '/v1/kyc', auth: 'session', scope: 'account', tag: IDENTITY, description: "The caller's KYC: status, last submitted details, draft and documents." },
    { response: KycResponse },
  ),
  submitKyc: endpoint(
    {
      method: 'POST',
      path: '/v1/kyc',
      auth: 'session',
      scope: 'account',
      tag: IDENTITY,
      description: 'Submits the KYC form (two identity proofs of different types) to the verification provider; refused while one is submitted, in review or verified.',
    },
    { body: KycDetails, response: VerificationStatusResponse },
  ),
  kycStatus: endpoint(
    { method: 'GET', path: '/v1/kyc/status', auth: 'session', scope: 'account', tag: IDENTITY, description: "The caller's KYC status and its status events." },
    { response: VerificationStatusResponse },
  ),
  saveKycDraft: endpoint(
    { method: 'PUT', path: '/v1/kyc/draft', auth: 'session', scope: 'account', tag: IDENTITY, description: "Keeps the KYC form's progress (step and fields as typed) until it is submitted." },
    { body: KycDraftBody, response: KycDraftResponse },
  ),
  uploadKycDocument: endpoint(
    {
      method: 'POST',
      path: '/v1/kyc/documents',
      auth: 'session',
      scope: 'account',
      tag: IDENTITY,
      bodyLimit: DOCUMENT_UPLOAD_BODY_LIMIT,
      description: 'Uploads an identity proof image: JPEG, PNG or PDF by its bytes, at most 5 MB, base64; stored encrypted.',
    },
    { body: UploadKycDocumentBody, response: DocumentResponse },
  ),
  kycDocumentLink: endpoint(
    { method: 'POST', path: '/v1/kyc/documents/:documentId/link', auth: 'session', scope: 'account', tag: IDENTITY, description: "A short-lived link to one of the caller's KYC documents." },
    { params: DocumentParams, response: DocumentLinkResponse },
  ),
  kyb: endpoint(
    { method: 'GET', path: '/v1/kyb', auth: 'session', permission: 'kyb.submit', tag: IDENTITY, description: "The active business organisation's KYB: status, details, draft and documents." },
    { response: KybResponse },
  ),
  submitKyb: endpoint(
    {
      method: 'POST',
      path: '/v1/kyb',
      auth: 'session',
      permission: 'kyb.submit',
      tag: IDENTITY,
      description: "Submits the business's details to the verification provider; refused while one is submitted, in review or verified.",
    },
    { body: KybDetails, response: VerificationStatusResponse },
  ),
  kybStatus: endpoint(
    { method: 'GET', path: '/v1/kyb/status', auth: 'session', tag: IDENTITY, description: "The active organisation's KYB status and its status events ('notSubmitted' for a personal account)." },
    { response: VerificationStatusResponse },
  ),
  saveKybDraft: endpoint(
    { method: 'PUT', path: '/v1/kyb/draft', auth: 'session', permission: 'kyb.submit', tag: IDENTITY, description: "Keeps the KYB form's progress until it is submitted." },
    { body: KybDraftBody, response: KybDraftResponse },
  ),
  resetKyb: endpoint(
    {
      method: 'POST',
      path: '/v1/kyb/reset',
      auth: 'session',
      permission: 'kyb.submit',
      tag: IDENTITY,
      description: "Clears the organisation's KYB (status, business details, entity type, documents, draft) to start again.",
    },
    { response: VerificationStatusResponse },
  ),
  uploadKybDocument: endpoint(
    {
      method: 'POST',
      path: '/v1/kyb/documents',
      auth: 'session',
      permission: 'kyb.submit',
      tag: IDENTITY,
      bodyLimit: DOCUMENT_UPLOAD_BODY_LIMIT,
      description: 'Uploads the registry extract or the registration document: JPEG, PNG or PDF, at most 5 MB, base64; stored encrypted.',
    },
    { body: UploadKybDocumentBody, response: DocumentResponse },
  ),
  kybDocumentLink: endpoint(
    { method: 'POST', path: '/v1/kyb/documents/:documentId/link', auth: 'session', permission: 'kyb.submit', tag: IDENTITY, description: "A short-lived link to one of the organisation's KYB documents." },
    { params: DocumentParams, response: DocumentLinkResponse },
  ),
  documentFile: endpoint(
    { method: 'GET', path: '/v1/documents/file', auth: 'public', tag: IDENTITY, description: 'The file behind a short-lived document link (the token is the credential); never cached.' },
    { query: DocumentFileQuery, response: DocumentFileResponse },
  ),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
