import { Menu, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useService } from '../di/use-service';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { SessionStore } from '../session/session-store';
import { menuIcon } from './menu-icons';
import { visibleMenu, type MenuEntry } from './menu-items';

type MenuItem = Required<MenuProps>['items'][number];

/** An entry with the ids of the entries above it, outermost first. */
interface Placed {
  entry: MenuEntry;
  parents: string[];
}

function placed(entries: MenuEntry[], parents: string[] = []): Placed[] {
  return entries.flatMap((entry) => [
    { entry, parents },
    ...placed(entry.children, [...parents, entry.item.id]),
  ]);
}

/**
 * The entry of the page at `pathname`: the one with that path, else the one with the longest path above it (a
 * member's page under /organisation/users is shown under Users), so a page that is not in the menu still marks
 * where it belongs.
 * @example currentEntry(entries, '/billing/history/42')?.entry.item.id // 'billing.history'
 */
export function currentEntry(entries: MenuEntry[], pathname: string): Placed | undefined {
  const under = (path: string) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
  return placed(entries)
    .filter(({ entry }) => under(entry.path))
    .reduce<Placed | undefined>((best, each) => (best && best.entry.path.length >= each.entry.path.length ? best : each), undefined);
}

/**
 * The parents to open for the current page, and the entry itself when it is a parent: a page under a parent that is
 * no entry of its own (the access-control page a member may not open, under Organisation) shows the parent's
 * children, where the member's way on is.
 */
function openFor(current: Placed | undefined): string[] {
  if (!current) return [];
  return current.entry.children.length ? [...current.parents, current.entry.item.id] : current.parents;
}

/**
 * The side menu: what enabled plugins contribute, filtered by role rules, with the current page's entry selected
 * and its parents open. Its labels come from every plugin's texts, which a direct load may still be fetching: until
 * they are all there it draws a blank of the same height, never entries with empty or cut names (#39 item 8).
 * Folded, antd's Menu shows the icons, keeps each label as the entry's name and shows it in a tooltip.
 */
export const SideMenu = observer(function SideMenu({ folded = false }: { folded?: boolean }) {
  const registry = useService(PluginRegistry);
  const session = useService(SessionStore);
  const { pathname } = useLocation();
  const namespaces = useMemo(() => registry.plugins.map((p) => p.plugin.id), [registry]);
  const { t, ready } = useTranslation(['core', ...namespaces]);
  const entries = useMemo(() => visibleMenu(registry, session.accessSubject), [registry, session.accessSubject]);
  const current = currentEntry(entries, pathname);
  const [openKeys, setOpenKeys] = useState(() => openFor(current));
  // A page reached another way (a link in a page, the address bar) opens its parents too; the ones open stay open.
  const [openedFor, setOpenedFor] = useState(current);
  if (openedFor?.entry !== current?.entry) {
    setOpenedFor(current);
    setOpenKeys((open) => [...new Set([...open, ...openFor(current)])]);
  }

  const items = useMemo(() => {
    const toItem =
      (topLevel: boolean) =>
      (entry: MenuEntry): MenuItem => {
        const name = t(entry.item.labelKey, { ns: entry.namespace });
        const icon = menuIcon(entry.item, topLevel);
        return entry.children.length
          ? { key: entry.item.id, icon, label: name, children: entry.children.map(toItem(false)) }
          : { key: entry.item.id, icon, label: <Link to={entry.path} title={name}>{name}</Link> };
      };
    return entries.map(toItem(true));
  }, [entries, t]);

  if (!ready) return <div className="portal-side-menu-pending" style={{ blockSize: entries.length * 44 }} />;
  return (
    <Menu
      // Folded, antd's Menu opens a parent as a pop-up on hover and keeps its own open keys; unfolded, the keys
      // here. A fresh menu for each, so a parent open in one is never a pop-up left open in the other.
      key={folded ? 'folded' : 'unfolded'}
      mode="inline"
      inlineCollapsed={folded}
      selectedKeys={current ? [current.entry.item.id] : []}
      {...(folded ? {} : { openKeys, onOpenChange: setOpenKeys })}
      items={items}
      className="portal-side-menu"
    />
  );
});
