import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  CreateOrganizationBody,
  CreatedOrganization,
  OrganizationDetails,
  OrganizationNameQuery,
  OrganizationSizeData,
  TransferOwnershipBody,
  TransferOwnershipData,
  UpdateOrganizationBody,
} from '../../../contract/v1/organization-acl';
import type { Db } from '../../db/database';
import { badRequest, fieldError, forbidden, tooManyRequests } from '../../http/errors';
import { mailLanguage } from '../../i18n/mail-language';
import { message, type MessageKey } from '../../i18n/message';
import { createMailTemplates } from '../../mail/templates';
import type { Services } from '../../services';
import { ORGANIZATION_MESSAGES } from '../organizations/organization-service';
import { createOrganization } from '../organizations/organization-queries';
import { invitations, memberships, organizations } from '../organizations/schema';
import type { AuthContext } from '../sessions/session-service';
import { users } from '../users/schema';
import { insertDefaultRoles } from './acl-queries';
import { organizationLimit } from './organization-limit';
import { mailBrandOf } from '../branding/branding-queries';

export const ORGANIZATION_ACL_MESSAGES = {
  created: 'organizationAcl.created',
  nameAvailable: 'organizationAcl.nameAvailable',
  nameTaken: 'organizationAcl.nameTaken',
  details: 'organizationAcl.details',
  updated: 'organizationAcl.updated',
  size: 'organizationAcl.size',
  businessOnly: 'organizationAcl.businessOnly',
  ownershipTransferred: 'organizationAcl.ownershipTransferred',
  ownerOnly: 'organizationAcl.ownerOnly',
  confirmNameMismatch: 'organizationAcl.confirmNameMismatch',
  wrongPassword: 'organizationAcl.wrongPassword',
  passwordThrottled: 'organizationAcl.passwordThrottled',
  newOwnerNotMember: 'organizationAcl.newOwnerNotMember',
  alreadyOwner: 'organizationAcl.alreadyOwner',
  timeZoneInvalid: 'validation.timeZoneInvalid',
} satisfies Record<string, MessageKey>;

/** Wrong passwords per owner on the transfer form before it is refused for a while (a stolen session must not guess). */
export const MAX_WRONG_TRANSFER_PASSWORDS = 5;
const TRANSFER_WINDOW_MS = 15 * 60_000;
const TRANSFER_BUCKET = 'ownership-password';

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The shared services OrganizationAdminService uses. */
export type OrganizationAdminServiceNeeds = Pick<
  Services,
  'access' | 'audit' | 'clock' | 'config' | 'db' | 'hasher' | 'i18n' | 'links' | 'mailer' | 'throttle'
>;

type OrganizationRow = typeof organizations.$inferSelect;

/**
 * Business organisations: creation within the owner's limit, the name check, details, counts and the ownership
 * transfer (docs/access-control.md). Each change is one transaction with its audit event.
 */
export class OrganizationAdminService {
  private readonly mail;

  constructor(private readonly s: OrganizationAdminServiceNeeds) {
    this.mail = createMailTemplates(s.i18n);
  }

  async create(
    auth: AuthContext,
    body: CreateOrganizationBody,
    request: FastifyRequest,
  ): Promise<CreatedOrganization> {
    const { db, clock, audit } = this.s;
    const limit = await organizationLimit(this.s.config);
    const now = clock.now();
    try {
      const organizationId = await db.transaction(async (tx) => {
        // The owner's row is the lock: two creations by one user at once count one after the other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.userId)).for('update');
        const owned = await ownedBusinessCount(tx, auth.userId);
        if (owned >= limit) {
          throw forbidden(
            message('organizationAcl.limitReached', { count: limit }),
            'ORGANIZATION_LIMIT_REACHED',
          );
        }
        if (await nameTaken(tx, body.organizationName)) throw nameTakenError();
        const id = await createOrganization(tx, {
          name: body.organizationName,
          accountType: 'business',
          ownerId: auth.userId,
          now,
        });
        await insertDefaultRoles(tx, id, now);
        await audit.record(
          request,
          {
            event: 'organization.created',
            userId: auth.userId,
            organizationId: id,
            details: { name: body.organizationName, targetUserId: auth.userId, before: null, after: 'owner' },
          },
          tx,
        );
        return id;
      });
      return {
        organizationId,
        organizationName: body.organizationName,
        accountType: 'business',
        role: 'owner',
      };
    } catch (error) {
      // Another request took the name between our check and our insert (the unique index decides).
      if (isUniqueViolation(error)) throw nameTakenError();
      throw error;
    }
  }

