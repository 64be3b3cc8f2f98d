import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DATA_EXPORT_LIFETIME_DAYS,
  type DataExportFormat,
  type DataExportInfo,
} from '../../../contract/v1/account-data';
import { minutes } from '../../clock';
import { notFound } from '../../http/errors';
import { replyLanguage } from '../../i18n/localise-replies';
import { mailLanguage } from '../../i18n/mail-language';
import type { MessageKey } from '../../i18n/message';
import { newId } from '../../security/random';
import type { Services } from '../../services';
import { ActivityLogService } from '../activity-log/activity-log-service';
import type { AuthContext } from '../sessions/session-service';
import { findUserById } from '../users/user-queries';
import { accountDataMails } from './account-data-mail';
import { collectAccountExport, readableSummary } from './export-content';
import { dataExports } from './schema';

export const DATA_EXPORT_MESSAGES = {
  status: 'accountData.exportStatus',
  requested: 'accountData.exportRequested',
  notFound: 'accountData.exportNotFound',
} satisfies Record<string, MessageKey>;

const DAY_MS = 24 * 60 * 60_000;
/**
 * A copy still `preparing` this long after it began was left by an instance that stopped: the next look at it starts
 * it again. Preparing reads a few small queries and the user's log in batches, seconds at most.
 */
export const STALE_PREPARATION_MS = minutes(2);
/** A new copy is prepared at most this often; asking sooner answers the latest one. */
export const REQUEST_INTERVAL_MS = minutes(5);

type ExportRow = typeof dataExports.$inferSelect;

export type DataExportServiceNeeds = Pick<
  Services,
  'db' | 'clock' | 'i18n' | 'access' | 'gate' | 'audit' | 'mailer' | 'links'
>;

