import { LogoutOutlined } from '@ant-design/icons';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Dropdown } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { SessionStore } from '../session/session-store';
import { useLogout } from '../session/use-logout';
import { AccountPanel } from './account-panel';
import { LanguageSwitcher } from './language-switcher';
import { visibleMenu, type MenuEntry } from './menu-items';
import './app-layout.css';

/**
 * The frame of every protected page: header with the organisation logo and the user menu, and the side menu
 * built from what enabled plugins contribute, filtered by role rules. Loaded only behind the protected guards,
 * so ProLayout never reaches the login page.
 */
const AppLayout = observer(function AppLayout() {
  const registry = useService(PluginRegistry);
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const location = useLocation();
  const logout = useLogout();
  const namespaces = useMemo(() => registry.plugins.map((p) => p.plugin.id), [registry]);
  const { t, i18n } = useTranslation(['core', ...namespaces]);
  const [labelsReady, setLabelsReady] = useState(false);
  useEffect(() => {
    void i18n.loadNamespaces(namespaces).then(() => setLabelsReady(true));
  }, [i18n, namespaces]);

  const entries = visibleMenu(registry, { role: session.role, accountType: session.activeOrganization?.accountType });
  const toMenuData = (entry: MenuEntry): MenuDataItem => ({
    key: entry.item.id,
    path: entry.path,
    name: labelsReady ? t(entry.item.labelKey, { ns: entry.namespace }) : '',
    icon: entry.item.icon,
    children: entry.children.length ? entry.children.map(toMenuData) : undefined,
  });

  return (
    <ProLayout
      title={config.brandName}
      logo={session.logo ?? false}
      layout="mix"
      fixSiderbar
      location={{ pathname: location.pathname }}
      route={{ path: '/', children: entries.map(toMenuData) }}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      menuExtraRender={({ collapsed }) => (collapsed ? null : <AccountPanel />)}
      actionsRender={() => [<LanguageSwitcher key="language" />]}
      avatarProps={{
        title: t('userMenu.title'),
        size: 'small',
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), onClick: () => void logout() }],
            }}
          >
            <button type="button" className="portal-user-menu" aria-label={t('userMenu.open')}>
              {dom}
            </button>
          </Dropdown>
        ),
      }}
    >
      <Outlet />
    </ProLayout>
  );
});

export default AppLayout;
