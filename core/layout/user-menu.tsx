import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../session/use-logout';

/** The header's account menu: 'My account', which opens a menu with Logout. */
export function UserMenu() {
  const { t } = useTranslation('core');
  const logout = useLogout();
  return (
    // Opened by a click, which Enter and Space also give: a menu that opened on hover alone was out of a keyboard's
    // reach, and Logout with it. autoFocus puts the focus in the menu so arrows and Enter work.
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
      <button type="button" className="portal-user-menu" aria-label={t('userMenu.open', { title: t('userMenu.title') })}>
        <span className="portal-user-menu__avatar">
          <UserOutlined aria-hidden />
        </span>
        <span className="portal-user-menu__title">{t('userMenu.title')}</span>
      </button>
    </Dropdown>
  );
}
