import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { SessionStore } from '../session/session-store';
import { PluginRegistry } from './plugin-registry-token';
import { visibleSlotEntries, type RouteSlotName } from './route-slots';

/** One page of a slot as a link: its route id, path and label in the reader's language. */
export interface SlotLink {
  key: string;
  path: string;
  label: string;
}

/**
 * The pages of a slot this user may open (the same role rules the routes' guards apply), labelled from each
 * contributing plugin's texts; `null` until those texts have loaded, so no caller shows a key for a label. Call it
 * in an `observer` component: the visible pages follow the session's role.
 */
export function useSlotLinks(name: RouteSlotName): SlotLink[] | null {
  const registry = useService(PluginRegistry);
  const session = useService(SessionStore);
  const entries = visibleSlotEntries(registry.slotEntries(name), registry.roleRules, session.accessSubject);
  const nsKey = [...new Set(entries.map((entry) => entry.namespace))].join(' ');
  const namespaces = useMemo(() => nsKey.split(' ').filter(Boolean), [nsKey]);
  const { t, ready } = useTranslation(namespaces);
  if (!ready) return null;
  return entries.map((entry) => ({
    key: entry.routeId,
    path: entry.path,
    label: t(entry.labelKey, { ns: entry.namespace }),
  }));
}
