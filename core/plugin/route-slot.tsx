import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { SessionStore } from '../session/session-store';
import { AreaTabs } from '../ui/area-tabs/area-tabs';
import { PluginRegistry } from './plugin-registry-token';
import { visibleSlotEntries, type RouteSlotName } from './route-slots';

export interface RouteSlotProps {
  name: RouteSlotName;
  /** The navigation's accessible name, in the host page's language (`t('nav.label')`). */
  label: string;
}

/**
 * The tabs of a named slot: every enabled route attached to it (`attachTo`), labelled from the contributing
 * plugin's texts, without the routes the user's role rules deny. With fewer than two entries there is nothing to
 * switch between, so it renders nothing. Drawn as core's area tabs (core/ui/area-tabs), the same in every area.
 * @example <RouteSlot name="user-area" label={t('nav.label')} />
 */
export const RouteSlot = observer(function RouteSlot({ name, label }: RouteSlotProps) {
  const registry = useService(PluginRegistry);
  const session = useService(SessionStore);
  const entries = visibleSlotEntries(registry.slotEntries(name), registry.roleRules, session.accessSubject);
  const nsKey = [...new Set(entries.map((e) => e.namespace))].join(' ');
  const namespaces = useMemo(() => nsKey.split(' ').filter(Boolean), [nsKey]);
  // Contributors' namespaces may not be loaded yet on a page of another plugin: wait rather than show keys.
  const { t, ready } = useTranslation(namespaces);
  if (entries.length < 2 || !ready) return null;
  return (
    <AreaTabs
      label={label}
      tabs={entries.map((entry) => ({
        key: entry.routeId,
        to: entry.path,
        label: t(entry.labelKey, { ns: entry.namespace }),
      }))}
    />
  );
});