const infoOf = (row: ExportRow): DataExportInfo => ({
  id: row.id,
  status: row.status,
  requestedAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** A downloaded file: its bytes and how the answer names them. */
export interface ExportFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * "Download my data" (docs/account-settings.md, "Your data and leaving"; GDPR art. 15 and 20): a copy is asked for,
 * prepared in the background of this process (the request answers at once and other requests go on), kept in the
 * database for DATA_EXPORT_LIFETIME_DAYS, and downloaded by its owner only, through an authenticated call: no link
 * carries a credential. Asking while a copy is being prepared answers that copy.
 */
export class DataExportService {
  private readonly activityLog: ActivityLogService;
  /** Preparations this process started and has not finished: tests and shutdown wait for them. */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly s: DataExportServiceNeeds) {
    this.activityLog = new ActivityLogService(s);
  }

  /** The user's latest copy that has not expired; a preparation left by a stopped instance starts again. */
  async latest(auth: AuthContext, request: FastifyRequest): Promise<DataExportInfo | null> {
    const now = this.s.clock.now();
    // Everyone's expired copies go whenever a copy is looked at or asked for: the table never keeps them long.
    await this.deleteExpired(now);
    const [row] = await this.s.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, auth.userId))
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    if (!row || (row.expiresAt && row.expiresAt <= now)) return null;
    if (row.status === 'preparing' && now.getTime() - row.startedAt.getTime() > STALE_PREPARATION_MS) {
      const [claimed] = await this.s.db
        .update(dataExports)
        .set({ startedAt: now })
        .where(
          and(
            eq(dataExports.id, row.id),
            eq(dataExports.status, 'preparing'),
            eq(dataExports.startedAt, row.startedAt),
          ),
        )
        .returning();
      if (claimed) this.prepareLater(claimed, request);
    }
    return infoOf(row);
  }

  async request(auth: AuthContext, request: FastifyRequest): Promise<DataExportInfo> {
    const now = this.s.clock.now();
    // A double click, a second tab or a retry answers the copy just asked for: one preparation, one mail.
    const recent = await this.latest(auth, request);
    if (
      recent &&
      (recent.status === 'preparing' ||
        (recent.status === 'ready' && now.getTime() - Date.parse(recent.requestedAt) < REQUEST_INTERVAL_MS))
    )
      return recent;
    const [created] = await this.s.db
      .insert(dataExports)
      .values({
        id: newId(),
        userId: auth.userId,
        status: 'preparing',
        language: replyLanguage(this.s.i18n, request),
        startedAt: now,
        createdAt: now,
      })
      // The partial unique index allows one copy in preparation per user: of two requests at once, one inserts.
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const current = await this.latest(auth, request);
      if (!current) throw notFound(DATA_EXPORT_MESSAGES.notFound, 'DATA_EXPORT_NOT_FOUND');
      return current;
    }
    await this.s.audit.record(request, {
      event: 'account.data-export-requested',
      userId: auth.userId,
      details: { exportId: created.id },
    });
    this.prepareLater(created, request);
    return infoOf(created);
  }

  /** The file of a ready copy of the caller's own data; anything else (another's, expired, not ready) is 404. */
  async file(
    auth: AuthContext,
    exportId: string,
    format: DataExportFormat,
    request: FastifyRequest,
  ): Promise<ExportFile> {
    const now = this.s.clock.now();
    const [row] = await this.s.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, auth.userId)));
    if (!row || row.status !== 'ready' || !row.expiresAt || row.expiresAt <= now)
      throw notFound(DATA_EXPORT_MESSAGES.notFound, 'DATA_EXPORT_NOT_FOUND');
    await this.s.audit.record(request, {
      event: 'account.data-export-downloaded',
      userId: auth.userId,
      details: { exportId: row.id, format },
    });
    const day = row.createdAt.toISOString().slice(0, 10);
    return format === 'json'
      ? {
          bytes: Buffer.from(row.json ?? '', 'utf8'),
          contentType: 'application/json; charset=utf-8',
          fileName: `account-data-${day}.json`,
        }
      : {
          bytes: Buffer.from(row.summary ?? '', 'utf8'),
          contentType: 'text/plain; charset=utf-8',
          fileName: `account-data-${day}.txt`,
        };
  }

  /** Copies past their lifetime, whoever they belong to. */
  async deleteExpired(now: Date): Promise<void> {
    await this.s.db.delete(dataExports).where(lt(dataExports.expiresAt, now));
  }

  /** Resolves once every preparation this process started has finished (tests; a clean shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** After the answer is sent: the request that asked never waits for the copy. */
  private prepareLater(row: ExportRow, request: FastifyRequest): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.prepare(row, request))
      .catch((error: unknown) => request.log.error({ err: error, exportId: row.id }, 'data export failed'))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  private async prepare(row: ExportRow, request: FastifyRequest): Promise<void> {
    const { db, clock, i18n } = this.s;
    try {
      const data = await collectAccountExport(db, this.activityLog, row.userId, row.language, clock.now());
      if (!data) return; // the account was deleted meanwhile, and the copy with it
      const readyAt = clock.now();
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_LIFETIME_DAYS * DAY_MS);
      const [ready] = await db
        .update(dataExports)
        .set({
          status: 'ready',
          json: JSON.stringify(data, null, 2),
          summary: readableSummary(data, i18n, row.language),
          readyAt,
          expiresAt,
        })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'preparing')))
        .returning({ id: dataExports.id });
      if (!ready) return; // another instance finished it first
      // One copy per person: the new one replaces those before it.
      await db
        .delete(dataExports)
        .where(
          and(
            eq(dataExports.userId, row.userId),
            ne(dataExports.id, row.id),
            ne(dataExports.status, 'preparing'),
          ),
        );
      await this.s.audit.record(null, {
        event: 'account.data-export-ready',
        userId: row.userId,
        details: { exportId: row.id },
      });
      const user = await findUserById(db, row.userId);
      if (user) {
        const language = mailLanguage(i18n, user.language, request);
        this.s.mailer.sendLater(
          accountDataMails(i18n).exportReady({
            to: user.email,
            firstName: user.firstName,
            url: this.s.links.resolve(DATA_PAGE_PATH),
            expiresAt,
            language,
          }),
        );
      }
    } catch (error) {
      await db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'preparing')));
      throw error;
    }
  }
}

/** The portal page of "Your data and leaving" (plugins/account-data), where a mailed user downloads their copy. */
export const DATA_PAGE_PATH = '/user/data';
