import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ServerI18n } from '../../i18n/server-i18n';
import type { InvoiceRow } from './billing-shared';

/** Who issues the invoices (docs/billing.md: a deployment replaces it with its own business details). */
export const SELLER = {
  name: 'Kreano Pty Ltd',
  abn: '51 824 753 556',
  address: ['Level 1, 1 Example Street', 'Sydney NSW 2000', 'Australia'],
  email: 'billing@kreano.example',
} as const;

export interface InvoiceBuyer {
  name: string;
  abn: string | null;
  email: string;
}

/**
 * The standard PDF fonts write WinAnsi only: any other character (a name in another script, the narrow spaces of
 * French number formats) becomes a plain space or '?', so no user input can make the document fail.
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u00a0\u202f\u2007\u2009]/g, ' ')
    .replace(/[’‘]/g, "'")
    .replace(/[^\x20-\x7e\xa1-\xff]/g, '?');
}

export function formatMoney(amountMinor: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-AU', { style: 'currency', currency }).format(
    amountMinor / 100,
  );
}

function formatDate(instant: Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-AU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(instant);
}

/**
 * The invoice or credit note as a one-page A4 PDF (pdf-lib): seller and buyer (with ABN when known), number and
 * date, the lines, GST included, total, status and the card charged. Labels in the reader's language.
 */
export async function renderInvoicePdf(
  invoice: InvoiceRow,
  buyer: InvoiceBuyer,
  options: { i18n: ServerI18n; language: string; timeZone: string },
): Promise<Uint8Array> {
  const { i18n, language, timeZone } = options;
  const t = (key: Parameters<ServerI18n['t']>[0], params?: Record<string, string | number>) =>
    i18n.t(key, language, params);
  const money = (amount: number) => formatMoney(amount, invoice.currency, language);

  const pdf = await PDFDocument.create();
  const title =
    invoice.kind === 'creditNote' ? t('billing.invoice.creditNoteTitle') : t('billing.invoice.title');
  pdf.setTitle(pdfSafe(`${title} ${invoice.number}`));
  pdf.setAuthor(SELLER.name);
  pdf.setCreationDate(invoice.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.15);
  const write = (p: PDFPage, text: string, x: number, y: number, font: PDFFont = regular, size = 10) =>
    p.drawText(pdfSafe(text), { x, y, size, font, color: ink });
  const right = (text: string, x: number, y: number, font: PDFFont = regular, size = 10) =>
    write(page, text, x - font.widthOfTextAtSize(pdfSafe(text), size), y, font, size);

  let y = 790;
  write(page, title, 50, y, bold, 20);
  right(`${t('billing.invoice.number')}: ${invoice.number}`, 545, y, bold, 11);
  y -= 18;
  right(`${t('billing.invoice.date')}: ${formatDate(invoice.issuedAt, timeZone, language)}`, 545, y);
  y -= 14;
  right(`${t('billing.invoice.status')}: ${t(`billing.invoice.statuses.${invoice.status}`)}`, 545, y);

  y -= 36;
  write(page, t('billing.invoice.seller'), 50, y, bold, 11);
  write(page, t('billing.invoice.buyer'), 320, y, bold, 11);
  const sellerLines = [
    SELLER.name,
    `${t('billing.invoice.abn')} ${SELLER.abn}`,
    ...SELLER.address,
    SELLER.email,
  ];
  const buyerLines = [
    buyer.name,
    ...(buyer.abn ? [`${t('billing.invoice.abn')} ${buyer.abn}`] : []),
    buyer.email,
  ];
  for (let i = 0; i < Math.max(sellerLines.length, buyerLines.length); i += 1) {
    y -= 14;
    if (sellerLines[i]) write(page, sellerLines[i], 50, y);
    if (buyerLines[i]) write(page, buyerLines[i], 320, y);
  }

  y -= 40;
  write(page, t('billing.invoice.description'), 50, y, bold);
  right(t('billing.invoice.quantity'), 360, y, bold);
  right(t('billing.invoice.unitPrice'), 450, y, bold);
  right(t('billing.invoice.amount'), 545, y, bold);
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: ink });
  for (const line of invoice.lines) {
    y -= 16;
    write(page, line.description.slice(0, 60), 50, y);
    right(String(line.quantity), 360, y);
    right(money(line.unitAmount), 450, y);
    right(money(line.amount), 545, y);
  }
  y -= 8;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: ink });
  y -= 18;
  write(page, t('billing.invoice.gst'), 360, y);
  right(money(invoice.gst), 545, y);
  y -= 18;
  write(page, t('billing.invoice.total'), 360, y, bold, 12);
  right(money(invoice.amount), 545, y, bold, 12);

  if (invoice.cardBrand && invoice.cardLast4) {
    y -= 36;
    const brand = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' }[invoice.cardBrand];
    write(page, t('billing.invoice.paidWith', { brand, last4: invoice.cardLast4 }), 50, y);
  }
  return pdf.save();
}
