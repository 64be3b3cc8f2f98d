import { AreaTabs, PluginRegistry, useService } from '@core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BRANDING_TABS, tabRouteId } from '../portal-tabs';
import type { BrandingEditorStore } from '../stores/branding-editor-store';

/** One tab per portal, named as the directory names the portal (the product's own name for it until it loads). */
export const BrandingNav = observer(function BrandingNav({ store }: { store: BrandingEditorStore }) {
  const { t } = useTranslation('branding');
  const registry = useService(PluginRegistry);
  return (
    <AreaTabs
      label={t('tabsLabel')}
      tabs={BRANDING_TABS.filter(({ tab }) => registry.has(tabRouteId(tab))).map(({ tab, portalKey }) => ({
        key: tab,
        to: registry.href(tabRouteId(tab)),
        label: store.portalName(portalKey) ?? t(`portals.${portalKey}`),
      }))}
    />
  );
});
