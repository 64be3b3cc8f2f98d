import {
  AppstoreOutlined,
  BgColorsOutlined,
  CreditCardOutlined,
  DatabaseOutlined,
  FileOutlined,
  HistoryOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIconName, PortalMenuItem } from '../plugin/plugin-types';

const ICONS: Record<MenuIconName, ReactNode> = {
  apps: <AppstoreOutlined aria-hidden />,
  organisation: <TeamOutlined aria-hidden />,
  billing: <CreditCardOutlined aria-hidden />,
  verification: <SafetyCertificateOutlined aria-hidden />,
  branding: <BgColorsOutlined aria-hidden />,
  profile: <UserOutlined aria-hidden />,
  security: <LockOutlined aria-hidden />,
  activity: <HistoryOutlined aria-hidden />,
  data: <DatabaseOutlined aria-hidden />,
};

/**
 * The icon of a side-menu entry. Every top-level entry has one, so the folded menu (a tablet's width) shows icons
 * with the label on hover, not a column of bare initials where two entries read 'A' (#39 item 8); nested entries
 * show their labels in the folded menu's pop-up and take none unless they name one.
 * @example menuIcon(item, true) // <CreditCardOutlined /> for icon: 'billing'
 */
export function menuIcon(item: PortalMenuItem, topLevel: boolean): ReactNode {
  if (typeof item.icon === 'string') return ICONS[item.icon];
  if (item.icon) return item.icon;
  return topLevel ? <FileOutlined aria-hidden /> : undefined;
}
