/**
 * Every permission an organisation role can hold, grouped by the feature that declares it (docs/access-control.md).
 * A feature adds its permissions by appending a group here: the ACL matrix, the server's check (an endpoint's
 * `permission` in its group in contract/v1/<feature>.ts) and the portal's menu all read this one list.
 */
export const PERMISSION_GROUPS = {
  apps: ['apps.manage'],
  organisation: ['members.view', 'members.manage', 'acl.manage', 'settings.manage'],
  billing: ['billing.view', 'billing.manage'],
  branding: ['branding.manage'],
  // KYC is the signed-in person's own; only the business's verification (KYB) is an organisation permission.
  identityVerification: ['kyb.submit'],
  activityLog: ['activity.view'],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

/** The roles every organisation has. The owner holds every permission and its row of the matrix is locked. */
export const BUILT_IN_ROLES = ['owner', 'admin', 'member'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** What the built-in roles hold in a new organisation (an owner or admin may change admin and member later). */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<BuiltInRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  member: ['members.view'],
};

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/**
 * The access rule, as a pure function of data: a role holds a permission when its granted list says so; the owner
 * holds them all whatever is stored.
 */
export function roleHolds(role: string, granted: readonly string[], permission: Permission): boolean {
  return role === 'owner' || granted.includes(permission);
}
