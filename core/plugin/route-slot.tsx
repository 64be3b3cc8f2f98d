import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useService } from '../di/use-service';
import { SessionStore } from '../session/session-store';
import { PluginRegistry } from './plugin-registry-token';
import { visibleSlotEntries, type RouteSlotName } from './route-slots';

export interface RouteSlotProps {
  name: RouteSlotName;
  /** The navigation's accessible name, in the host page's language (`t('nav.label')`). */
  label: string;
  /** The host plugin's styles: the nav's class and each link's (NavLink adds `active` to the current one). */
  className?: string;
  linkClassName?: string;
}

/**
 * The tabs of a named slot: every enabled route attached to it (`attachTo`), labelled from the contributing
 * plugin's texts, without the routes the user's role rules deny. With fewer than two entries there is nothing to
 * switch between, so it renders nothing.
 * @example <RouteSlot name="user-area" label={t('nav.label')} className="two-factor-nav" linkClassName="two-factor-nav__link" />
 */
export const RouteSlot = observer(function RouteSlot({
  name,
  label,
  className,
  linkClassName,
}: RouteSlotProps) {
  const registry = useService(PluginRegistry);
  const session = useService(SessionStore);
  const entries = visibleSlotEntries(registry.slotEntries(name), registry.roleRules, session.accessSubject);
  const nsKey = [...new Set(entries.map((e) => e.namespace))].join(' ');
  const namespaces = useMemo(() => nsKey.split(' ').filter(Boolean), [nsKey]);
  // Contributors' namespaces may not be loaded yet on a page of another plugin: wait rather than show keys.
  const { t, ready } = useTranslation(namespaces);
  if (entries.length < 2 || !ready) return null;
  return (
    <nav aria-label={label} className={className}>
      {entries.map((entry) => (
        <NavLink key={entry.routeId} to={entry.path} className={linkClassName} end>
          {t(entry.labelKey, { ns: entry.namespace })}
        </NavLink>
      ))}
    </nav>
  );
});
