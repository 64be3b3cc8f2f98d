import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUSTRALIA, isoDay } from '../../../contract/rules';
import type {
  IdProof,
  KybData,
  KybDetails,
  KybDraft,
  KybDraftBody,
  KycData,
  KycDetails,
  KycDraft,
  KycDraftBody,
  StatusEvent,
  VerificationStatus,
  VerificationStatusData,
} from '../../../contract/v1/identity-verification';
import type { Db } from '../../db/database';
import { badRequest, HttpError, notFound, preconditionFailed, type FieldFailure } from '../../http/errors';
import { message, type MessageKey } from '../../i18n/message';
import { createMailComposer } from '../../mail/templates';
import { newId } from '../../security/random';
import type { Services } from '../../services';
import { organizations } from '../organizations/schema';
import type { AuthContext } from '../sessions/session-service';
import { users } from '../users/schema';
import { DOCUMENT_MESSAGES, type DocumentOwner, type DocumentService } from './document-service';
import { kybVerifications, kycVerifications, verificationEvents } from './schema';
import { effectiveKycStatus, kycExpiresOn } from './identity-queries';
import { kycDetailsContext, kycDraftContext, type DetailsSealer } from './sealed-details';
import type { BusinessRegister } from './business-register';
import { kybFailures, kycFailures, PROOF_DOCUMENTS } from './verification-rules';
import type { ProviderReason, VerificationProvider, VerificationSubject } from './verification-provider';

export const VERIFICATION_MESSAGES = {
  kyc: 'identityVerification.kyc',
  kyb: 'identityVerification.kyb',
  status: 'identityVerification.status',
  draftSaved: 'identityVerification.draftSaved',
  kycSubmitted: 'identityVerification.kycSubmitted',
  kybSubmitted: 'identityVerification.kybSubmitted',
  kybReset: 'identityVerification.kybReset',
  inProgress: 'identityVerification.inProgress',
  notBusiness: 'identityVerification.notBusiness',
  invalid: 'identityVerification.invalid',
  registerUnavailable: 'identityVerification.registerUnavailable',
} satisfies Record<string, MessageKey>;

/** Statuses from which a new submission is accepted. */
const OPEN_STATUSES: readonly string[] = ['notSubmitted', 'rejected', 'expired'];

type Scope = 'kyc' | 'kyb';
type Row = typeof kycVerifications.$inferSelect | typeof kybVerifications.$inferSelect;
type StoredReason = { key: string; values?: Record<string, string> } | ProviderReason | null;

export type VerificationServiceNeeds = Pick<Services, 'audit' | 'clock' | 'db' | 'i18n' | 'mailer'>;

/**
 * KYC and KYB (docs/identity-verification.md): drafts that keep a form's progress, submissions checked by the
 * contract's schemas and ./verification-rules.ts and handed to the verification provider, and the status events
 * the provider's answers become (stored, mailed to the person, audited; KYB's also on the organisation, which the
 * organisation access answer reads). A refused submission stores nothing.
 */
export class VerificationService {
  constructor(
    private readonly s: VerificationServiceNeeds,
    private readonly documents: DocumentService,
    private readonly provider: VerificationProvider,
    private readonly sealer: DetailsSealer,
    /** The Australian Business Register (ABN_LOOKUP_GUID), asked before a KYB is accepted; null when not set. */
    private readonly register: BusinessRegister | null = null,
  ) {}

  // ---------------------------------------------------------------------------------------------------------
  // Reading

  private translate(reason: StoredReason, language: string): string | null {
    return reason ? this.s.i18n.t(reason.key, language, reason.values) : null;
  }

  private async events(scope: Scope, subjectId: string, language: string): Promise<StatusEvent[]> {
    const rows = await this.s.db
      .select()
      .from(verificationEvents)
      .where(
        and(
          eq(verificationEvents.scope, scope),
          scope === 'kyc'
            ? eq(verificationEvents.userId, subjectId)
            : eq(verificationEvents.organizationId, subjectId),
        ),
      )
      .orderBy(asc(verificationEvents.occurredAt));
    return rows.map((row) => ({
      status: row.status as VerificationStatus,
      reason: this.translate(row.reason, language),
      occurredAt: row.occurredAt.toISOString(),
    }));
  }

