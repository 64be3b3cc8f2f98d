import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SecondFactorPanels } from '../components/second-factor-panels';
import '../components/two-factor.css';

/** /security: the security settings, which hold the two-factor panel (docs/screens-and-routes.md). */
export default function SecuritySettingsPage() {
  const { t } = useTranslation('two-factor');
  return (
    <div className="two-factor-page">
      <Typography.Title level={1} className="two-factor-page__title">
        {t('pages.security')}
      </Typography.Title>
      <SecondFactorPanels />
    </div>
  );
}
