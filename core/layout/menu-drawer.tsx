import { ConfigProvider, Drawer } from 'antd';
import { useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPanel } from './account-panel';
import { Brand } from './brand';
import { SideMenu } from './side-menu';

/**
 * A phone's side menu: the account panel and the menu in a drawer from the start edge (the right in Arabic, as
 * antd's ConfigProvider says). Its own chunk (app-layout.tsx): a wider screen never needs antd's Drawer.
 */
export default function MenuDrawer({
  open,
  onClose,
  width,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
}) {
  const { t } = useTranslation('core');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const labelId = useId();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'right' : 'left'}
      width={width}
      title={<Brand className="portal-app-brand" />}
      // Named like the header button that opens it ('Side menu'), not after its title, the brand, as antd would.
      aria-labelledby={labelId}
      rootClassName="portal-app-drawer"
    >
      <span id={labelId} hidden>
        {t('sideMenu.toggle')}
      </span>
      <AccountPanel />
      <nav aria-labelledby={labelId}>
        <SideMenu />
      </nav>
    </Drawer>
  );
}
