import { canAccess, type AccessSubject } from '../guards/access';
import type { PluginRegistry } from '../plugin/plugin-host';
import type { PortalMenuItem } from '../plugin/plugin-types';

export interface MenuEntry {
  item: PortalMenuItem;
  path: string;
  /** The plugin's i18n namespace, which holds the label. */
  namespace: string;
  children: MenuEntry[];
}

/** The side menu the user may see: items whose role rule denies them are left out, with their children. */
export function visibleMenu(registry: PluginRegistry, subject: AccessSubject): MenuEntry[] {
  const allowed = registry.menu.filter((item) => canAccess(item.access ? registry.roleRules[item.access] : undefined, subject));
  const toEntry = (item: PortalMenuItem): MenuEntry => ({
    item,
    path: registry.href(item.routeId),
    namespace: item.id.split('.')[0]!,
    children: allowed.filter((child) => child.parentId === item.id).map(toEntry),
  });
  return allowed.filter((item) => !item.parentId || !allowed.some((p) => p.id === item.parentId)).map(toEntry);
}