  /** Free when no business organisation has the name; the one being renamed (if the caller belongs to it) excepted. */
  async nameAvailable(auth: AuthContext, query: OrganizationNameQuery): Promise<boolean> {
    let except: string | undefined;
    if (query.orgId) {
      const [membership] = await this.s.db
        .select({ organizationId: memberships.organizationId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, query.orgId), eq(memberships.userId, auth.userId)));
      except = membership?.organizationId;
    }
    return !(await nameTaken(this.s.db, query.orgName, except));
  }

  async details(auth: AuthContext): Promise<OrganizationDetails> {
    const { organizationId } = await this.s.access.member(auth);
    return toDetails(await this.organization(this.s.db, organizationId));
  }

  /** The router checked `settings.manage` against the caller's current role. */
  async update(
    auth: AuthContext,
    body: UpdateOrganizationBody,
    request: FastifyRequest,
  ): Promise<OrganizationDetails> {
    const { db, audit } = this.s;
    const organizationId = auth.organizationId as string;
    if (body.timeZone !== undefined && !isTimeZone(body.timeZone)) {
      throw fieldError('timeZone', ORGANIZATION_ACL_MESSAGES.timeZoneInvalid, 'TIME_ZONE_INVALID');
    }
    try {
      return await db.transaction(async (tx) => {
        const before = await this.organization(tx, organizationId, true);
        if (body.organizationName !== undefined && body.organizationName !== before.name) {
          if (before.accountType !== 'business')
            throw badRequest(ORGANIZATION_ACL_MESSAGES.businessOnly, 'BUSINESS_ONLY');
          if (await nameTaken(tx, body.organizationName, organizationId)) throw nameTakenError();
        }
        const changes = {
          ...(body.organizationName !== undefined ? { name: body.organizationName } : {}),
          ...(body.enforceTwoFactor !== undefined ? { enforceTwoFactor: body.enforceTwoFactor } : {}),
          ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
          ...(body.timeFormat !== undefined ? { timeFormat: body.timeFormat } : {}),
          ...(body.matchDeviceTime !== undefined ? { matchDeviceTime: body.matchDeviceTime } : {}),
        };
        const [after] = await tx
          .update(organizations)
          .set(changes)
          .where(eq(organizations.id, organizationId))
          .returning();
        await audit.record(
          request,
          {
            event: 'organization.updated',
            userId: auth.userId,
            organizationId,
            details: {
              before: Object.fromEntries(
                Object.keys(changes).map((key) => [key, before[key as keyof OrganizationRow]]),
              ),
              after: changes,
            },
          },
          tx,
        );
        return toDetails(after as OrganizationRow);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTakenError();
      throw error;
    }
  }

  async size(auth: AuthContext): Promise<OrganizationSizeData> {
    const { db, clock } = this.s;
    const { organizationId } = await this.s.access.member(auth);
    const [[members], [pending], owned, limit] = await Promise.all([
      db.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId)),
      db
        .select({ n: count() })
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, clock.now()),
          ),
        ),
      ownedBusinessCount(db, auth.userId),
      organizationLimit(this.s.config),
    ]);
    return {
      members: Number(members?.n ?? 0),
      pendingInvitations: Number(pending?.n ?? 0),
      ownedOrganizations: owned,
      organizationLimit: limit,
    };
  }

  /**
   * The owner hands the organisation to an active member: they typed its name and their password (throttled per
   * owner). In one transaction the member becomes owner, the owner becomes admin and `organizations.owner_id`
   * follows, so there is always exactly one owner. Both are mailed afterwards, each in their own language.
   */
  async transferOwnership(
    auth: AuthContext,
    body: TransferOwnershipBody,
    request: FastifyRequest,
  ): Promise<TransferOwnershipData> {
    const { db, throttle, hasher, audit } = this.s;
    const { organizationId, role } = await this.s.access.member(auth);
    const org = await this.organization(db, organizationId);
    if (role !== 'owner' || org.ownerId !== auth.userId)
      throw forbidden(ORGANIZATION_ACL_MESSAGES.ownerOnly, 'OWNER_ONLY');
    if (org.accountType !== 'business')
      throw badRequest(ORGANIZATION_ACL_MESSAGES.businessOnly, 'BUSINESS_ONLY');
    if (body.organizationName.trim().toLowerCase() !== org.name.toLowerCase()) {
      throw fieldError(
        'organizationName',
        ORGANIZATION_ACL_MESSAGES.confirmNameMismatch,
        'ORGANIZATION_NAME_MISMATCH',
      );
    }
    if (body.userId === auth.userId)
      throw badRequest(ORGANIZATION_ACL_MESSAGES.alreadyOwner, 'ALREADY_OWNER');
    const [owner] = await db.select().from(users).where(eq(users.id, auth.userId));
    if (!owner) throw forbidden(ORGANIZATION_ACL_MESSAGES.ownerOnly, 'OWNER_ONLY');
    // The attempt takes its slot before the slow hash, in one statement, so parallel guesses cannot all slip under
    // the limit (server/security/throttle.ts); a right password ends the count.
    const attempt = await throttle.take(TRANSFER_BUCKET, auth.userId, {
      limit: MAX_WRONG_TRANSFER_PASSWORDS,
      windowMs: TRANSFER_WINDOW_MS,
    });
    if (!attempt.ok) {
      throw tooManyRequests(
        ORGANIZATION_ACL_MESSAGES.passwordThrottled,
        attempt.retryAfterSeconds,
        'OWNERSHIP_THROTTLED',
      );
    }
    if (!(await hasher.verify(owner.passwordHash, body.password))) {
      await audit.record(request, {
        event: 'organization.ownership-refused',
        userId: auth.userId,
        organizationId,
        details: { reason: 'password', targetUserId: body.userId },
      });
      throw fieldError('password', ORGANIZATION_ACL_MESSAGES.wrongPassword, 'PASSWORD_INVALID');
    }
    await throttle.clear(TRANSFER_BUCKET, auth.userId);

    const result = await db.transaction(async (tx) => {
      // Both rows are locked: a concurrent transfer or role change waits and then sees the new owner.
      const rows = await tx
        .select({ userId: memberships.userId, role: memberships.role, user: users })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, organizationId),
            inArray(memberships.userId, [auth.userId, body.userId]),
          ),
        )
        .for('update', { of: memberships });
      const current = rows.find((row) => row.userId === auth.userId);
      const next = rows.find((row) => row.userId === body.userId);
      if (current?.role !== 'owner') throw forbidden(ORGANIZATION_ACL_MESSAGES.ownerOnly, 'OWNER_ONLY');
      if (!next || next.user.disabled || !next.user.emailVerifiedAt) {
        throw badRequest(ORGANIZATION_ACL_MESSAGES.newOwnerNotMember, 'NEW_OWNER_NOT_MEMBER');
      }
      await tx
        .update(memberships)
        .set({ role: 'admin' })
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, auth.userId)));
      await tx
        .update(memberships)
        .set({ role: 'owner' })
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, body.userId)));
      await tx
        .update(organizations)
        .set({ ownerId: body.userId })
        .where(eq(organizations.id, organizationId));
      await audit.record(
        request,
        {
          event: 'organization.ownership-transferred',
          userId: auth.userId,
          organizationId,
          details: {
            targetUserId: body.userId,
            before: { [auth.userId]: 'owner', [body.userId]: next.role },
            after: { [auth.userId]: 'admin', [body.userId]: 'owner' },
          },
        },
        tx,
      );
      return next.user;
    });

    const ownerName = `${owner.firstName} ${owner.lastName}`;
    const newOwnerName = `${result.firstName} ${result.lastName}`;
    const brand = await mailBrandOf(this.s.db, this.s.links, org.id, org.name);
    this.s.mailer.sendLater(
      this.mail.ownershipReceived(
        result.email,
        result.firstName,
        org.name,
        ownerName,
        mailLanguage(this.s.i18n, result.language, request),
        brand,
      ),
    );
    this.s.mailer.sendLater(
      this.mail.ownershipHandedOver(
        owner.email,
        owner.firstName,
        org.name,
        newOwnerName,
        mailLanguage(this.s.i18n, owner.language, request),
        brand,
      ),
    );
    return { ownerId: body.userId, previousOwnerRole: 'admin' };
  }

  private async organization(db: Db, organizationId: string, forUpdate = false): Promise<OrganizationRow> {
    const query = db.select().from(organizations).where(eq(organizations.id, organizationId));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw forbidden(ORGANIZATION_MESSAGES.organizationNotFound, 'ORGANIZATION_NOT_FOUND');
    return row;
  }
}

const nameTakenError = () => badRequest(ORGANIZATION_ACL_MESSAGES.nameTaken, 'ORGANIZATION_NAME_TAKEN');

/** Business organisations the user owns: the only ones the limit counts (personal accounts and memberships do not). */
async function ownedBusinessCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organizations.ownerId, userId), eq(organizations.accountType, 'business')));
  // count() is a number on PGlite and a string on pg
  return Number(row?.n ?? 0);
}

async function nameTaken(db: Db, name: string, exceptOrganizationId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.accountType, 'business'),
        sql`lower(${organizations.name}) = lower(${name})`,
        exceptOrganizationId ? ne(organizations.id, exceptOrganizationId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function toDetails(org: OrganizationRow): OrganizationDetails {
  return {
    organizationId: org.id,
    organizationName: org.name,
    accountType: org.accountType,
    ownerId: org.ownerId,
    enforceTwoFactor: org.enforceTwoFactor,
    timeZone: org.timeZone,
    timeFormat: org.timeFormat,
    matchDeviceTime: org.matchDeviceTime,
    createdAt: org.createdAt.toISOString(),
  };
}
