import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { InvoiceListData, InvoiceListQuery, InvoicePdfData } from '../../../contract/v1/billing';
import { BILLING_LIMITS } from '../../../contract/v1/billing-rules';
import { fieldError, notFound } from '../../http/errors';
import { message } from '../../i18n/message';
import { replyLanguage } from '../../i18n/localise-replies';
import { addDays, parseDay, startOfDay, today } from '../organization-members/days';
import type { AuthContext } from '../sessions/session-service';
import {
  BILLING_MESSAGES,
  ensureAccount,
  organizationInfo,
  toInvoice,
  type BillingDeps,
} from './billing-shared';
import { orgOf } from './card-service';
import { localisedInvoice } from './invoice-description';
import { renderInvoicePdf } from './invoice-pdf';
import { billingInvoices } from './schema';

/** The invoice history (GET /v1/bill) and each document's PDF. */
export class InvoiceService {
  constructor(private readonly s: BillingDeps) {}

  /** The descriptions are written in the request's language (invoice-description.ts). */
  async list(auth: AuthContext, query: InvoiceListQuery, request: FastifyRequest): Promise<InvoiceListData> {
    const organizationId = orgOf(auth);
    const info = await organizationInfo(this.s.db, organizationId);
    const zone = info?.timeZone ?? 'UTC';
    const offset = query.offset ?? 1;
    const limit = query.limit ?? BILLING_LIMITS.pageSizeDefault;
    const filters: SQL[] = [eq(billingInvoices.organizationId, organizationId)];
    if (query.status) filters.push(eq(billingInvoices.status, query.status));
    const range = this.dateRange(query, this.s.clock.now(), zone);
    if (range.from) filters.push(gte(billingInvoices.issuedAt, range.from));
    if (range.to) filters.push(lt(billingInvoices.issuedAt, range.to));
    const where = and(...filters);
    const [{ n }] = await this.s.db.select({ n: count() }).from(billingInvoices).where(where);
    const rows = await this.s.db
      .select()
      .from(billingInvoices)
      .where(where)
      .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.number))
      .limit(limit)
      .offset((offset - 1) * limit);
    const language = replyLanguage(this.s.i18n, request);
    const items = rows.map((row) => localisedInvoice(this.s.i18n, toInvoice(row), language));
    return { items, total: Number(n), offset, limit };
  }

  /** Whole days of the organisation's zone, within the last 89 days up to today (as the members list). */
  private dateRange(
    query: InvoiceListQuery,
    now: Date,
    zone: string,
  ): { from: Date | null; to: Date | null } {
    if (!query.fromDate && !query.toDate) return { from: null, to: null };
    const from = query.fromDate ? parseDay(query.fromDate) : null;
    const to = query.toDate ? parseDay(query.toDate) : null;
    if (query.fromDate && from === null)
      throw fieldError('fromDate', BILLING_MESSAGES.dateInvalid, 'DATE_INVALID');
    if (query.toDate && to === null) throw fieldError('toDate', BILLING_MESSAGES.dateInvalid, 'DATE_INVALID');
    const last = today(now, zone);
    const first = addDays(last, -BILLING_LIMITS.dateFilterDays);
    const outside = (day: number | null) => day !== null && (day < first || day > last);
    if (outside(from) || outside(to))
      throw fieldError(
        outside(from) ? 'fromDate' : 'toDate',
        message(BILLING_MESSAGES.dateRange, { days: BILLING_LIMITS.dateFilterDays }),
        'DATE_RANGE_TOO_WIDE',
      );
    if (from !== null && to !== null && from > to)
      throw fieldError('fromDate', BILLING_MESSAGES.dateOrder, 'DATE_ORDER');
    return { from: startOfDay(from ?? first, zone), to: startOfDay(addDays(to ?? last, 1), zone) };
  }

  async pdf(auth: AuthContext, invoiceId: string, request: FastifyRequest): Promise<InvoicePdfData> {
    const organizationId = orgOf(auth);
    const [invoice] = await this.s.db
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.organizationId, organizationId), eq(billingInvoices.id, invoiceId)));
    // Another organisation's invoice is not found, like one that does not exist.
    if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound, 'INVOICE_NOT_FOUND');
    const info = await organizationInfo(this.s.db, organizationId);
    const account = await ensureAccount(this.s.db, organizationId, this.s.clock.now());
    const language = replyLanguage(this.s.i18n, request);
    const bytes = await renderInvoicePdf(
      localisedInvoice(this.s.i18n, invoice, language),
      { name: info?.name ?? '', abn: account.abn, email: info?.owner.email ?? '' },
      { i18n: this.s.i18n, language, timeZone: info?.timeZone ?? 'UTC' },
    );
    return {
      fileName: `${invoice.number}.pdf`,
      mediaType: 'application/pdf',
      content: Buffer.from(bytes).toString('base64'),
    };
  }
}
