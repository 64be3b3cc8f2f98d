import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { IpAllowListBody, IpAllowListData } from '../../../contract/v1/organization-members';
import type { Db } from '../../db/database';
import { badRequest, type FieldFailure } from '../../http/errors';
import { message, type MessageKey } from '../../i18n/message';
import { addressInRanges, displayAddress, normaliseRange } from '../../security/ip-ranges';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { memberships } from '../organizations/schema';
import { sessions } from '../sessions/schema';
import { ipAllowLists } from './schema';

export const IP_MESSAGES = {
  detected: 'ip.detected',
  list: 'ip.list',
  saved: 'ip.saved',
  invalidRange: 'ip.invalidRange',
  selfLockout: 'ip.selfLockout',
  excludesOwner: 'ip.excludesOwner',
} satisfies Record<string, MessageKey>;

export type IpAllowListServiceNeeds = Pick<Services, 'db' | 'clock' | 'audit' | 'gate'>;

/**
 * The organisation's IP allow-list (docs/access-control.md, IP allow-list). The list is enforced by the
 * organisation gate (server/security/organization-gate.ts); this reads and replaces it.
 */
export class IpAllowListService {
  constructor(private readonly s: IpAllowListServiceNeeds) {}

  async read(auth: AuthContext, request: FastifyRequest): Promise<IpAllowListData> {
    return { ranges: await this.s.gate.ranges(auth.organizationId!), callerIp: displayAddress(request.ip) };
  }

  /** Replaces the list: every entry must parse, and a non-empty list must hold the caller's own address. */
  async replace(auth: AuthContext, body: IpAllowListBody, request: FastifyRequest): Promise<IpAllowListData> {
    const organizationId = auth.organizationId!;
    const errors: FieldFailure[] = [];
    const ranges: string[] = [];
    body.ranges.forEach((entry, index) => {
      const range = normaliseRange(entry);
      if (!range)
        errors.push({
          field: `ranges.${index}`,
          msg: message(IP_MESSAGES.invalidRange, { value: entry.trim().slice(0, 64) }),
        });
      else if (!ranges.includes(range)) ranges.push(range);
    });
    if (errors.length > 0) throw badRequest(errors[0].msg, 'VALIDATION_FAILED', errors);
    const callerIp = displayAddress(request.ip);
    // Saving a list one is outside of would lock the saver out with everyone else.
    if (ranges.length > 0 && !addressInRanges(request.ip, ranges)) {
      throw badRequest(message(IP_MESSAGES.selfLockout, { ip: callerIp }), 'IP_SELF_LOCKOUT');
    }
    // An admin's list must not shut the owner out: the owner alone may save one their last sign-in is outside of.
    if (ranges.length > 0) {
      const owner = await this.ownerLastSignIn(organizationId);
      if (owner && owner.userId !== auth.userId && !addressInRanges(owner.ip, ranges))
        throw badRequest(
          message(IP_MESSAGES.excludesOwner, { ip: displayAddress(owner.ip) }),
          'IP_EXCLUDES_OWNER',
        );
    }
    const before = await this.s.gate.ranges(organizationId);
    const now = this.s.clock.now();
    await this.s.db.transaction(async (tx) => {
      await tx
        .insert(ipAllowLists)
        .values({ organizationId, ranges, updatedBy: auth.userId, updatedAt: now })
        .onConflictDoUpdate({
          target: ipAllowLists.organizationId,
          set: { ranges, updatedBy: auth.userId, updatedAt: now },
        });
      await this.s.audit.record(
        request,
        {
          event: 'ip-allow-list.updated',
          userId: auth.userId,
          organizationId,
          details: { before, after: ranges },
        },
        tx as unknown as Db,
      );
    });
    return { ranges, callerIp };
  }

  /** The organisation's owner (as the membership says now) and where they last signed in, among live sessions. */
  private async ownerLastSignIn(organizationId: string): Promise<{ userId: string; ip: string } | null> {
    const now = this.s.clock.now();
    const [row] = await this.s.db
      .select({ userId: memberships.userId, ip: sessions.ip })
      .from(memberships)
      .innerJoin(sessions, eq(sessions.userId, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          eq(memberships.role, 'owner'),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          isNotNull(sessions.ip),
        ),
      )
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    return row?.ip ? { userId: row.userId, ip: row.ip } : null;
  }
}