  /** A verified KYC whose earliest proof has expired reads `expired` (it must be done again). */
  private effectiveStatus(row: Row | undefined): VerificationStatus {
    if (!row) return 'notSubmitted';
    return 'userId' in row ? effectiveKycStatus(row, this.s.clock.now()) : (row.status as VerificationStatus);
  }

  /** A KYC row's answers and draft, opened (./sealed-details.ts). */
  private openKyc(row: typeof kycVerifications.$inferSelect | undefined) {
    return {
      details: row ? this.sealer.open<KycDetails>(kycDetailsContext(row.userId), row.details) : null,
      draft: row ? this.sealer.open<KycDraftBody['details']>(kycDraftContext(row.userId), row.draft) : null,
    };
  }

  private async statusData(
    scope: Scope,
    subjectId: string,
    row: Row | undefined,
    language: string,
  ): Promise<VerificationStatusData> {
    const events = row ? await this.events(scope, subjectId, language) : [];
    const last = events.at(-1);
    return {
      status: this.effectiveStatus(row),
      reason: row && row.status === 'rejected' ? (last?.reason ?? null) : null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      events,
    };
  }

  private async kycRow(userId: string) {
    await this.advance('kyc', userId);
    const [row] = await this.s.db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId));
    return row;
  }

  private async kybRow(organizationId: string) {
    await this.advance('kyb', organizationId);
    const [row] = await this.s.db
      .select()
      .from(kybVerifications)
      .where(eq(kybVerifications.organizationId, organizationId));
    return row;
  }

  async kycStatus(auth: AuthContext, language: string): Promise<VerificationStatusData> {
    return this.statusData('kyc', auth.userId, await this.kycRow(auth.userId), language);
  }

  async kyc(auth: AuthContext, language: string): Promise<KycData> {
    const row = await this.kycRow(auth.userId);
    const status = await this.statusData('kyc', auth.userId, row, language);
    const { details, draft } = this.openKyc(row);
    return {
      status: status.status,
      reason: status.reason,
      events: status.events,
      details,
      draft:
        draft && row?.draftSavedAt
          ? { step: row.draftStep ?? 0, details: draft, savedAt: row.draftSavedAt.toISOString() }
          : null,
      documents: await this.documents.list({ scope: 'kyc', userId: auth.userId }),
    };
  }

  /** The active organisation, which must be a business one for its KYB. */
  private async business(auth: AuthContext): Promise<string> {
    const organizationId = auth.organizationId;
    const [org] = organizationId
      ? await this.s.db
          .select({ accountType: organizations.accountType })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
      : [];
    if (!organizationId || org?.accountType !== 'business')
      throw badRequest(VERIFICATION_MESSAGES.notBusiness, 'NOT_A_BUSINESS');
    return organizationId;
  }

  async kybStatus(auth: AuthContext, language: string): Promise<VerificationStatusData> {
    if (!auth.organizationId) return { status: 'notSubmitted', reason: null, updatedAt: null, events: [] };
    return this.statusData('kyb', auth.organizationId, await this.kybRow(auth.organizationId), language);
  }

  async kyb(auth: AuthContext, language: string): Promise<KybData> {
    const organizationId = await this.business(auth);
    const row = await this.kybRow(organizationId);
    const status = await this.statusData('kyb', organizationId, row, language);
    return {
      status: status.status,
      reason: status.reason,
      events: status.events,
      details: row?.details ?? null,
      draft:
        row?.draft && row.draftSavedAt
          ? { step: row.draftStep ?? 0, details: row.draft, savedAt: row.draftSavedAt.toISOString() }
          : null,
      documents: await this.documents.list({ scope: 'kyb', organizationId, userId: auth.userId }),
    };
  }

  // ---------------------------------------------------------------------------------------------------------
  // Drafts

  /** A draft may name only the owner's own uploads (any kind: the draft is not checked further). */
  private async requireOwnDocuments(owner: DocumentOwner, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const kinds = await this.documents.kindsOf(owner, unique);
    if (kinds.size !== unique.length) throw notFound(DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
  }

  async saveKycDraft(auth: AuthContext, body: KycDraftBody): Promise<KycDraft> {
    await this.requireOwnDocuments(
      { scope: 'kyc', userId: auth.userId },
      kycDocumentIds(body.details.idProofs ?? []),
    );
    const now = this.s.clock.now();
    const draft = {
      draft: this.sealer.seal(kycDraftContext(auth.userId), body.details),
      draftStep: body.step,
      draftSavedAt: now,
      updatedAt: now,
    };
    await this.s.db
      .insert(kycVerifications)
      .values({ userId: auth.userId, ...draft })
      .onConflictDoUpdate({ target: kycVerifications.userId, set: draft });
    return { step: body.step, details: body.details, savedAt: now.toISOString() };
  }

  async saveKybDraft(auth: AuthContext, body: KybDraftBody): Promise<KybDraft> {
    const organizationId = await this.business(auth);
    await this.requireOwnDocuments(
      { scope: 'kyb', organizationId, userId: auth.userId },
      [body.details.extractDocumentId, body.details.registrationDocumentId].filter(
        (id): id is string => !!id,
      ),
    );
    const now = this.s.clock.now();
    const draft = { draft: body.details, draftStep: body.step, draftSavedAt: now, updatedAt: now };
    await this.s.db
      .insert(kybVerifications)
      .values({ organizationId, ...draft })
      .onConflictDoUpdate({ target: kybVerifications.organizationId, set: draft });
    return { step: body.step, details: body.details, savedAt: now.toISOString() };
  }

  /** Document ids the stored answers and draft refer to: kept when older uploads are pruned. */
  async referencedKycDocuments(userId: string): Promise<string[]> {
    const [row] = await this.s.db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId));
    const { details, draft } = this.openKyc(row);
    return [...kycDocumentIds(details?.idProofs ?? []), ...kycDocumentIds(draft?.idProofs ?? [])];
  }

  async referencedKybDocuments(organizationId: string): Promise<string[]> {
    const [row] = await this.s.db
      .select()
      .from(kybVerifications)
      .where(eq(kybVerifications.organizationId, organizationId));
    return [row?.details, row?.draft]
      .flatMap((d) => [d?.extractDocumentId, d?.registrationDocumentId])
      .filter((id): id is string => !!id);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Submissions

  private refuse(failures: FieldFailure[]): never {
    throw badRequest(failures[0]!.msg, 'VALIDATION_FAILED', failures);
  }

  async submitKyc(
    auth: AuthContext,
    details: KycDetails,
    request: FastifyRequest,
    language: string,
  ): Promise<VerificationStatusData> {
    const now = this.s.clock.now();
    const owner: DocumentOwner = { scope: 'kyc', userId: auth.userId };
    // Documents first: one the caller may not read answers 404 whatever else is wrong.
    const documentFailures = await this.documentFailures(owner, proofDocuments(details.idProofs));
    const failures = [...kycFailures(details, isoDay(now)), ...documentFailures];
    if (failures.length > 0) this.refuse(failures);

    const existing = await this.kycRow(auth.userId);
    if (existing && !OPEN_STATUSES.includes(this.effectiveStatus(existing))) {
      throw preconditionFailed(VERIFICATION_MESSAGES.inProgress, 'VERIFICATION_IN_PROGRESS');
    }
    const subject: VerificationSubject = { scope: 'kyc', details };
    const { reference, nextCheckAt } = await this.provider.submit(subject, now);
    const values = {
      details: this.sealer.seal(kycDetailsContext(auth.userId), details),
      expiresOn: kycExpiresOn(details),
      status: 'submitted',
      reason: null,
      providerReference: reference,
      nextCheckAt,
      draft: null,
      draftStep: null,
      draftSavedAt: null,
      submittedAt: now,
      updatedAt: now,
    };
    await this.s.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db
        .insert(kycVerifications)
        .values({ userId: auth.userId, ...values })
        .onConflictDoUpdate({ target: kycVerifications.userId, set: values });
      await this.documents.removeAllBut(owner, kycDocumentIds(details.idProofs), db);
      await this.recordEvent(db, 'kyc', auth.userId, null, 'submitted', null, now);
      await this.s.audit.record(
        request,
        {
          event: 'kyc.submitted',
          userId: auth.userId,
          details: { proofs: details.idProofs.map((p) => p.documentType) },
        },
        db,
      );
    });
    this.mailStatus('kyc', auth.userId, null, 'submitted', null);
    return this.kycStatus(auth, language);
  }

  async submitKyb(
    auth: AuthContext,
    details: KybDetails,
    request: FastifyRequest,
    language: string,
  ): Promise<VerificationStatusData> {
    const organizationId = await this.business(auth);
    const now = this.s.clock.now();
    const owner: DocumentOwner = { scope: 'kyb', organizationId, userId: auth.userId };
    // Documents first: one the caller may not read answers 404 whatever else is wrong.
    const documentFailures = await this.documentFailures(owner, [
      { field: 'extractDocumentId', id: details.extractDocumentId, kind: 'registryExtract' },
      { field: 'registrationDocumentId', id: details.registrationDocumentId, kind: 'registrationDocument' },
    ]);
    const failures = [...kybFailures(details), ...documentFailures];
    if (failures.length > 0) this.refuse(failures);

    const existing = await this.kybRow(organizationId);
    if (existing && !OPEN_STATUSES.includes(this.effectiveStatus(existing))) {
      throw preconditionFailed(VERIFICATION_MESSAGES.inProgress, 'VERIFICATION_IN_PROGRESS');
    }
    if (this.register && details.country === AUSTRALIA) await this.checkRegister(this.register, details);
    const { reference, nextCheckAt } = await this.provider.submit({ scope: 'kyb', details }, now);
    const values = {
      details,
      submittedBy: auth.userId,
      status: 'submitted',
      reason: null,
      providerReference: reference,
      nextCheckAt,
      draft: null,
      draftStep: null,
      draftSavedAt: null,
      submittedAt: now,
      updatedAt: now,
    };
    await this.s.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db
        .insert(kybVerifications)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: kybVerifications.organizationId, set: values });
      await this.documents.removeAllBut(
        owner,
        [details.extractDocumentId, details.registrationDocumentId],
        db,
      );
      await this.recordEvent(db, 'kyb', auth.userId, organizationId, 'submitted', null, now);
      await this.s.audit.record(
        request,
        {
          event: 'kyb.submitted',
          userId: auth.userId,
          organizationId,
          details: { entityType: details.entityType },
        },
        db,
      );
    });
    this.mailStatus('kyb', auth.userId, organizationId, 'submitted', null);
    return this.kybStatus(auth, language);
  }

  /**
   * The business as the Australian Business Register has it: an ABN (or ACN) it does not know, a cancelled one or
   * another registered name refuses the submission with a message on the field; no answer refuses it for now
   * (503, try again later), never lets it through.
   */
  private async checkRegister(register: BusinessRegister, details: KybDetails): Promise<void> {
    const outcome = await register.check(details);
    const numberField = details.abn ? 'abn' : 'acn';
    switch (outcome.status) {
      case 'matches':
        return;
      case 'nameMismatch':
        return this.refuse([
          {
            field: 'companyName',
            msg: message('validation.identity.registeredName', { name: outcome.registeredName }),
          },
        ]);
      case 'cancelled':
        return this.refuse([{ field: numberField, msg: 'validation.identity.abnCancelled' }]);
      case 'notFound':
        return this.refuse([{ field: numberField, msg: 'validation.identity.abnNotRegistered' }]);
      case 'unreachable':
        throw new HttpError(503, VERIFICATION_MESSAGES.registerUnavailable, 'REGISTER_UNAVAILABLE');
    }
  }

  /** Starts the organisation's KYB again: its answers, draft, documents and events are deleted. */
  async resetKyb(
    auth: AuthContext,
    request: FastifyRequest,
    language: string,
  ): Promise<VerificationStatusData> {
    const organizationId = await this.business(auth);
    await this.s.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.delete(kybVerifications).where(eq(kybVerifications.organizationId, organizationId));
      await db
        .delete(verificationEvents)
        .where(
          and(eq(verificationEvents.scope, 'kyb'), eq(verificationEvents.organizationId, organizationId)),
        );
      await this.documents.removeAllBut({ scope: 'kyb', organizationId, userId: auth.userId }, [], db);
      await db
        .update(organizations)
        .set({ kybStatus: 'notSubmitted' })
        .where(eq(organizations.id, organizationId));
      await this.s.audit.record(request, { event: 'kyb.reset', userId: auth.userId, organizationId }, db);
    });
    return this.kybStatus(auth, language);
  }

  /** Each referenced upload must be the owner's and of the kind its field needs. */
  private async documentFailures(
    owner: DocumentOwner,
    refs: { field: string; id: string; kind: string }[],
  ): Promise<FieldFailure[]> {
    const kinds = await this.documents.kindsOf(
      owner,
      refs.map((r) => r.id),
    );
    // Another person's or organisation's document, or a deleted one: 404, as if it did not exist.
    if (refs.some(({ id }) => !kinds.has(id)))
      throw notFound(DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
    return refs.flatMap(({ field, id, kind }): FieldFailure[] =>
      kinds.get(id) === kind ? [] : [{ field, msg: 'validation.identity.documentWrongKind' }],
    );
  }

  // ---------------------------------------------------------------------------------------------------------
  // Progress: the provider's answers become status events

  /**
   * Asks the provider about every submission whose next check is due (the module's timer), or only about one
   * subject (before reading its status, so a reader never sees a status older than the clock says).
   */
  async advance(scope?: Scope, subjectId?: string): Promise<number> {
    const now = this.s.clock.now();
    let changed = 0;
    if (!scope || scope === 'kyc') {
      const due = await this.s.db
        .select()
        .from(kycVerifications)
        .where(
          and(
            isNotNull(kycVerifications.nextCheckAt),
            lte(kycVerifications.nextCheckAt, now),
            subjectId ? eq(kycVerifications.userId, subjectId) : undefined,
          ),
        );
      for (const row of due) changed += (await this.check('kyc', row, now)) ? 1 : 0;
    }
    if (!scope || scope === 'kyb') {
      const due = await this.s.db
        .select()
        .from(kybVerifications)
        .where(
          and(
            isNotNull(kybVerifications.nextCheckAt),
            lte(kybVerifications.nextCheckAt, now),
            subjectId ? eq(kybVerifications.organizationId, subjectId) : undefined,
          ),
        );
      for (const row of due) changed += (await this.check('kyb', row, now)) ? 1 : 0;
    }
    return changed;
  }

  private async check(scope: Scope, row: Row, now: Date): Promise<boolean> {
    const details = 'userId' in row ? this.openKyc(row).details : row.details;
    if (!details || !row.providerReference || !row.submittedAt) return false;
    const subject = { scope, details } as VerificationSubject;
    const answer = await this.provider.check(row.providerReference, subject, row.submittedAt, now);
    const userId = 'userId' in row ? row.userId : row.submittedBy;
    const organizationId = 'organizationId' in row ? row.organizationId : null;
    const status = answer.status;
    const moved = status !== row.status;
    const reason = answer.reason ?? null;
    await this.s.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // Only if nobody else moved it meanwhile (two instances' timers, or a reader's advance).
      const update = {
        status,
        reason: reason?.key ?? null,
        nextCheckAt: answer.nextCheckAt,
        updatedAt: moved ? now : row.updatedAt,
        // A rejected submission's answers become the draft, so a resubmission starts from them.
        ...(status === 'rejected' && !row.draft
          ? {
              draft: ('userId' in row
                ? this.sealer.seal(kycDraftContext(row.userId), details)
                : details) as never,
              draftStep: 0,
              draftSavedAt: now,
            }
          : {}),
      };
      const claimed =
        scope === 'kyc'
          ? await db
              .update(kycVerifications)
              .set(update)
              .where(
                and(
                  eq(kycVerifications.userId, (row as { userId: string }).userId),
                  eq(kycVerifications.status, row.status),
                ),
              )
              .returning({ id: kycVerifications.userId })
          : await db
              .update(kybVerifications)
              .set(update)
              .where(
                and(
                  eq(kybVerifications.organizationId, organizationId!),
                  eq(kybVerifications.status, row.status),
                ),
              )
              .returning({ id: kybVerifications.organizationId });
      if (claimed.length === 0 || !moved) return;
      await this.recordEvent(db, scope, userId, organizationId, status, reason, now);
      await this.s.audit.record(
        null,
        {
          event: scope === 'kyc' ? 'kyc.status-changed' : 'kyb.status-changed',
          userId,
          organizationId,
          details: { status, provider: this.provider.name },
        },
        db,
      );
    });
    if (moved) this.mailStatus(scope, userId, organizationId, status, reason);
    return moved;
  }

  private async recordEvent(
    db: Db,
    scope: Scope,
    userId: string | null,
    organizationId: string | null,
    status: VerificationStatus,
    reason: StoredReason,
    at: Date,
  ): Promise<void> {
    await db.insert(verificationEvents).values({
      id: newId(),
      scope,
      userId: scope === 'kyc' ? userId : null,
      organizationId,
      status,
      reason,
      occurredAt: at,
    });
    // The organisation access answer's kybStatus reads the organisation's column.
    if (scope === 'kyb' && organizationId) {
      await db.update(organizations).set({ kybStatus: status }).where(eq(organizations.id, organizationId));
    }
  }

  /** Mails the person a status event, in their language, after the change is stored (a mail outage never undoes it). */
  private mailStatus(
    scope: Scope,
    userId: string | null,
    organizationId: string | null,
    status: VerificationStatus,
    reason: StoredReason,
  ) {
    if (!userId) return;
    this.s.mailer.later(async () => {
      const [user] = await this.s.db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return;
      const [org] = organizationId
        ? await this.s.db
            .select({ name: organizations.name })
            .from(organizations)
            .where(eq(organizations.id, organizationId))
        : [];
      const language = user.language && this.s.i18n.languages.includes(user.language) ? user.language : 'en';
      const t = (key: string, values?: Record<string, string>) => this.s.i18n.t(key, language, values);
      const statusText = t(`identityVerification.statuses.${status}`);
      const subject = t(`identityVerification.mail.${scope}.subject`, { status: statusText });
      const paragraphs = [
        t('mail.greeting', { firstName: user.firstName }),
        t(`identityVerification.mail.${scope}.body`, { status: statusText, organization: org?.name ?? '' }),
        ...(reason
          ? [
              t('identityVerification.mail.reason', {
                reason: this.s.i18n.t(reason.key, language, reason.values),
              }),
            ]
          : []),
      ];
      await this.s.mailer.send(
        createMailComposer(this.s.i18n)({ language, to: user.email, subject, paragraphs }),
      );
    }, `${scope}-status`);
  }
}

function proofDocuments(proofs: IdProof[]): { field: string; id: string; kind: string }[] {
  return proofs.flatMap((proof, index) =>
    Object.entries(PROOF_DOCUMENTS[proof.documentType]).flatMap(([field, kind]) => {
      const id = proof[field as keyof IdProof];
      return typeof id === 'string' && kind ? [{ field: `idProofs.${index}.${field}`, id, kind }] : [];
    }),
  );
}

function kycDocumentIds(
  proofs: Array<{ documentId?: string; frontDocumentId?: string; backDocumentId?: string }>,
): string[] {
  return proofs
    .flatMap((p) => [p.documentId, p.frontDocumentId, p.backDocumentId])
    .filter((id): id is string => typeof id === 'string' && id.length > 0);
}
