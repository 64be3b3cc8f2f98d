/**
 * Business organisations and their access control (docs/access-control.md): creating and renaming an organisation,
 * its counts, the ownership transfer, its roles (built-in and custom) and the matrix of roles × permissions.
 * The endpoints' `permission`s are in `organizationAclEndpoints` below; the permission catalogue in ./permissions.ts.
 */
import { Type, type Static } from 'typebox';
import { PERMISSION_GROUPS, PERMISSIONS, type Permission, type PermissionGroup } from './permissions';
import { Envelope, LoginPassword, MessageOnly, messages, Nullable, OpaqueId, ruleString } from './common';
import { AccountType } from './organization';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

/** One permission of the catalogue (contract/v1/permissions.ts). */
export const PermissionName = Type.Unsafe<Permission>(
  Type.String({ enum: [...PERMISSIONS], ...messages({ enum: 'server:validation.permissionUnknown' }) }),
);

/** 2 to 100 characters, unique case-insensitively across the product (the rule set's `organizationName`). */
export const OrganizationName = ruleString('organizationName');
/** 2 to 50 characters, unique case-insensitively in the organisation, built-in names included. */
export const RoleName = ruleString('roleName');

/**
 * A role id: 'owner', 'admin' or 'member' for the built-in roles, an opaque id for a custom role. Memberships and
 * invitations store this id as their `role`.
 */
export const RoleId = Type.String({
  minLength: 1,
  maxLength: 64,
  ...messages({
    required: 'server:validation.idRequired.roleId',
    minLength: 'server:validation.idRequired.roleId',
  }),
});

// ---------------------------------------------------------------------------------------------------------------
// Organisation

/** POST /v1/organization: a business organisation whose owner is the caller; the portal then enters it. */
export const CreateOrganizationBody = Type.Object({ organizationName: OrganizationName }, strict);
export type CreateOrganizationBody = Static<typeof CreateOrganizationBody>;
export const CreatedOrganization = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  accountType: AccountType,
  role: Type.String(),
});
export type CreatedOrganization = Static<typeof CreatedOrganization>;
export const CreateOrganizationResponse = Envelope(CreatedOrganization);

/**
 * GET /v1/organization/name?orgName&orgId: is this name free? `orgId` is the organisation being renamed (its own
 * name counts as free); it is ignored unless the caller is a member of it. A malformed name answers the rule's 400.
 */
export const OrganizationNameQuery = Type.Object(
  { orgName: OrganizationName, orgId: Type.Optional(OpaqueId('orgId')) },
  strict,
);
export type OrganizationNameQuery = Static<typeof OrganizationNameQuery>;
export const OrganizationNameData = Type.Object({ available: Type.Boolean() });
export type OrganizationNameData = Static<typeof OrganizationNameData>;
export const OrganizationNameResponse = Envelope(OrganizationNameData);

/** The active organisation's name and details (GET and PATCH /v1/organization). */
export const OrganizationDetails = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  accountType: AccountType,
  ownerId: Type.String(),
  enforceTwoFactor: Type.Boolean(),
  timeZone: Type.String(),
  timeFormat: Type.String(),
  matchDeviceTime: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OrganizationDetails = Static<typeof OrganizationDetails>;
export const OrganizationDetailsResponse = Envelope(OrganizationDetails);

/** The date-and-time formats an organisation may choose (dayjs tokens; the first is the default). */
export const TIME_FORMATS = [
  'DD/MM/YYYY hh:mm A',
  'DD/MM/YYYY HH:mm',
  'MM/DD/YYYY hh:mm A',
  'YYYY-MM-DD HH:mm',
] as const;

/**
 * PATCH /v1/organization (`settings.manage`): the active organisation's name and details; at least one field.
 * `timeZone` is an IANA zone ('Australia/Sydney'), checked on the server.
 */
export const UpdateOrganizationBody = Type.Object(
  {
    organizationName: Type.Optional(OrganizationName),
    enforceTwoFactor: Type.Optional(Type.Boolean()),
    timeZone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        ...messages({ minLength: 'server:validation.timeZoneInvalid' }),
      }),
    ),
    timeFormat: Type.Optional(
      Type.Unsafe<(typeof TIME_FORMATS)[number]>(
        Type.String({
          enum: [...TIME_FORMATS],
          ...messages({ enum: 'server:validation.timeFormatInvalid' }),
        }),
      ),
    ),
    matchDeviceTime: Type.Optional(Type.Boolean()),
  },
  { ...strict, minProperties: 1, ...messages({ minProperties: 'server:validation.nothingToUpdate' }) },
);
export type UpdateOrganizationBody = Static<typeof UpdateOrganizationBody>;

/**
 * GET /v1/organization/size: the active organisation's members and pending (unexpired) invitations, and the
 * business organisations the caller owns with the most they may own (`organizationLimit`).
 */
