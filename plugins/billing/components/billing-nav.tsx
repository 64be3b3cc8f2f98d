import { RouteSlot } from '@core';
import { useTranslation } from 'react-i18next';

/**
 * Tabs between the billing pages: core's `billing-area` slot (the five pages attach in this plugin's routes; other
 * plugins may add theirs), each shown only when its role rule lets the user open it, as the menu does.
 */
export function BillingNav() {
  const { t } = useTranslation('billing');
  return (
    <RouteSlot
      name="billing-area"
      label={t('menu.billing')}
    />
  );
}
