import { Ltr } from '@core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatUnits } from '../format/money';

/**
 * An amount in minor units written as the page's language writes it (digits, sign, currency symbol), isolated and
 * laid out left to right, as a figure in a table is: a credit note reads '-$110.00' in English, not '$110.00-' when
 * the page is right to left, and Arabic's '-110.00 AU$' keeps 'AU$' whole after the number (laid out right to
 * left, its '$', a neutral character, was drawn on the far side of 'AU').
 */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { i18n } = useTranslation('billing');
  return <Ltr className="billing-money">{formatMoney(amount, currency, i18n.language)}</Ltr>;
}

/** The formatter for texts that embed an amount (`t('…', { amount: money(…) })`). */
export function useMoney(): (amount: number, currency: string) => string {
  const { i18n } = useTranslation('billing');
  return (amount, currency) => formatMoney(amount, currency, i18n.language);
}

/** Units in the page's language. */
export function useUnits(): (units: number) => string {
  const { i18n } = useTranslation('billing');
  return (units) => formatUnits(units, i18n.language);
}
