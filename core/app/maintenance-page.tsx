import { useTranslation } from 'react-i18next';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';

export default function MaintenancePage() {
  const { t } = useTranslation('core');
  const config = useService(PortalConfig);
  return (
    <main className="portal-status-page">
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.message', { brand: config.brandName })}</p>
      <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
    </main>
  );
}
