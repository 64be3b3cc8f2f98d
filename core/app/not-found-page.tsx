import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPageFrame } from '../layout/status-page-frame';

export default function NotFoundPage() {
  const { t } = useTranslation('core');
  return (
    <StatusPageFrame>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </StatusPageFrame>
  );
}
