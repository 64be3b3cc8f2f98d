import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MEMBER_LIMITS } from '../../../contract/v1/constants';
import type {
  InviteMemberBody,
  MemberListData,
  MemberListQuery,
  MemberRow,
  MemberStatus,
  ResendInvitationBody,
  UpdateMemberRoleBody,
} from '../../../contract/v1/organization-members';
import type { Db } from '../../db/database';
import { badRequest, fieldError, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { message, type MessageKey } from '../../i18n/message';
import { mailLanguage } from '../../i18n/mail-language';
import { mailTemplates } from '../../mail/templates';
import { ACCESS_MESSAGES, type CurrentRole } from '../../security/access-control';
import { GATE_MESSAGES } from '../../security/organization-gate';
import { newId } from '../../security/random';
import type { Services } from '../../services';
import { ACCOUNT_MESSAGES } from '../auth/account-service';
import { ORGANIZATION_ACL_MESSAGES } from '../organization-acl/organization-admin-service';
import { ORGANIZATION_MESSAGES } from '../organizations/organization-service';
import { invitations, memberships, organizations } from '../organizations/schema';
import type { AuthContext } from '../sessions/session-service';
import { normaliseEmail } from '../users/user-queries';
import { users } from '../users/schema';
import { addDays, knownZone, parseDay, startOfDay, today } from './days';
import { findRole, holdsAll, type RoleGrant } from './role-rules';
import { mailBrandOf } from '../branding/branding-queries';

export const MEMBER_MESSAGES = {
  list: 'members.list',
  invited: 'members.invited',
  resent: 'members.resent',
  roleChanged: 'members.roleChanged',
  removed: 'members.removed',
  invitationRevoked: 'members.invitationRevoked',
  left: 'members.left',
  alreadyMember: 'members.alreadyMember',
  alreadyInvited: 'members.alreadyInvited',
  notFound: 'members.notFound',
  invitationClosed: 'members.invitationClosed',
  unknownRole: 'members.unknownRole',
  ownerByTransfer: 'members.ownerByTransfer',
  roleAboveYours: 'members.roleAboveYours',
  ownRole: 'members.ownRole',
  ownerProtected: 'members.ownerProtected',
  removeSelf: 'members.removeSelf',
  ownerCannotLeave: 'members.ownerCannotLeave',
  dateRange: 'members.dateRange',
  dateOrder: 'members.dateOrder',
  dateInvalid: 'validation.members.date',
  tooManyPending: 'members.tooManyPending',
} satisfies Record<string, MessageKey>;

const DAY_MS = 24 * 3600_000;

/** The shared services MemberService uses. */
export type MemberServiceNeeds = Pick<
  Services,
  'db' | 'clock' | 'audit' | 'links' | 'mailer' | 'i18n' | 'access' | 'throttle' | 'config'
>;

interface ListedRow {
  id: string;
  kind: 'member' | 'invitation';
  name: string | null;
  email: string;
  role: string;
  role_name: string;
  status: MemberStatus;
  date: Date | string;
  expires_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A unique-index violation (stack.md: `e.cause.code === '23505'`), whichever driver raised it. */
function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | null;
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

/** `%`, `_` and `\` typed in the search box are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members and invitations of the organisation of the caller's token (docs/access-control.md, Members and
 * invitations). The route's `permission` has already admitted the caller; every rule about *whom* they may
 * invite, change or remove is here, each action in one transaction with its audit event.
 */
export class MemberService {
  constructor(private readonly s: MemberServiceNeeds) {}

  /** The caller's current role; the route's permission check guarantees an organisation and a membership. */
  private async caller(auth: AuthContext): Promise<CurrentRole> {
    return this.s.access.member(auth);
  }

  /**
   * Inside a change's transaction: takes the organisation's row lock, so changes to its members run one after
   * another, then checks that the caller still holds the role the change was decided on. Two admins demoting or
   * removing each other at the same moment: the second finds itself demoted (or gone) and is refused.
   */
  private async lockAndRecheck(tx: Db, caller: CurrentRole, auth: AuthContext): Promise<void> {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, caller.organizationId))
      .for('update');
    const [still] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, caller.organizationId), eq(memberships.userId, auth.userId)));
    if (!still) throw forbidden(GATE_MESSAGES.membershipEnded, 'MEMBERSHIP_ENDED');
    if (still.role !== caller.role) throw forbidden(ACCESS_MESSAGES.permissionDenied, 'PERMISSION_DENIED');
  }

  private async organization(organizationId: string) {
    const [org] = await this.s.db.select().from(organizations).where(eq(organizations.id, organizationId));
    if (!org) throw notFound(ORGANIZATION_MESSAGES.organizationNotFound, 'ORGANIZATION_NOT_FOUND');
    return org;
  }

  private async role(organizationId: string, roleId: string, db: Db = this.s.db): Promise<RoleGrant> {
    const role = await findRole(db, organizationId, roleId);
    if (!role) throw fieldError('role', MEMBER_MESSAGES.unknownRole, 'ROLE_UNKNOWN');
    return role;
  }

  /** A role the caller may hand out: never owner (ownership moves by transfer), never above their own. */
  private async assignableRole(
    caller: CurrentRole,
    organizationId: string,
    roleId: string,
  ): Promise<RoleGrant> {
    if (roleId === 'owner') throw fieldError('role', MEMBER_MESSAGES.ownerByTransfer, 'OWNER_BY_TRANSFER');
    const role = await this.role(organizationId, roleId);
    if (!holdsAll(caller.permissions, role.permissions))
      throw forbidden(MEMBER_MESSAGES.roleAboveYours, 'ROLE_ABOVE_CALLER');
    return role;
  }

  // -------------------------------------------------------------------------------------------------------------
  // List

  async list(auth: AuthContext, query: MemberListQuery): Promise<MemberListData> {
    const { organizationId, userId } = { organizationId: auth.organizationId!, userId: auth.userId };
    const org = await this.organization(organizationId);
    const zone = knownZone(org.timeZone);
    const now = this.s.clock.now();
    const offset = query.offset ?? 1;
    const limit = query.limit ?? MEMBER_LIMITS.pageSizeDefault;

    const filters: SQL[] = [];
    const search = query.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      filters.push(sql`(r.name ilike ${pattern} or r.email ilike ${pattern})`);
    }
    if (query.role) filters.push(sql`r.role = ${query.role}`);
    if (query.status) filters.push(sql`r.status = ${query.status}`);
    const range = this.dateRange(query, now, zone);
    if (range.from) filters.push(sql`r.date >= ${range.from.toISOString()}::timestamptz`);
    if (range.to) filters.push(sql`r.date < ${range.to.toISOString()}::timestamptz`);
    const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;

    const rows = sql`
      with r as (
        select u.id, 'member' as kind, u.first_name || ' ' || u.last_name as name, u.email, m.role,
               'active' as status, m.created_at as date, null::timestamptz as expires_at
          from memberships m join users u on u.id = m.user_id
         where m.organization_id = ${organizationId}
        union all
        select i.id, 'invitation', null, i.email, i.role,
               case when i.expires_at > ${now.toISOString()}::timestamptz then 'invited' else 'expired' end,
               i.created_at, i.expires_at
          from invitations i
         where i.organization_id = ${organizationId} and i.status = 'pending'
      )`;
    const page = (await this.s.db.execute(sql`${rows}
      select r.*, coalesce(roles.name, r.role) as role_name
        from r left join organization_roles roles on roles.organization_id = ${organizationId} and roles.role_id = r.role
        ${where}
       order by r.date desc, r.id
       limit ${limit} offset ${(offset - 1) * limit}`)) as unknown as { rows: ListedRow[] };
    const counted = (await this.s.db.execute(
      sql`${rows} select count(*) as total from r ${where}`,
    )) as unknown as {
      rows: { total: number | string }[];
    };
    return {
      items: page.rows.map((row) => this.toRow(row, userId)),
      // count(*) is a number on PGlite and a string on pg (stack.md).
      total: Number(counted.rows[0]?.total ?? 0),
      offset,
      limit,
    };
  }

  /** The joined/invited filter: whole days of the organisation's zone, within the last 89 days up to today. */
  private dateRange(query: MemberListQuery, now: Date, zone: string): { from: Date | null; to: Date | null } {
    if (!query.fromDate && !query.toDate) return { from: null, to: null };
    const from = query.fromDate ? parseDay(query.fromDate) : null;
    const to = query.toDate ? parseDay(query.toDate) : null;
    if (query.fromDate && from === null)
      throw fieldError('fromDate', MEMBER_MESSAGES.dateInvalid, 'DATE_INVALID');
    if (query.toDate && to === null) throw fieldError('toDate', MEMBER_MESSAGES.dateInvalid, 'DATE_INVALID');
    const last = today(now, zone);
    const first = addDays(last, -MEMBER_LIMITS.dateFilterDays);
    const outside = (day: number | null) => day !== null && (day < first || day > last);
    if (outside(from) || outside(to)) {
      throw fieldError(
        outside(from) ? 'fromDate' : 'toDate',
        message(MEMBER_MESSAGES.dateRange, { days: MEMBER_LIMITS.dateFilterDays }),
        'DATE_RANGE_TOO_WIDE',
      );
    }
    if (from !== null && to !== null && from > to)
      throw fieldError('fromDate', MEMBER_MESSAGES.dateOrder, 'DATE_ORDER');
    return {
      from: startOfDay(from ?? first, zone),
      to: startOfDay(addDays(to ?? last, 1), zone),
    };
  }

  private toRow(row: ListedRow, callerId: string): MemberRow {
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      email: row.email,
      role: row.role,
      roleName: row.role_name,
      status: row.status,
      date: iso(row.date)!,
      expiresAt: iso(row.expires_at),
      isSelf: row.kind === 'member' && row.id === callerId,
    };
  }

  /** One row of the list, read again after a change (the answer of invite, resend and change role). */
  private async rowOf(organizationId: string, id: string, callerId: string): Promise<MemberRow> {
    const now = this.s.clock.now().toISOString();
    const result = (await this.s.db.execute(sql`
      select u.id, 'member' as kind, u.first_name || ' ' || u.last_name as name, u.email, m.role,
             coalesce(roles.name, m.role) as role_name, 'active' as status, m.created_at as date, null as expires_at
        from memberships m join users u on u.id = m.user_id
        left join organization_roles roles on roles.organization_id = m.organization_id and roles.role_id = m.role
       where m.organization_id = ${organizationId} and m.user_id = ${id}
      union all
      select i.id, 'invitation', null, i.email, i.role, coalesce(roles.name, i.role),
             case when i.expires_at > ${now}::timestamptz then 'invited' else 'expired' end, i.created_at, i.expires_at
        from invitations i
        left join organization_roles roles on roles.organization_id = i.organization_id and roles.role_id = i.role
       where i.organization_id = ${organizationId} and i.id = ${id}`)) as unknown as { rows: ListedRow[] };
    const row = result.rows[0];
    if (!row) throw notFound(MEMBER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
    return this.toRow(row, callerId);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Invite and resend

  async invite(auth: AuthContext, body: InviteMemberBody, request: FastifyRequest): Promise<MemberRow> {
    const { db, clock } = this.s;
    const caller = await this.caller(auth);
    const organizationId = caller.organizationId;
    // A personal account is its owner's alone: a member would hold every permission over their bills and cards.
    if ((await this.organization(organizationId)).accountType !== 'business')
      throw badRequest(ORGANIZATION_ACL_MESSAGES.businessOnly, 'BUSINESS_ONLY');
    const role = await this.assignableRole(caller, organizationId, body.role);
    const email = normaliseEmail(body.email);
    await this.throttleInvitationMail(organizationId, email);
    const now = clock.now();
    const id = newId();
    try {
      await db.transaction(async (tx) => {
        // Taken in turn per organisation, so parallel invitations cannot pass the pending cap together.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        const [{ pending }] = await tx
          .select({ pending: sql<number>`count(*)::int` })
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, organizationId),
              eq(invitations.status, 'pending'),
              sql`${invitations.expiresAt} > ${now.toISOString()}::timestamptz`,
            ),
          );
        if (pending >= MEMBER_LIMITS.pendingInvitationsMax)
          throw badRequest(
            message(MEMBER_MESSAGES.tooManyPending, { max: MEMBER_LIMITS.pendingInvitationsMax }),
            'TOO_MANY_PENDING_INVITATIONS',
          );
        const [member] = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.organizationId, organizationId), eq(users.email, email)));
        if (member) throw fieldError('email', MEMBER_MESSAGES.alreadyMember, 'ALREADY_MEMBER');
        const [open] = await tx
          .select()
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, organizationId),
              sql`lower(${invitations.email}) = ${email}`,
              eq(invitations.status, 'pending'),
            ),
          );
        if (open && open.expiresAt.getTime() > now.getTime()) {
          throw fieldError('email', MEMBER_MESSAGES.alreadyInvited, 'ALREADY_INVITED');
        }
        // An expired invitation of that address gives way to the new one (its link already says 'expired').
        if (open) await tx.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, open.id));
        await tx.insert(invitations).values({
          id,
          organizationId,
          email,
          role: role.id,
          invitedBy: auth.userId,
          status: 'pending',
          expiresAt: new Date(now.getTime() + MEMBER_LIMITS.invitationValidDays * DAY_MS),
          createdAt: now,
        });
        await this.s.audit.record(
          request,
          {
            event: 'member.invited',
            userId: auth.userId,
            organizationId,
            email,
            details: { invitationId: id, role: role.id, ...(open ? { replaces: open.id } : {}) },
          },
          tx as unknown as Db,
        );
      });
    } catch (error) {
      // Someone invited the same address at the same moment: the unique index kept one invitation.
      if (isUniqueViolation(error))
        throw fieldError('email', MEMBER_MESSAGES.alreadyInvited, 'ALREADY_INVITED');
      throw error;
    }
    await this.mailInvitation(organizationId, id, email, auth.userId, request);
    return this.rowOf(organizationId, id, auth.userId);
  }

  async resend(auth: AuthContext, body: ResendInvitationBody, request: FastifyRequest): Promise<MemberRow> {
    const { db, clock } = this.s;
    const caller = await this.caller(auth);
    const organizationId = caller.organizationId;
    const [invitation] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, body.invitationId)));
    if (!invitation) throw notFound(MEMBER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
    if (invitation.status !== 'pending')
      throw badRequest(MEMBER_MESSAGES.invitationClosed, 'INVITATION_CLOSED');
    const role = await this.role(organizationId, invitation.role);
    if (!holdsAll(caller.permissions, role.permissions))
      throw forbidden(MEMBER_MESSAGES.roleAboveYours, 'ROLE_ABOVE_CALLER');
    await this.throttleInvitationMail(organizationId, invitation.email);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + MEMBER_LIMITS.invitationValidDays * DAY_MS);
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(invitations)
        .set({ expiresAt })
        .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id });
      if (updated.length === 0) throw badRequest(MEMBER_MESSAGES.invitationClosed, 'INVITATION_CLOSED');
      await this.s.audit.record(
        request,
        {
          event: 'member.invitation-resent',
          userId: auth.userId,
          organizationId,
          email: invitation.email,
          details: { invitationId: invitation.id, role: invitation.role, expiresAt: expiresAt.toISOString() },
        },
        tx as unknown as Db,
      );
    });
    await this.mailInvitation(organizationId, invitation.id, invitation.email, auth.userId, request);
    return this.rowOf(organizationId, invitation.id, auth.userId);
  }

  /**
   * An invitation mail's place in the mail window: MAIL_MAX_PER_EMAIL to one address and
   * MEMBER_LIMITS.invitationMailsPerWindow from one organisation, else 429. Each takes its slot in one statement
   * (server/security/throttle.ts), so parallel invitations cannot overshoot; across instances too, on one database.
   */
  private async throttleInvitationMail(organizationId: string, email: string): Promise<void> {
    const { maxPerEmail, windowSeconds } = this.s.config.mailThrottle;
    const windowMs = windowSeconds * 1000;
    const taken = await this.s.throttle.takeAll([
      { bucket: 'invitation-email', key: email, limit: { limit: maxPerEmail, windowMs } },
      {
        bucket: 'invitation-organization',
        key: organizationId,
        limit: { limit: MEMBER_LIMITS.invitationMailsPerWindow, windowMs },
      },
    ]);
    if (!taken.ok)
      throw tooManyRequests(ACCOUNT_MESSAGES.tooManyMails, taken.retryAfterSeconds, 'MAIL_THROTTLED');
  }

  /** The invitation mail, in the invitee's language if they have an account, else the inviter's. */
  private async mailInvitation(
    organizationId: string,
    invitationId: string,
    email: string,
    inviterId: string,
    request: FastifyRequest,
  ): Promise<void> {
    const { db } = this.s;
    const org = await this.organization(organizationId);
    const [inviter] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, inviterId));
    const [invitee] = await db.select({ language: users.language }).from(users).where(eq(users.email, email));
    const language = mailLanguage(this.s.i18n, invitee?.language, request);
    const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : org.name;
    this.s.mailer.sendLater(
      mailTemplates.invitation(
        email,
        org.name,
        inviterName,
        this.s.links.invitation(organizationId, invitationId),
        language,
        await mailBrandOf(db, this.s.links, organizationId, org.name),
      ),
    );
  }

  // -------------------------------------------------------------------------------------------------------------
  // Change role

  async changeRole(
    auth: AuthContext,
    body: UpdateMemberRoleBody,
    request: FastifyRequest,
  ): Promise<MemberRow> {
    const { db } = this.s;
    const caller = await this.caller(auth);
    const organizationId = caller.organizationId;
    if (body.id === auth.userId) throw forbidden(MEMBER_MESSAGES.ownRole, 'OWN_ROLE');
    const target = await this.target(organizationId, body.id);
    if (target.role === 'owner') throw forbidden(MEMBER_MESSAGES.ownerProtected, 'OWNER_PROTECTED');
    const next = await this.assignableRole(caller, organizationId, body.role);
    // Taking a role away from someone is handing out its permissions in reverse: the same rule applies.
    const current = await this.role(organizationId, target.role).catch(() => null);
    if (current && !holdsAll(caller.permissions, current.permissions)) {
      throw forbidden(MEMBER_MESSAGES.roleAboveYours, 'ROLE_ABOVE_CALLER');
    }
    if (next.id !== target.role) {
      await db.transaction(async (tx) => {
        await this.lockAndRecheck(tx as unknown as Db, caller, auth);
        const changed =
          target.kind === 'member'
            ? await tx
                .update(memberships)
                .set({ role: next.id })
                .where(
                  and(
                    eq(memberships.organizationId, organizationId),
                    eq(memberships.userId, target.id),
                    eq(memberships.role, target.role),
                  ),
                )
                .returning({ id: memberships.userId })
            : await tx
                .update(invitations)
                .set({ role: next.id })
                .where(
                  and(
                    eq(invitations.id, target.id),
                    eq(invitations.status, 'pending'),
                    eq(invitations.role, target.role),
                  ),
                )
                .returning({ id: invitations.id });
        // Changed meanwhile (another admin, a transfer): nothing is written, the caller reloads.
        if (changed.length === 0) throw notFound(MEMBER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
        await this.s.audit.record(
          request,
          {
            event: 'member.role-changed',
            userId: auth.userId,
            organizationId,
            email: target.email,
            details: { target: target.id, kind: target.kind, before: target.role, after: next.id },
          },
          tx as unknown as Db,
        );
      });
    }
    return this.rowOf(organizationId, target.id, auth.userId);
  }

  /** A member (by user id) or a pending invitation (by id) of the organisation; 404 for anything else. */
  private async target(
    organizationId: string,
    id: string,
  ): Promise<{ kind: 'member' | 'invitation'; id: string; role: string; email: string }> {
    const { db } = this.s;
    const [member] = await db
      .select({ role: memberships.role, email: users.email, ownerId: organizations.ownerId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, id)));
    if (member) {
      // The organisation's recorded owner is the owner whatever the membership row says.
      return { kind: 'member', id, role: member.ownerId === id ? 'owner' : member.role, email: member.email };
    }
    const [invitation] = await db
      .select({ role: invitations.role, email: invitations.email })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, organizationId),
          eq(invitations.id, id),
          eq(invitations.status, 'pending'),
        ),
      );
    if (invitation) return { kind: 'invitation', id, role: invitation.role, email: invitation.email };
    throw notFound(MEMBER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
  }

  // -------------------------------------------------------------------------------------------------------------
  // Remove, revoke, leave

  /** Removes a member or revokes an invitation; answers which it was. */
  async remove(auth: AuthContext, id: string, request: FastifyRequest): Promise<'member' | 'invitation'> {
    const { db } = this.s;
    const caller = await this.caller(auth);
    const organizationId = caller.organizationId;
    if (id === auth.userId) throw badRequest(MEMBER_MESSAGES.removeSelf, 'REMOVE_SELF');
    const target = await this.target(organizationId, id);
    if (target.role === 'owner') throw forbidden(MEMBER_MESSAGES.ownerProtected, 'OWNER_PROTECTED');
    const role = await this.role(organizationId, target.role).catch(() => null);
    if (role && !holdsAll(caller.permissions, role.permissions)) {
      throw forbidden(MEMBER_MESSAGES.roleAboveYours, 'ROLE_ABOVE_CALLER');
    }
    await db.transaction(async (tx) => {
      await this.lockAndRecheck(tx as unknown as Db, caller, auth);
      if (target.kind === 'member') {
        const removed = await tx
          .delete(memberships)
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, id)))
          .returning({ id: memberships.userId });
        if (removed.length === 0) throw notFound(MEMBER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
      } else {
        const revoked = await tx
          .update(invitations)
          .set({ status: 'revoked' })
          .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
          .returning({ id: invitations.id });
        if (revoked.length === 0) throw notFound(MEMBER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
      }
      await this.s.audit.record(
        request,
        {
          event: target.kind === 'member' ? 'member.removed' : 'member.invitation-revoked',
          userId: auth.userId,
          organizationId,
          email: target.email,
          details: { target: id, kind: target.kind, before: target.role, after: null },
        },
        tx as unknown as Db,
      );
    });
    return target.kind;
  }

  /** The caller leaves an organisation they belong to and do not own; answers its name. */
  async leave(auth: AuthContext, organizationId: string, request: FastifyRequest): Promise<string> {
    const { db } = this.s;
    const [row] = await db
      .select({ role: memberships.role, org: organizations })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, auth.userId)));
    // Not a member looks the same as no such organisation.
    if (!row) throw notFound(ORGANIZATION_MESSAGES.organizationNotFound, 'ORGANIZATION_NOT_FOUND');
    if (row.role === 'owner' || row.org.ownerId === auth.userId) {
      throw badRequest(MEMBER_MESSAGES.ownerCannotLeave, 'OWNER_CANNOT_LEAVE');
    }
    await db.transaction(async (tx) => {
      await tx
        .delete(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, auth.userId)));
      await this.s.audit.record(
        request,
        {
          event: 'member.left',
          userId: auth.userId,
          organizationId,
          details: { target: auth.userId, kind: 'member', before: row.role, after: null },
        },
        tx as unknown as Db,
      );
    });
    return row.org.name;
  }
}
