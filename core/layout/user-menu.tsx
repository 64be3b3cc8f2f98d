import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSlotLinks } from '../plugin/use-slot-links';
import { useLogout } from '../session/use-logout';

/**
 * The header's account menu: 'My account' opens the user's own pages (the `user-area` slot's tabs: details,
 * password and security, activity, data, as the enabled plugins attach them and the role rules allow) and Log out.
 */
export const UserMenu = observer(function UserMenu() {
  const { t } = useTranslation('core');
  const logout = useLogout();
  // The pages' labels are in their plugins' texts: until those have loaded the menu offers Log out alone.
  const pages = useSlotLinks('user-area') ?? [];
  const items: MenuProps['items'] = [
    ...pages.map((page) => ({ key: page.key, label: <Link to={page.path}>{page.label}</Link> })),
    ...(pages.length ? [{ type: 'divider' as const }] : []),
    {
      key: 'logout',
      icon: <LogoutOutlined className="portal-icon-directional" aria-hidden />,
      label: t('userMenu.logout'),
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
        aria-label={t('userMenu.open', { title: t('userMenu.title') })}
      >
        <span className="portal-user-menu__avatar">
          <UserOutlined aria-hidden />
        </span>
        <span className="portal-user-menu__title">{t('userMenu.title')}</span>
      </button>
    </Dropdown>
  );
});
