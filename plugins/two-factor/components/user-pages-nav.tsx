import { RouteSlot } from '@core';
import { useTranslation } from 'react-i18next';

/**
 * The tabs of the /user pages: core's `user-area` slot, so details and security (attached in this plugin's
 * routes) and any other plugin's user pages appear side by side, each path from the route registry.
 */
export function UserPagesNav() {
  const { t } = useTranslation('two-factor');
  return (
    <RouteSlot
      name="user-area"
      label={t('nav.label')}
    />
  );
}
