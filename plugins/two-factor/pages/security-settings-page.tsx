import { AppPage } from '@core';
import { useTranslation } from 'react-i18next';
import { SecondFactorPanels } from '../components/second-factor-panels';
import '../components/two-factor.css';

/** /security: the security settings, which hold the two-factor panel (docs/screens-and-routes.md). */
export default function SecuritySettingsPage() {
  const { t } = useTranslation('two-factor');
  return (
    <AppPage title={t('pages.security')}>
      <SecondFactorPanels />
    </AppPage>
  );
}
