import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Dropdown } from 'antd';
import { observer } from 'mobx-react-lite';
import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useMemo,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { DeploymentFacts } from '../config/deployment-facts';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { useApiAssetUrl } from '../http/api-asset-url';
import { ContentErrorBoundary } from '../plugin/plugin-boundary';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { SessionStore } from '../session/session-store';
import { useLogout } from '../session/use-logout';
import { AntdThemeProvider } from '../theme/antd-theme-provider';
import { ThemeStore } from '../theme/theme-store';
import { AccountPanel } from './account-panel';
import { Brand } from './brand';
import { FoldedAccountButton } from './folded-account-button';
import { LanguageSwitcher } from './language-switcher';
import { menuIcon } from './menu-icons';
import { visibleMenu, type MenuEntry } from './menu-items';
import './app-layout.css';

// Only a demonstration deployment's pages carry the banner: the others never download it.
const SimulatedServicesBanner = lazy(() =>
  import('./simulated-services-banner').then((m) => ({ default: m.SimulatedServicesBanner })),
);

/**
 * ProLayout's side-menu collapse toggle is a bare div with a click handler: give it a button's role, name, state and
 * keys (Enter, Space), so a keyboard and a screen reader can use it too (WCAG 2.1.1, 4.1.2).
 */
function accessibleToggle(dom: ReactNode, collapsed: boolean | undefined, label: string): ReactNode {
  if (!isValidElement<HTMLAttributes<HTMLElement>>(dom)) return dom;
  const toggle = dom.props.onClick;
  return cloneElement(dom, {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    'aria-expanded': !collapsed,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      toggle?.(event as unknown as MouseEvent<HTMLElement>);
    },
  });
}

/**
 * The frame of every protected page: header with the organisation logo and the user menu, and the side menu
 * built from what enabled plugins contribute, filtered by role rules. Loaded only behind the protected guards,
 * so ProLayout never reaches the login page.
 */
