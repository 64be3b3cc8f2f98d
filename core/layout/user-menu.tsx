import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useService } from '../di/use-service';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { visibleSlotEntries } from '../plugin/route-slots';
import { SessionStore } from '../session/session-store';
import { useLogout } from '../session/use-logout';

/**
 * The header's account menu: 'My account' opens the user's own pages (the `user-area` slot's tabs: details,
 * password and security, activity, data, as the enabled plugins attach them and the role rules allow) and Log out.
 */
export const UserMenu = observer(function UserMenu() {
  const registry = useService(PluginRegistry);
  const session = useService(SessionStore);
  const logout = useLogout();
  const pages = visibleSlotEntries(
    registry.slotEntries('user-area'),
    registry.roleRules,
    session.accessSubject,
  );
  const nsKey = [...new Set(pages.map((page) => page.namespace))].join(' ');
  const namespaces = useMemo(() => ['core', ...nsKey.split(' ').filter(Boolean)], [nsKey]);
  // The pages' labels are in their plugins' texts: until those have loaded the menu offers Log out alone.
  const { t, ready } = useTranslation(namespaces);
  const items: MenuProps['items'] = [
    ...(ready
      ? pages.map((page) => ({
          key: page.routeId,
          label: <Link to={page.path}>{t(page.labelKey, { ns: page.namespace })}</Link>,
        }))
      : []),
    ...(ready && pages.length ? [{ type: 'divider' as const }] : []),
    {
      key: 'logout',
      icon: <LogoutOutlined className="portal-icon-directional" aria-hidden />,
      label: t('userMenu.logout', { ns: 'core' }),
      onClick: () => void logout(),
    },
  ];
  return (
    // Opened by a click, which Enter and Space also give: a menu that opened on hover alone was out of a keyboard's
    // reach, and Log out with it. autoFocus puts the focus in the menu so arrows and Enter work.
    <Dropdown trigger={['click']} autoFocus menu={{ items }}>
      {/* The name starts with the visible label (WCAG 2.5.3 label in name, docs/accessibility.md). */}
      <button
        type="button"
        className="portal-user-menu"
        aria-label={t('userMenu.open', { ns: 'core', title: t('userMenu.title', { ns: 'core' }) })}
      >
        <span className="portal-user-menu__avatar">
          <UserOutlined aria-hidden />
        </span>
        <span className="portal-user-menu__title">{t('userMenu.title', { ns: 'core' })}</span>
      </button>
    </Dropdown>
  );
});
