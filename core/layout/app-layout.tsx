import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { DeploymentFacts } from '../config/deployment-facts';
import { useService } from '../di/use-service';
import { ContentErrorBoundary } from '../plugin/plugin-boundary';
import { AntdThemeProvider } from '../theme/antd-theme-provider';
import { useMediaQuery } from '../ui/use-media-query';
import { AccountPanel } from './account-panel';
import { Brand } from './brand';
import { FoldedAccountButton } from './folded-account-button';
import { LanguageSwitcher } from './language-switcher';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';
import './app-layout.css';

// A phone's menu: antd's Drawer is code no wider screen needs.
const MenuDrawer = lazy(() => import('./menu-drawer'));
// Only a demonstration deployment's pages carry the banner: the others never download it.
const SimulatedServicesBanner = lazy(() =>
  import('./simulated-services-banner').then((m) => ({ default: m.SimulatedServicesBanner })),
);

/** Below 768 px the side menu is a drawer opened from the header. */
export const DRAWER_MENU_QUERY = '(max-width: 767.98px)';
/** Below 992 px (a tablet) the side menu starts folded to its icons. */
export const FOLDED_MENU_QUERY = '(max-width: 991.98px)';
/** Wide enough for the longest French entries ('Vérification du compte', 'Mot de passe et sécurité'). */
const MENU_WIDTH = 256;

/**
 * The frame of every protected page: the header on the brand colour (brand, language, user menu), the side menu
 * built from what enabled plugins contribute (folded on a tablet, a drawer on a phone) and the page. Loaded only
 * behind the protected guards, so none of it reaches the login page.
 */
export default function AppLayout() {
  // The layout and every app page are antd: the layout gives them the theme (ThemeRoot does not).
  return (
    <AntdThemeProvider>
      <AppFrame />
    </AntdThemeProvider>
  );
}

const AppFrame = observer(function AppFrame() {
  const { simulatedServices } = useService(DeploymentFacts);
  const { t } = useTranslation('core');
  const phone = useMediaQuery(DRAWER_MENU_QUERY);
  const narrow = useMediaQuery(FOLDED_MENU_QUERY);
  // The phone's drawer belongs to the page it was opened on: following one of its entries closes it. (Closing it
  // from the menu's own click handler closed it while Enter was still on its way to the link, which then went
  // nowhere.)
  const { pathname } = useLocation();
  const [drawerOpenOn, setDrawerOpenOn] = useState<string>();
  const drawerOpen = drawerOpenOn === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenOn(open ? pathname : undefined);
  // A person's fold or unfold holds until the width crosses 992 px, where that width's default applies again.
  const [choice, setChoice] = useState<{ narrow: boolean; folded: boolean }>();
  const folded = choice?.narrow === narrow ? choice.folded : narrow;
  const setFolded = (value: boolean) => setChoice({ narrow, folded: value });

  return (
    <Layout className="portal-app">
      <Layout.Header className="portal-app-header">
        {phone && (
          <button
            type="button"
            className="portal-app-header__menu"
            aria-label={t('sideMenu.toggle')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            <MenuOutlined aria-hidden />
          </button>
        )}
        <Brand className="portal-app-brand" />
        <div className="portal-app-header__actions">
          <LanguageSwitcher />
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout hasSider>
        {/* Right to left (Arabic), antd's Layout puts the side column on the right (AntdThemeProvider's direction). */}
        {!phone && (
          <Layout.Sider
            className="portal-app-sider"
            theme="light"
            width={MENU_WIDTH}
            collapsedWidth={64}
            collapsed={folded}
            trigger={null}
          >
            {folded ? <FoldedAccountButton onUnfold={() => setFolded(false)} /> : <AccountPanel />}
            <nav aria-label={t('sideMenu.toggle')}>
              <SideMenu folded={folded} />
            </nav>
            <button
              type="button"
              className="portal-app-sider__toggle"
              aria-label={t('sideMenu.toggle')}
              aria-expanded={!folded}
              onClick={() => setFolded(!folded)}
            >
              {folded ? (
                <MenuUnfoldOutlined className="portal-icon-directional" aria-hidden />
              ) : (
                <MenuFoldOutlined className="portal-icon-directional" aria-hidden />
              )}
            </button>
          </Layout.Sider>
        )}
        <Layout.Content className="portal-app-content">
          <ContentErrorBoundary>
            {simulatedServices.length > 0 && (
              <Suspense fallback={null}>
                <SimulatedServicesBanner />
              </Suspense>
            )}
            <Outlet />
          </ContentErrorBoundary>
        </Layout.Content>
      </Layout>
      {phone && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} width={MENU_WIDTH} />
        </Suspense>
      )}
    </Layout>
  );
});