const AppLayout = observer(function AppLayout() {
  const registry = useService(PluginRegistry);
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const theme = useService(ThemeStore);
  const { simulatedServices } = useService(DeploymentFacts);
  const location = useLocation();
  const logout = useLogout();
  const namespaces = useMemo(() => registry.plugins.map((p) => p.plugin.id), [registry]);
  // The side menu's labels: every plugin's namespace, asked for with this layout's chunk (lazyAppLayout in
  // core/app/create-routes.tsx) and often there by its first render. `ready` turns true, with a new render, once
  // react-i18next has them all.
  const { t, ready: labelsReady } = useTranslation(['core', ...namespaces]);
  // Undefined until ProLayout reports a change: its own default applies until then.
  const [collapsed, setCollapsed] = useState<boolean | undefined>(undefined);
  const assetUrl = useApiAssetUrl();

  // The same object until the grants, the language or the labels change: ProLayout rebuilds its whole menu data
  // (paths, keys, breadcrumbs) for a new one, which every route change would otherwise cost (docs/performance.md).
  const subject = session.accessSubject;
  const route = useMemo(() => {
    const toMenuData =
      (topLevel: boolean) =>
      (entry: MenuEntry): MenuDataItem => ({
        key: entry.item.id,
        path: entry.path,
        name: labelsReady ? t(entry.item.labelKey, { ns: entry.namespace }) : '',
        icon: menuIcon(entry.item, topLevel),
        children: entry.children.length ? entry.children.map(toMenuData(false)) : undefined,
      });
    return { path: '/', children: visibleMenu(registry, subject).map(toMenuData(true)) };
  }, [registry, subject, labelsReady, t]);

  // ProLayout and every app page are antd: the layout gives them the theme (ThemeRoot no longer does).
  return (
    <AntdThemeProvider>
      <ProLayout
        title={config.brandName}
        logo={assetUrl(session.logo) ?? false}
        // The brand on the brand colour at every width: ProLayout's mobile header shows only what menuHeaderRender
        // gives (called there without props); the desktop side menu gets none, the mobile drawer gets the brand.
        headerTitleRender={() => <Brand className="portal-app-brand" />}
        // The mobile header calls it with no props: there it also draws the side menu's toggle, a named button with
        // its state (ProLayout's own is a bare icon with a click handler, hidden by app-layout.css), so a keyboard
        // or a screen reader can open the menu at any width (WCAG 2.1.1, 4.1.2).
        menuHeaderRender={(_logo, _title, props) =>
          props ? (
            props.isMobile ? (
              <Brand className="portal-app-brand" />
            ) : null
          ) : (
            <>
              <button
                type="button"
                className="portal-mobile-menu-toggle"
                aria-label={t('sideMenu.toggle')}
                aria-expanded={collapsed === false}
                onClick={() => setCollapsed(collapsed === false)}
              >
                <MenuOutlined aria-hidden />
              </button>
              <Brand className="portal-app-brand" />
            </>
          )
        }
        token={theme.appHeaderToken}
        layout="mix"
        // The portal's translated fallback rather than pro-utils' English one (tooling/vite-pro-error-boundary.ts).
        ErrorBoundary={ContentErrorBoundary}
        fixSiderbar
        location={{ pathname: location.pathname }}
        route={route}
        // Wide enough for the longest French entries ('Vérification du compte', 'Mot de passe et sécurité'); a longer
        // label a deployment adds is cut with an ellipsis and given whole on hover (#39 cut text).
        siderWidth={256}
        menuItemRender={(item, dom) =>
          item.path ? (
            <Link to={item.path} title={typeof item.name === 'string' ? item.name : undefined}>
              {dom}
            </Link>
          ) : (
            dom
          )
        }
        // Folded, ProLayout hides an entry's label and a parent entry (a submenu's title, which has no link to carry
        // a title) was a menu item with no name (axe aria-command-name, WCAG 4.1.2): it keeps its label for screen
        // readers.
        subMenuItemRender={(item, dom, menuProps) =>
          menuProps.collapsed ? (
            <>
              {dom}
              <span className="portal-visually-hidden">{item.name}</span>
            </>
          ) : (
            dom
          )
        }
        menuExtraRender={({ collapsed }) =>
          collapsed ? <FoldedAccountButton onUnfold={() => setCollapsed(false)} /> : <AccountPanel />
        }
        // Controlled, so the mobile header's toggle above can open the drawer; ProLayout still decides the start
        // (folded on a phone and a tablet) and reports every change, its own toggles' included, through onCollapse.
        collapsed={collapsed}
        onCollapse={setCollapsed}
        collapsedButtonRender={(collapsed, dom) => accessibleToggle(dom, collapsed, t('sideMenu.toggle'))}
        actionsRender={() => [<LanguageSwitcher key="language" />]}
        avatarProps={{
          title: t('userMenu.title'),
          size: 'small',
          render: (_props, dom) => (
            // Opened by a click, which Enter and Space also give: a menu that opened on hover alone was out of a
            // keyboard's reach, and Logout with it. autoFocus puts the focus in the menu so arrows and Enter work.
            <Dropdown
              trigger={['click']}
              autoFocus
              menu={{
                items: [
                  {
                    key: 'logout',
                    icon: <LogoutOutlined className="portal-icon-directional" aria-hidden />,
                    label: t('userMenu.logout'),
                    onClick: () => void logout(),
                  },
                ],
              }}
            >
              {/* The name starts with the visible label (WCAG 2.5.3 label in name, docs/accessibility.md). */}
              <button
                type="button"
                className="portal-user-menu"
                aria-label={t('userMenu.open', { title: t('userMenu.title') })}
              >
                {dom}
              </button>
            </Dropdown>
          ),
        }}
      >
        {simulatedServices.length > 0 && (
          <Suspense fallback={null}>
            <SimulatedServicesBanner />
          </Suspense>
        )}
        <Outlet />
      </ProLayout>
    </AntdThemeProvider>
  );
});

export default AppLayout;
