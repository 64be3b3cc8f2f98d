import type { Card } from '@contract/v1/billing';
import type { TFunction } from 'i18next';

/** 'Visa ending in 4242': how a card is named in texts and in its actions' accessible names. */
export function cardLabel(t: TFunction, card: Pick<Card, 'brand' | 'last4'>): string {
  return t('cardLabel', { brand: t(`brand.${card.brand}`), last4: card.last4 });
}
