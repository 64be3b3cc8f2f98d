/**
 * Runtime constants of the activity log (docs/activity-log.md) that the portal and the server share. Like
 * ./constants.ts, this file must not import a schema library: the portal bundles it.
 */

export const ACTIVITY_LIMITS = {
  /** Offset starts at 1 (the first page); `limit` rows a page. */
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** `total` counts matching rows up to this many (the pager's last page is the 10,000th row). */
  totalMax: 10_000,
  /** The date filter reaches back this many days, up to today. */
  dateFilterDays: 89,
  /** Free-text search, in characters. */
  searchMax: 256,
  /** An organisation that never chose a retention keeps its events this many days. */
  retentionDaysDefault: 365,
  /** A user's own events (sign-ins, password, second factor) are kept at least this many days. */
  userRetentionDaysMin: 90,
} as const;

/**
 * The categories the `eventType` filter takes. Every event type belongs to exactly one (`activityCategoryOf`);
 * an event type no rule names falls into `other`, so a feature that adds events is listed before anyone
 * classifies them.
 */
export const ACTIVITY_CATEGORIES = [
  'sign-in',
  'security',
  'account',
  'organisation',
  'members',
  'apps',
  'settings',
  'branding',
  'billing',
  'identity',
  'other',
] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/**
 * Event types whose category is not the one their prefix gives (see ACTIVITY_PREFIX_CATEGORIES). A feature adds a
 * line here only when its prefix says otherwise.
 */
export const ACTIVITY_EVENT_CATEGORIES: Readonly<Record<string, ActivityCategory>> = {
  logout: 'sign-in',
  register: 'account',
  'email.verified': 'account',
  'profile.updated': 'account',
  'refresh.reuse': 'security',
  'two-factor.success': 'sign-in',
  'two-factor.failure': 'sign-in',
  'two-factor.code-sent': 'sign-in',
  'two-factor.changed': 'security',
  'invitation.accepted': 'members',
  'organization.access': 'sign-in',
  'organization.ownership-transferred': 'members',
  'organization.ownership-refused': 'members',
  'cron-config.updated': 'settings',
  'ip-allow-list.updated': 'settings',
  'activity-log.retention-applied': 'settings',
};

/**
 * The category of every event type that starts with `<prefix>.`: billing, branding and identity verification
 * (KYC/KYB) events need no entry of their own when named `billing.…`, `branding.…`, `kyc.…` or `kyb.…`.
 */
export const ACTIVITY_PREFIX_CATEGORIES: Readonly<Record<string, ActivityCategory>> = {
  login: 'sign-in',
  sso: 'sign-in',
  session: 'security',
  password: 'security',
  reauth: 'security',
  'two-factor': 'security',
  passkey: 'security',
  'email-change': 'security',
  'recovery-codes': 'security',
  'activity-log': 'security',
  organization: 'organisation',
  role: 'organisation',
  acl: 'organisation',
  member: 'members',
  app: 'apps',
  'ip-allow-list': 'settings',
  branding: 'branding',
  billing: 'billing',
  card: 'billing',
  subscription: 'billing',
  kyc: 'identity',
  kyb: 'identity',
  account: 'account',
};

/** The category an event type is filtered and labelled by. */
export function activityCategoryOf(eventType: string): ActivityCategory {
  const exact = ACTIVITY_EVENT_CATEGORIES[eventType];
  if (exact) return exact;
  const prefix = eventType.split('.')[0] ?? eventType;
  return ACTIVITY_PREFIX_CATEGORIES[prefix] ?? 'other';
}

/** Event types a person may answer "this wasn't me" to: a sign-in that succeeded. */
export const SIGN_IN_EVENTS = ['login.success', 'sso.login'] as const;