export const OrganizationSizeData = Type.Object({
  members: Type.Integer(),
  pendingInvitations: Type.Integer(),
  ownedOrganizations: Type.Integer(),
  organizationLimit: Type.Integer(),
});
export type OrganizationSizeData = Static<typeof OrganizationSizeData>;
export const OrganizationSizeResponse = Envelope(OrganizationSizeData);

/**
 * PATCH /v1/organization/ownership: the owner hands the active organisation to an active member. The owner types
 * the organisation's name (exactly, case-insensitively) and their password; they become admin; both get a mail.
 */
export const TransferOwnershipBody = Type.Object(
  {
    userId: Type.String({
      minLength: 1,
      maxLength: 64,
      ...messages({
        required: 'server:validation.idRequired.userId',
        minLength: 'server:validation.idRequired.userId',
      }),
    }),
    organizationName: Type.String({
      minLength: 1,
      maxLength: 200,
      ...messages({
        required: 'server:organizationAcl.confirmNameRequired',
        minLength: 'server:organizationAcl.confirmNameRequired',
      }),
    }),
    password: LoginPassword,
  },
  strict,
);
export type TransferOwnershipBody = Static<typeof TransferOwnershipBody>;
export const TransferOwnershipData = Type.Object({
  ownerId: Type.String(),
  previousOwnerRole: Type.String(),
});
export type TransferOwnershipData = Static<typeof TransferOwnershipData>;
export const TransferOwnershipResponse = Envelope(TransferOwnershipData);

// ---------------------------------------------------------------------------------------------------------------
// Roles

/**
 * A role of the active organisation. Built-in roles have the ids of BUILT_IN_ROLES and an English `name` (the
 * portal translates them by id); custom roles have an opaque id and the name their creator gave.
 */
export const Role = Type.Object({
  id: Type.String(),
  name: Type.String(),
  builtIn: Type.Boolean(),
  /** The owner's role: holds every permission, cannot be edited, assigned or removed. */
  locked: Type.Boolean(),
  /** Members holding the role now. */
  members: Type.Integer(),
});
export type Role = Static<typeof Role>;

/** GET /v1/roles?owner=: built-in roles first, then custom roles by name; the owner only with `owner=true`. */
export const RolesQuery = Type.Object({ owner: Type.Optional(Type.Boolean()) }, strict);
export type RolesQuery = Static<typeof RolesQuery>;
export const RoleListData = Type.Object({ roles: Type.Array(Role) });
export type RoleListData = Static<typeof RoleListData>;
export const RoleListResponse = Envelope(RoleListData);

/** POST /v1/roles: a custom role, with the permissions it starts with (none by default; only ones the caller holds). */
export const CreateRoleBody = Type.Object(
  {
    name: RoleName,
    permissions: Type.Optional(Type.Array(PermissionName, { uniqueItems: true, maxItems: 100 })),
  },
  strict,
);
export type CreateRoleBody = Static<typeof CreateRoleBody>;
export const RoleResponse = Envelope(Type.Object({ role: Role }));

/** PATCH /v1/roles/:roleId renames, DELETE /v1/roles/:roleId removes a custom role (refused while anyone holds it). */
export const RoleParams = Type.Object({ roleId: RoleId }, strict);
export type RoleParams = Static<typeof RoleParams>;
export const RenameRoleBody = Type.Object({ name: RoleName }, strict);
export type RenameRoleBody = Static<typeof RenameRoleBody>;

// ---------------------------------------------------------------------------------------------------------------
// Access-control matrix

/** One row of the matrix: what a role holds, and whether the caller may change it. */
export const AclRow = Type.Object({
  roleId: Type.String(),
  name: Type.String(),
  builtIn: Type.Boolean(),
  /** The owner's row: every permission, never editable. */
  locked: Type.Boolean(),
  /** False for the owner's row and the caller's own role (nobody edits their own role). */
  editable: Type.Boolean(),
  permissions: Type.Array(PermissionName),
});
export type AclRow = Static<typeof AclRow>;

/** GET /v1/acl: every role of the active organisation × the permissions it holds. */
export const AclData = Type.Object({ roles: Type.Array(AclRow) });
export type AclData = Static<typeof AclData>;
export const AclResponse = Envelope(AclData);

/**
 * PATCH /v1/acl: a role's whole permission list. Refused for the owner's row and the caller's own role, and when
 * it would grant or withdraw a permission the caller does not hold.
 */
export const UpdateAclBody = Type.Object(
  { roleId: RoleId, permissions: Type.Array(PermissionName, { uniqueItems: true, maxItems: 100 }) },
  strict,
);
export type UpdateAclBody = Static<typeof UpdateAclBody>;
export const AclRowResponse = Envelope(Type.Object({ role: AclRow }));

