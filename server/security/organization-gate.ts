import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { message, type MessageKey } from '../i18n/message';
import { TWO_FACTOR_REQUIRED } from '../../contract/v1/security-codes';
import { ipAllowLists } from '../modules/ip-allow-list/schema';
import { memberships, organizations } from '../modules/organizations/schema';
import { users } from '../modules/users/schema';
import type { AuthContext } from '../modules/sessions/session-service';
import { addressInRanges, displayAddress } from './ip-ranges';

const OWNER_ROLE = 'owner';

export const GATE_MESSAGES = {
  membershipEnded: 'members.membershipEnded',
  organizationDisabled: 'organizations.disabled',
  twoFactorRequired: 'organizations.twoFactorRequired',
  ipRefused: 'ip.refused',
} satisfies Record<string, MessageKey>;

/**
 * The one door of organisation-scoped requests (docs/access-control.md). The `authenticate` hook calls `admit`
 * for every session endpoint that is not marked `scope: 'account'` in the contract, when the caller's token is
 * an organisation token: the organisation must still be enabled and the caller still a member (a disabled
 * organisation's and a removed member's tokens stop at their next request, not at their expiry), have two-factor
 * authentication on when the organisation enforces it (turned on after the token was issued: the portal sends the
 * member to set it up) and, when the organisation keeps an IP allow-list, call from inside it.
 * Organisation access tokens are refused the same way (`admitAddress`, POST /v1/organization/access).
 */
export class OrganizationGate {
  constructor(private readonly db: Db) {}

  /** The organisation's allow-list; empty when it keeps none (every address may enter). */
  async ranges(organizationId: string): Promise<string[]> {
    const [row] = await this.db
      .select({ ranges: ipAllowLists.ranges })
      .from(ipAllowLists)
      .where(eq(ipAllowLists.organizationId, organizationId));
    return row?.ranges ?? [];
  }

  /**
   * Throws 403 unless the address may use the organisation. The owner is let in from anywhere: their token then
   * reaches only the allow-list's own endpoints from outside it (`admit`), so they can always correct the list.
   */
  async admitAddress(organizationId: string, ip: string, role: string): Promise<void> {
    if (role === OWNER_ROLE) return;
    refuseOutside(await this.ranges(organizationId), ip);
  }

  /**
   * Throws 403 unless the organisation is enabled, the token's user is still a member, has 2FA on when the
   * organisation enforces it, and calls from an allowed address (one query).
   */
  async admit(auth: AuthContext, ip: string, { ownerOutsideAllowList = false } = {}): Promise<void> {
    if (!auth.organizationId) return;
    const [row] = await this.db
      .select({
        enabled: organizations.enabled,
        enforceTwoFactor: organizations.enforceTwoFactor,
        twoFactorEnabled: users.twoFactorEnabled,
        role: memberships.role,
        ranges: ipAllowLists.ranges,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(ipAllowLists, eq(ipAllowLists.organizationId, memberships.organizationId))
      .where(and(eq(memberships.organizationId, auth.organizationId), eq(memberships.userId, auth.userId)))
      .limit(1);
    if (!row) throw forbidden(GATE_MESSAGES.membershipEnded, 'MEMBERSHIP_ENDED');
    if (!row.enabled) throw forbidden(GATE_MESSAGES.organizationDisabled, 'ORGANIZATION_DISABLED');
    // A passkey login is two factors in one (docs/passkeys.md).
    if (row.enforceTwoFactor && !row.twoFactorEnabled && !auth.passkey)
      throw forbidden(GATE_MESSAGES.twoFactorRequired, TWO_FACTOR_REQUIRED);
    // The owner's way back when the list shuts them out: the list's own endpoints, from anywhere.
    if (ownerOutsideAllowList && row.role === OWNER_ROLE) return;
    refuseOutside(row.ranges ?? [], ip);
  }
}

function refuseOutside(ranges: readonly string[], ip: string): void {
  if (ranges.length > 0 && !addressInRanges(ip, ranges)) {
    throw forbidden(message(GATE_MESSAGES.ipRefused, { ip: displayAddress(ip) }), 'IP_NOT_ALLOWED');
  }
}
