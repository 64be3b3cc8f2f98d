import { useTranslation } from 'react-i18next';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { StatusPageFrame } from '../layout/status-page-frame';

export default function MaintenancePage() {
  const { t } = useTranslation('core');
  const config = useService(PortalConfig);
  return (
    <StatusPageFrame>
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.message', { brand: config.brandName })}</p>
      <a href={`mailto:${config.supportEmail}`} dir="ltr">
        {config.supportEmail}
      </a>
    </StatusPageFrame>
  );
}