/** GET /v1/acl/permissions: the catalogue, grouped by the feature that declares each permission. */
export const PermissionGroupData = Type.Object({
  feature: Type.Unsafe<PermissionGroup>(Type.String({ enum: Object.keys(PERMISSION_GROUPS) })),
  permissions: Type.Array(PermissionName),
});
export type PermissionGroupData = Static<typeof PermissionGroupData>;
export const PermissionCatalogueData = Type.Object({ groups: Type.Array(PermissionGroupData) });
export type PermissionCatalogueData = Static<typeof PermissionCatalogueData>;
export const PermissionCatalogueResponse = Envelope(PermissionCatalogueData);

/**
 * GET /v1/acl/me: the caller's role in the active organisation and the permissions it holds now (the portal hides
 * what they cannot do; the server checks anyway). `roleName` is the custom role's name, null for a built-in role.
 */
export const MyPermissionsData = Type.Object({
  organizationId: Type.String(),
  role: Type.String(),
  roleName: Nullable(Type.String()),
  permissions: Type.Array(PermissionName),
});
export type MyPermissionsData = Static<typeof MyPermissionsData>;
export const MyPermissionsResponse = Envelope(MyPermissionsData);

const OPENAPI_TAG = 'Organisation and access control';

/**
 * Business organisations and access control (docs/access-control.md). Creating an organisation, the name check
 * and the catalogue are about the person (`scope: 'account'`); the others answer for the token's organisation.
 */
export const organizationAclEndpoints = {
  createOrganization: endpoint(
    {
      method: 'POST',
      path: '/v1/organization',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'Creates a business organisation owned by the caller; refused at `organizationLimit` owned organisations. The portal then enters it (POST /v1/organization/access).',
    },
    { body: CreateOrganizationBody, response: CreateOrganizationResponse },
  ),
  organizationNameAvailable: endpoint(
    {
      method: 'GET',
      path: '/v1/organization/name',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        'Whether a name is free (case-insensitive). `orgId`: the organisation being renamed, whose own name counts as free.',
    },
    { query: OrganizationNameQuery, response: OrganizationNameResponse },
  ),
  organization: endpoint(
    {
      method: 'GET',
      path: '/v1/organization',
      auth: 'session',
      tag: OPENAPI_TAG,
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
      tag: OPENAPI_TAG,
      description: "Edits the active organisation's name and details.",
    },
    { body: UpdateOrganizationBody, response: OrganizationDetailsResponse },
  ),
  organizationSize: endpoint(
    {
      method: 'GET',
      path: '/v1/organization/size',
      auth: 'session',
      tag: OPENAPI_TAG,
      description:
        "The active organisation's members and pending invitations (any member), and the caller's owned organisations with the limit.",
    },
    { response: OrganizationSizeResponse },
  ),
  transferOwnership: endpoint(
    {
      method: 'PATCH',
      path: '/v1/organization/ownership',
      auth: 'session',
      permission: 'settings.manage',
      tag: OPENAPI_TAG,
      description:
        "Owner only: hands the active organisation to an active member after the organisation's name and the owner's password; the old owner becomes admin; both are mailed.",
    },
    { body: TransferOwnershipBody, response: TransferOwnershipResponse },
  ),
  roles: endpoint(
    {
      method: 'GET',
      path: '/v1/roles',
      auth: 'session',
      permission: 'members.view',
      tag: OPENAPI_TAG,
      description:
        'The roles of the active organisation: built-in, then custom; the owner only with `owner=true`.',
    },
    { query: RolesQuery, response: RoleListResponse },
  ),
  createRole: endpoint(
    {
      method: 'POST',
      path: '/v1/roles',
      auth: 'session',
      permission: 'acl.manage',
      tag: OPENAPI_TAG,
      description: 'Adds a custom role (only permissions the caller holds).',
    },
    { body: CreateRoleBody, response: RoleResponse },
  ),
  renameRole: endpoint(
    {
      method: 'PATCH',
      path: '/v1/roles/:roleId',
      auth: 'session',
      permission: 'acl.manage',
      tag: OPENAPI_TAG,
      description: 'Renames a custom role.',
    },
    { params: RoleParams, body: RenameRoleBody, response: RoleResponse },
  ),
  deleteRole: endpoint(
    {
      method: 'DELETE',
      path: '/v1/roles/:roleId',
      auth: 'session',
      permission: 'acl.manage',
      tag: OPENAPI_TAG,
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
      tag: OPENAPI_TAG,
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
      tag: OPENAPI_TAG,
      description:
        "Sets a role's permissions. Never the owner's row or the caller's own role; only permissions the caller holds change.",
    },
    { body: UpdateAclBody, response: AclRowResponse },
  ),
  permissionCatalogue: endpoint(
    {
      method: 'GET',
      path: '/v1/acl/permissions',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description: 'Every permission, grouped by the feature that declares it.',
    },
    { response: PermissionCatalogueResponse },
  ),
  myPermissions: endpoint(
    {
      method: 'GET',
      path: '/v1/acl/me',
      auth: 'session',
      tag: OPENAPI_TAG,
      description: "The caller's role in the active organisation and the permissions it holds now.",
    },
    { response: MyPermissionsResponse },
  ),
} as const;
