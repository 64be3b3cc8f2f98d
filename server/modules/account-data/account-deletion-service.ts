import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DeleteAccountBody, OwnedOrganization } from '../../../contract/v1/account-data';
import type { Db } from '../../db/database';
import { fieldError, HttpError, unauthorized } from '../../http/errors';
import { mailLanguage } from '../../i18n/mail-language';
import { message, type MessageKey } from '../../i18n/message';
import { newId } from '../../security/random';
import { likePattern } from '../activity-log/activity-query';
import type { Services } from '../../services';
import { organizations } from '../organizations/schema';
import type { AuthContext } from '../sessions/session-service';
import { users } from '../users/schema';
import { findUserById, type UserRow } from '../users/user-queries';
import { accountDataMails } from './account-data-mail';

export const DELETION_MESSAGES = {
  check: 'accountData.deletionCheck',
  deleted: 'accountData.deleted',
  confirmationMismatch: 'accountData.confirmationMismatch',
  ownsOrganizations: 'accountData.ownsOrganizations',
} satisfies Record<string, MessageKey>;

export const ACCOUNT_OWNS_ORGANIZATIONS = 'ACCOUNT_OWNS_ORGANIZATIONS';

export type AccountDeletionServiceNeeds = Pick<
  Services,
  'db' | 'clock' | 'i18n' | 'audit' | 'mailer' | 'recentAuth'
>;

/** PostgreSQL's foreign-key violation: an organisation became the user's while the deletion ran. */
const FOREIGN_KEY_VIOLATION = '23503';
const isForeignKeyViolation = (error: unknown) =>
  (error as { cause?: { code?: string }; code?: string })?.cause?.code === FOREIGN_KEY_VIOLATION ||
  (error as { code?: string })?.code === FOREIGN_KEY_VIOLATION;

/** The business organisations `userId` owns (each has exactly one owner: docs/access-control.md). */
async function ownedBusinesses(db: Db, userId: string): Promise<OwnedOrganization[]> {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.ownerId, userId), eq(organizations.accountType, 'business')))
    .orderBy(asc(organizations.name));
}

/**
 * "Delete my account" (docs/account-settings.md, "Your data and leaving"; GDPR art. 17). Refused while the user owns
 * a business organisation (its people would lose their owner); otherwise, in one transaction: the account's rows
 * are deleted (credentials, second factors, passkeys, sessions and tokens, memberships, the personal account and
 * its data, copies of their data), and the activity log keeps what organisations need with an anonymised actor.
 * Every session ends with the account: the next request of any of its tokens answers 401.
 */
export class AccountDeletionService {
  constructor(private readonly s: AccountDeletionServiceNeeds) {}

  ownedOrganizations(auth: AuthContext): Promise<OwnedOrganization[]> {
    return ownedBusinesses(this.s.db, auth.userId);
  }

  async delete(auth: AuthContext, body: DeleteAccountBody, request: FastifyRequest): Promise<void> {
    const user = await findUserById(this.s.db, auth.userId);
    if (!user) throw unauthorized();
    await this.s.recentAuth.require(auth);
    if (body.confirmation.trim().toLowerCase() !== user.email) {
      throw fieldError('confirmation', DELETION_MESSAGES.confirmationMismatch, 'CONFIRMATION_MISMATCH');
    }
    await this.refuseOwner(user, await ownedBusinesses(this.s.db, user.id), request);
    try {
      await this.s.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        // Held to the end: an ownership transfer to this user waits for it, then finds no user (and the reverse).
        await db.execute(sql`select id from users where id = ${user.id} for update`);
        const owned = await ownedBusinesses(db, user.id);
        if (owned.length > 0) throw ownerRefusal(owned);
        await anonymiseActivity(db, user);
        await db
          .delete(organizations)
          .where(and(eq(organizations.ownerId, user.id), eq(organizations.accountType, 'personal')));
        // Cascades to every row that points to the account (server/modules/*/schema.ts); invitations it sent and
        // logos or settings it changed keep their row without it.
        await db.delete(users).where(eq(users.id, user.id));
      });
    } catch (error) {
      if (isForeignKeyViolation(error))
        return this.refuseOwner(user, await ownedBusinesses(this.s.db, user.id), request);
      if (error instanceof HttpError && error.code === ACCOUNT_OWNS_ORGANIZATIONS)
        return this.refuseOwner(user, await ownedBusinesses(this.s.db, user.id), request);
      throw error;
    }
    // The account is gone: the event names nobody, and the mail goes to the address it had.
    await this.s.audit.record(null, { event: 'account.deleted', details: {} });
    this.s.mailer.sendLater(
      accountDataMails(this.s.i18n).accountDeleted({
        to: user.email,
        firstName: user.firstName,
        language: mailLanguage(this.s.i18n, user.language, request),
      }),
    );
  }

  private async refuseOwner(user: UserRow, owned: OwnedOrganization[], request: FastifyRequest) {
    if (owned.length === 0) return;
    await this.s.audit.record(request, {
      event: 'account.deletion-refused',
      userId: user.id,
      details: { reason: 'owner', organizations: owned.map((org) => org.id) },
    });
    throw ownerRefusal(owned);
  }
}

function ownerRefusal(owned: OwnedOrganization[]): HttpError {
  return new HttpError(
    409,
    message(DELETION_MESSAGES.ownsOrganizations, { organizations: owned.map((org) => org.name).join(', ') }),
    ACCOUNT_OWNS_ORGANIZATIONS,
  );
}

/**
 * What the activity log keeps of a deleted account (docs/account-settings.md): its events in business
 * organisations stay for those organisations' audit, with a pseudonym for actor (one per deleted account, so the
 * entries still read as one person's) and without address, IP or browser; where another person's event names it,
 * the pseudonym replaces it too. Its events outside any business organisation (sign-ins, security changes, its
 * personal account) were only ever in its own log and go with it.
 */
async function anonymiseActivity(db: Db, user: UserRow): Promise<void> {
  const pseudonym = `deleted-${newId()}`;
  // Every condition below goes through an index: user_id, target_user_id, and the trigram index of search_text
  // (which holds the lower-cased address) for the address, so a long log is not read whole (docs/performance.md).
  const address = sql`(a.search_text like ${likePattern(user.email)} and lower(a.email) = ${user.email})`;
  const business = sql`(select o.id from organizations o where o.account_type = 'business')`;
  await db.execute(
    sql`delete from activity_logs a
         where (a.user_id = ${user.id} or (a.user_id is null and ${address}))
           and (a.organization_id is null or a.organization_id not in ${business})`,
  );
  await db.execute(
    sql`update activity_logs a set user_id = ${pseudonym}, ip = null, user_agent = null,
               email = case when lower(a.email) = ${user.email} then null else a.email end
         where a.user_id = ${user.id}`,
  );
  await db.execute(sql`update activity_logs a set email = null where ${address}`);
  await db.execute(
    sql`update activity_logs a
           set details = case when a.details->>'targetUserId' = ${user.id}
                              then jsonb_set(a.details, '{targetUserId}', to_jsonb(${pseudonym}::text))
                              else jsonb_set(a.details, '{target}', to_jsonb(${pseudonym}::text)) end
         where a.target_user_id = ${user.id}`,
  );
}
