import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DOCUMENT_LINK_TTL_SECONDS,
  type DocumentInfo,
  type DocumentLinkData,
  type DocumentMimeType,
} from '../../../contract/v1/identity-verification';
import { API_PREFIX } from '../../../contract/v1/constants';
import { badRequest, notFound } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import { newId } from '../../security/random';
import type { Services } from '../../services';
import type { DocumentCipher, DocumentLinks } from './document-cipher';
import { decodeBase64File, DocumentRefused, processDocument } from './document-processing';
import { identityDocuments } from './schema';

export const DOCUMENT_MESSAGES = {
  uploaded: 'identityVerification.documentUploaded',
  link: 'identityVerification.documentLink',
  notFound: 'identityVerification.documentNotFound',
} satisfies Record<string, MessageKey>;

/** Whose document: a person's (KYC) or an organisation's (KYB). */
export type DocumentOwner =
  { scope: 'kyc'; userId: string } | { scope: 'kyb'; organizationId: string; userId: string };

type DocumentRow = typeof identityDocuments.$inferSelect;

export const documentInfo = (
  row: Pick<DocumentRow, 'id' | 'kind' | 'fileName' | 'mimeType' | 'size' | 'createdAt'>,
): DocumentInfo => ({
  documentId: row.id,
  kind: row.kind,
  fileName: row.fileName,
  mimeType: row.mimeType as DocumentMimeType,
  size: row.size,
  uploadedAt: row.createdAt.toISOString(),
});

const INFO_COLUMNS = {
  id: identityDocuments.id,
  kind: identityDocuments.kind,
  fileName: identityDocuments.fileName,
  mimeType: identityDocuments.mimeType,
  size: identityDocuments.size,
  createdAt: identityDocuments.createdAt,
};

/** Uploads kept per owner that no answer refers to yet; older ones of the same kind are dropped first. */
const SPARE_UPLOADS_PER_KIND = 3;

export type DocumentServiceNeeds = Pick<Services, 'audit' | 'clock' | 'db'>;

/**
 * Identity documents (docs/identity-verification.md): checked and cleaned (./document-processing.ts), encrypted
 * (./document-cipher.ts) and stored; read back only through a short-lived signed link made for their owner (KYC)
 * or a `kyb.submit` holder of their organisation (KYB). Anything else is 404, as if the document did not exist.
 */
export class DocumentService {
  constructor(
    private readonly s: DocumentServiceNeeds,
    private readonly cipher: DocumentCipher,
    private readonly links: DocumentLinks,
  ) {}

  private ownerCondition(owner: DocumentOwner) {
    return owner.scope === 'kyc'
      ? and(eq(identityDocuments.scope, 'kyc'), eq(identityDocuments.userId, owner.userId))
      : and(eq(identityDocuments.scope, 'kyb'), eq(identityDocuments.organizationId, owner.organizationId));
  }

  async upload(
    owner: DocumentOwner,
    body: { kind: string; fileName: string; content: string },
    keep: readonly string[],
    request: FastifyRequest,
  ): Promise<DocumentInfo> {
    let processed;
    try {
      processed = await processDocument(decodeBase64File(body.content));
    } catch (error) {
      if (error instanceof DocumentRefused) {
        throw badRequest(`validation.identity.${error.reason}`, 'DOCUMENT_REFUSED', [
          { field: 'content', msg: `validation.identity.${error.reason}` },
        ]);
      }
      throw error;
    }
    const id = newId();
    const sealed = this.cipher.seal(id, processed.bytes);
    const now = this.s.clock.now();
    const row = {
      id,
      scope: owner.scope,
      userId: owner.userId,
      organizationId: owner.scope === 'kyb' ? owner.organizationId : null,
      kind: body.kind,
      fileName: body.fileName,
      mimeType: processed.mimeType,
      size: processed.bytes.length,
      ...sealed,
      createdAt: now,
    };
    await this.s.db.transaction(async (tx) => {
      await tx.insert(identityDocuments).values(row);
      await this.pruneSpares(tx as never, owner, body.kind, [...keep, id]);
      await this.s.audit.record(
        request,
        {
          event: owner.scope === 'kyc' ? 'kyc.document-uploaded' : 'kyb.document-uploaded',
          userId: owner.userId,
          organizationId: owner.scope === 'kyb' ? owner.organizationId : null,
          // What was uploaded, never its content or name (a file name can carry a person's name).
          details: { documentId: id, kind: body.kind, mimeType: processed.mimeType, size: row.size },
        },
        tx as never,
      );
    });
    return documentInfo(row);
  }

  /** Replaced uploads nobody refers to: at most a few per kind are kept, the newest. */
  private async pruneSpares(db: Services['db'], owner: DocumentOwner, kind: string, keep: string[]) {
    const spares = await db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(
        and(
          this.ownerCondition(owner),
          eq(identityDocuments.kind, kind),
          notInArray(identityDocuments.id, keep),
        ),
      )
      .orderBy(desc(identityDocuments.createdAt));
    const drop = spares.slice(SPARE_UPLOADS_PER_KIND - 1).map((r) => r.id);
    if (drop.length > 0) await db.delete(identityDocuments).where(inArray(identityDocuments.id, drop));
  }

  /** The owner's documents (metadata only), newest first. */
  async list(owner: DocumentOwner): Promise<DocumentInfo[]> {
    const rows = await this.s.db
      .select(INFO_COLUMNS)
      .from(identityDocuments)
      .where(this.ownerCondition(owner))
      .orderBy(desc(identityDocuments.createdAt));
    return rows.map(documentInfo);
  }

  /** The kinds of the given documents that belong to the owner (a missing id is absent from the map). */
  async kindsOf(owner: DocumentOwner, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.s.db
      .select({ id: identityDocuments.id, kind: identityDocuments.kind })
      .from(identityDocuments)
      .where(and(this.ownerCondition(owner), inArray(identityDocuments.id, ids)));
    return new Map(rows.map((r) => [r.id, r.kind]));
  }

  /** Drops the owner's documents other than `keep` (after a submission: the replaced uploads). */
  async removeAllBut(owner: DocumentOwner, keep: string[], db: Services['db'] = this.s.db): Promise<void> {
    await db
      .delete(identityDocuments)
      .where(
        keep.length > 0
          ? and(this.ownerCondition(owner), notInArray(identityDocuments.id, keep))
          : this.ownerCondition(owner),
      );
  }

  async link(owner: DocumentOwner, documentId: string): Promise<DocumentLinkData> {
    const [row] = await this.s.db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(and(this.ownerCondition(owner), eq(identityDocuments.id, documentId)));
    if (!row) throw notFound(DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
    const expiresAt = new Date(this.s.clock.now().getTime() + DOCUMENT_LINK_TTL_SECONDS * 1000);
    const token = this.links.issue(row.id, expiresAt);
    return {
      url: `${API_PREFIX}/documents/file?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The file behind a link: decrypted bytes, type and name; 404 for a bad or expired token or a deleted document. */
  async file(token: string): Promise<{ mimeType: string; fileName: string; bytes: Buffer }> {
    const documentId = this.links.verify(token, this.s.clock.now());
    const [row] = documentId
      ? await this.s.db.select().from(identityDocuments).where(eq(identityDocuments.id, documentId))
      : [];
    if (!row) throw notFound(DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
    const bytes = this.cipher.open(row.id, { iv: row.iv, authTag: row.authTag, content: row.content });
    return { mimeType: row.mimeType, fileName: row.fileName, bytes };
  }
}
