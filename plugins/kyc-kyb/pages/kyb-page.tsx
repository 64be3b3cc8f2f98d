import { useOrganizationAccess, useRouteHref, useService, AppPage } from '@core';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { KycApi } from '../api/kyc-api';
import { KybForm } from '../components/kyb-form';
import { KybSummary } from '../components/kyb-summary';
import { StatusTag } from '../components/status-tag';
import { KybStore } from '../stores/kyb-store';
import '../components/kyc-kyb.css';

/** `/account/kyb`: the business verification of the current organisation, to fill in, view, resubmit or reset. */
const KybPage = observer(function KybPage() {
  const { t } = useTranslation('kyc-kyb');
  const api = useService(KycApi);
  const overview = useRouteHref('kyc-kyb.overview');
  const [store] = useState(() => new KybStore(api));
  const [confirming, setConfirming] = useState(false);
  const access = useOrganizationAccess();
  // Only a role holding `kyb.submit` may see or change the business's verification: the others are told who can,
  // rather than sent a refusal (the server refuses them too).
  const denied = access.status === 'ready' && !access.can('kyb.submit');
  const decided = access.status !== 'loading';
  useEffect(() => (decided && !denied ? store.start() : undefined), [store, decided, denied]);

  const hasSomething = store.status !== 'notSubmitted' || Object.keys(store.answers).length > 0;

  return (
    <AppPage title={t('kyb.title')}>
      <Link to={overview}>{t('actions.toOverview')}</Link>
      {denied && <Alert type="info" showIcon message={t('overview.kyb.notAllowed')} />}
      {!denied && store.phase === 'loading' && (
        <div className="kyc-state" role="status">
          <Spin />
          <span>{t('loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('kyb.loadFailed')}
          action={<Button onClick={() => void store.load()}>{t('retry')}</Button>}
        />
      )}
      {(store.phase === 'form' || store.phase === 'view') && (
        <div className="kyc-panel">
          <div className="kyc-status__line kyc-status__line--spread">
            <div className="kyc-status__line">
              <span>{t('overview.statusLabel')}</span>
              <StatusTag status={store.status} />
            </div>
            {hasSomething && (
              <Button
                danger
                onClick={() => setConfirming(true)}
                disabled={store.resetting || store.submitting}
              >
                {t('kyb.reset')}
              </Button>
            )}
          </div>
          {store.reason && store.status === 'rejected' && (
            <Alert
              type="error"
              showIcon
              message={t('kyb.rejectedIntro')}
              description={store.reason}
              className="kyc-reason"
            />
          )}
          {store.phase === 'form' ? (
            <>
              <Typography.Paragraph type="secondary" className="kyc-intro">
                {t('kyb.intro')}
              </Typography.Paragraph>
              <KybForm store={store} />
            </>
          ) : (
            <KybSummary answers={store.answers} />
          )}
        </div>
      )}
      <Modal
        open={confirming}
        title={t('kyb.resetTitle')}
        okText={t('kyb.resetConfirm')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: store.resetting }}
        onCancel={() => setConfirming(false)}
        onOk={async () => {
          if (await store.reset()) setConfirming(false);
        }}
      >
        <p>{t('kyb.resetText')}</p>
      </Modal>
    </AppPage>
  );
});

export default KybPage;
