import { ConfigProvider, Drawer } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPanel } from './account-panel';
import { Brand } from './brand';
import { SideMenu } from './side-menu';

/**
 * A phone's side menu: the account panel and the menu in a drawer from the start edge (the right in Arabic, as
 * antd's ConfigProvider says). Its own chunk (app-layout.tsx): a wider screen never needs antd's Drawer.
 */
export default function MenuDrawer({ open, onClose, width }: { open: boolean; onClose: () => void; width: number }) {
  const { t } = useTranslation('core');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'right' : 'left'}
      width={width}
      // Its title, the brand, is also its name (antd links them).
      title={<Brand className="portal-app-brand" />}
      rootClassName="portal-app-drawer"
    >
      <AccountPanel />
      <nav aria-label={t('sideMenu.toggle')}>
        <SideMenu />
      </nav>
    </Drawer>
  );
}
