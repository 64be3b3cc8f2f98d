/**
 * Runtime constants of the /v1 contract that both the portal and the server import.
 * This file must not import a schema library: the portal bundles it.
 */
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
export const API_PREFIX = '/v1';

/**
 * The portals of the product family, one key each: the one list the server's schemas, the portal's config
 * schema (checked by a test) and the session's types take their keys from.
 */
export const PORTAL_KEYS = [
  'kreanoAccount',
  'kreanoMods',
  'kreanoRedact',
  'kreanoSign',
  'kreanoId',
  'kreanoExtract',
  'dataExchange',
] as const;
export type PortalKeyName = (typeof PORTAL_KEYS)[number];

/**
 * The highest page a paged list (members, activity, invoices, contracts, buckets) can be asked for: far past any
 * list a person pages through, and low enough that offset × limit stays a small row count for the database.
 */
export const PAGE_OFFSET_MAX = 100_000;

/**
 * Organisation members, invitations, IP allow-list and scheduled jobs (docs/limits-and-timing.md): the portal's
 * screens and the server's checks read the same numbers.
 */
export const MEMBER_LIMITS = {
  /** Members list: offset starts at 1 (the first page); `limit` rows a page. */
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** The joined/invited date filter reaches back this many days, up to today. */
  dateFilterDays: 89,
  /** An invitation (and each resend) is valid this long. */
  invitationValidDays: 7,
  /** Pending invitations an organisation may hold at once; revoking or an acceptance frees a place. */
  pendingInvitationsMax: 100,
  /**
   * Invitation mails (new and resent) an organisation may send in the server's mail window (MAIL_THROTTLE_WINDOW,
   * 15 minutes by default); each address also gets at most MAIL_MAX_PER_EMAIL of them in that window.
   */
  invitationMailsPerWindow: 50,
  /** Ranges an IP allow-list may hold. */
  ipAllowListMax: 100,
  /** Activity-log retention, in days. */
  retentionDaysMin: 1,
  retentionDaysMax: 3650,
  retentionDaysDefault: 365,
} as const;
export const MEMBER_STATUSES = ['active', 'invited', 'expired'] as const;
export type MemberStatusName = (typeof MEMBER_STATUSES)[number];
