import { serverI18n } from '../../i18n/server-i18n';
import { localisedDescription, localisedInvoice } from './invoice-description';

const i18n = serverI18n();

describe("invoice descriptions in the reader's language", () => {
  it('names a bucket, a renewal, a refund and pay-as-you-go usage in French and Arabic', () => {
    expect(localisedDescription(i18n, 'Starter bucket', 'fr')).toBe('Lot Découverte');
    expect(localisedDescription(i18n, 'Business bucket (renewal)', 'fr')).toBe('Lot Professionnel (renouvellement)');
    expect(localisedDescription(i18n, 'Refund of Enterprise bucket', 'fr')).toBe('Remboursement : Lot Entreprise');
    expect(localisedDescription(i18n, 'Pay-as-you-go usage 2026-10', 'fr')).toBe("Utilisation à l'usage 2026-10");
    expect(localisedDescription(i18n, 'Starter bucket', 'ar')).toBe('الباقة المبتدئة');
    expect(localisedDescription(i18n, 'Refund of Starter bucket', 'ar')).toBe('استرداد الباقة المبتدئة');
  });

  it('keeps English as stored, and a text no template made as it is', () => {
    expect(localisedDescription(i18n, 'Starter bucket (renewal)', 'en')).toBe('Starter bucket (renewal)');
    expect(localisedDescription(i18n, 'Consulting, March', 'fr')).toBe('Consulting, March');
    expect(localisedDescription(i18n, 'Refund of something else', 'fr')).toBe('Refund of something else');
    expect(localisedDescription(i18n, 'Pay-as-you-go usage soon', 'fr')).toBe('Pay-as-you-go usage soon');
  });

  it('writes the invoice and each of its lines', () => {
    const invoice = localisedInvoice(
      i18n,
      {
        description: 'Starter bucket',
        lines: [{ description: 'Starter bucket', quantity: 1, unitAmount: 11000, amount: 11000 }],
      },
      'ar',
    );
    expect(invoice).toEqual({
      description: 'الباقة المبتدئة',
      lines: [{ description: 'الباقة المبتدئة', quantity: 1, unitAmount: 11000, amount: 11000 }],
    });
  });
});
