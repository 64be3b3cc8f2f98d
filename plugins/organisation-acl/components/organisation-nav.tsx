import { RouteSlot } from '@core';
import { useTranslation } from 'react-i18next';

/**
 * Tabs between the organisation pages: core's `organisation-area` slot (users, access control and settings are
 * attached in this plugin's routes, other plugins add theirs), each shown only when its role rule lets the user
 * open it, as the menu does.
 */
export function OrganisationNav() {
  const { t } = useTranslation('organisation-acl');
  return (
    <RouteSlot
      name="organisation-area"
      label={t('menu.organisation')}
    />
  );
}
