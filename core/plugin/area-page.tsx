import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../ui/app-page/app-page';
import { RouteSlot } from './route-slot';
import type { RouteSlotName } from './route-slots';

export interface AreaPageProps {
  /** The area the page is a tab of: its name is the page's title, its slot the tabs under it. */
  area: RouteSlotName;
  /** One line under the tabs that says what this page is for. */
  intro?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}

/**
 * A page of an area with tabs (the user's pages, an organisation's, billing): titled with the area's name, the
 * current tab saying which page it is, so no title repeats its tab and every area reads the same way whichever
 * plugin contributes the page.
 * @example <AreaPage area="billing-area" intro={t('history.intro')}>{table}</AreaPage>
 */
export function AreaPage({ area, intro, busy, children }: AreaPageProps) {
  const { t } = useTranslation('core');
  const title = t(`areas.${area}`);
  return (
    <AppPage title={title} tabs={<RouteSlot name={area} label={title} />} intro={intro} busy={busy}>
      {children}
    </AppPage>
  );
}
