import { formatMoney, formatUnits } from './money';

describe("amounts in the reader's language", () => {
  it('writes English as in Australia, the sign before the symbol', () => {
    expect(formatMoney(12345, 'AUD', 'en')).toBe('$123.45');
    expect(formatMoney(-11000, 'AUD', 'en')).toBe('-$110.00');
  });

  it('writes French its own way', () => {
    expect(formatMoney(-11000, 'AUD', 'fr').replace(/\s/g, ' ')).toBe('-110,00 $AU');
  });

  it("writes Arabic with Arabic's own pattern and direction marks, not the English one", () => {
    const arabic = formatMoney(-11000, 'AUD', 'ar');
    expect(arabic).toBe(new Intl.NumberFormat('ar', { style: 'currency', currency: 'AUD' }).format(-110));
    expect(arabic).not.toBe('-$110.00');
    expect(arabic).toMatch(/[\u200e\u200f\u061c]/);
  });

  it('falls back to English for a language Intl does not know', () => {
    expect(formatMoney(100, 'AUD', 'zz-invalid-')).toBe('$1.00');
    expect(formatUnits(12345, 'fr').replace(/\s/g, ' ')).toBe('12 345');
  });
});
