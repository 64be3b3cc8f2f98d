import { Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import './app-page.css';

export interface AppPageProps {
  /** The page's level-1 heading. */
  title: string;
  /** Navigation between the area's pages, drawn under the title (an area's `RouteSlot`, or `AreaTabs`). */
  tabs?: ReactNode;
  /** One line under the tabs that says what this page is for. */
  intro?: ReactNode;
  /** True while the page's first answer is awaited (`aria-busy`). */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The frame of every page in the app layout: the same heading size, spacing and width in every plugin, so going
 * from one area to the next the title, tabs and content stay where they were. Pages of an area with tabs use
 * `AreaPage` (core/plugin/area-page.tsx), whose title is the area's name.
 * @example <AppPage title={t('dashboard.title')}>{cards}</AppPage>
 */
export function AppPage({ title, tabs, intro, busy, children }: AppPageProps) {
  const headingId = useId();
  return (
    <section className="portal-app-page" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <Typography.Title level={1} id={headingId} className="portal-app-page__title">
        {title}
      </Typography.Title>
      {tabs}
      {intro && <p className="portal-app-page__intro">{intro}</p>}
      {children}
    </section>
  );
}
