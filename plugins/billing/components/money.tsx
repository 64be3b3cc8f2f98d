import { Bdi } from '@core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatUnits } from '../format/money';

/**
 * An amount in minor units shown in the page's language, isolated from the text around it so its sign and
 * currency stay where the language puts them (a credit note reads '-$110.00' in English, not '$110.00-' when
 * the page is right to left).
 */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { i18n } = useTranslation('billing');
  return <Bdi className="billing-money">{formatMoney(amount, currency, i18n.language)}</Bdi>;
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
