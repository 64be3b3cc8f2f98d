import {
  SessionStore,
  useDateFormat,
  useOrganizationAccess,
  useRouteHref,
  useService,
  type RouteId,
  AppPage,
} from '@core';
import { Alert, Button, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { KycApi } from '../api/kyc-api';
import { StatusTag } from '../components/status-tag';
import { statusAction, type StatusAction } from '../model/status';
import { OverviewStore, type Load, type StatusInfo } from '../stores/overview-store';
import '../components/kyc-kyb.css';

interface StatusPanelProps {
  kind: 'kyc' | 'kyb';
  load: Load<StatusInfo>;
  retry: () => void;
  routeId: RouteId;
  /** The user's role may not do this verification (KYB needs `kyb.submit`): say who can instead of offering it. */
  notAllowed?: boolean;
}

/** The one action a status allows: a link (it opens a page), drawn as a button; the router handles the click. */
function StatusActionButton({
  kind,
  action,
  href,
}: {
  kind: 'kyc' | 'kyb';
  action: StatusAction;
  href: string;
}) {
  const { t } = useTranslation('kyc-kyb');
  const navigate = useNavigate();
  return (
    <Button
      type={action === 'view' ? 'default' : 'primary'}
      href={href}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    >
      {t(`overview.${kind}.actions.${action}`)}
    </Button>
  );
}

/** One verification: its status, a rejection's reason, when it changed, and the one action the status allows. */
const StatusPanel = observer(function StatusPanel({
  kind,
  load,
  retry,
  routeId,
  notAllowed = false,
}: StatusPanelProps) {
  const { t } = useTranslation('kyc-kyb');
  const dates = useDateFormat();
  const href = useRouteHref(routeId);
  const titleId = useId();
  return (
    <section className="kyc-panel kyc-status" aria-labelledby={titleId}>
      <Typography.Title level={2} id={titleId} className="kyc-panel__title">
        {t(`overview.${kind}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="kyc-status__text">
        {t(`overview.${kind}.intro`)}
      </Typography.Paragraph>
      {load.state === 'loading' && (
        <div className="kyc-status__line" role="status">
          <Spin size="small" />
          <span>{t('loading')}</span>
        </div>
      )}
      {load.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t(`overview.${kind}.loadFailed`)}
          action={<Button onClick={retry}>{t('retry')}</Button>}
        />
      )}
      {load.state === 'ready' && (
        <>
          <div className="kyc-status__line">
            <span>{t('overview.statusLabel')}</span>
            <StatusTag status={load.value.status} />
          </div>
          {load.value.updatedAt && (
            <Typography.Text type="secondary">
              {t('overview.updatedAt', { date: dates.dateTime(load.value.updatedAt) })}
            </Typography.Text>
          )}
          {load.value.reason && load.value.status === 'rejected' && (
            <Alert type="error" showIcon message={t('overview.reason', { reason: load.value.reason })} />
          )}
          {notAllowed ? (
            <Alert type="info" showIcon message={t(`overview.${kind}.notAllowed`)} />
          ) : (
            <StatusActionButton
              kind={kind}
              action={statusAction(load.value.status, load.value.hasDraft)}
              href={href}
            />
          )}
        </>
      )}
    </section>
  );
});

/**
 * `/account`, the account overview: the user's identity verification and, inside a business organisation, the
 * business's, each with the action its status allows (start, continue, view, resubmit).
 */
const AccountOverviewPage = observer(function AccountOverviewPage() {
  const { t } = useTranslation('kyc-kyb');
  const api = useService(KycApi);
  const session = useService(SessionStore);
  const business = session.activeOrganization?.accountType === 'business';
  const access = useOrganizationAccess();
  const [store] = useState(() => new OverviewStore(api, business));
  useEffect(() => store.start(), [store]);

  return (
    <AppPage title={t('overview.title')}>
      <div className="kyc-overview">
        <StatusPanel kind="kyc" load={store.kyc} retry={() => void store.loadKyc()} routeId="kyc-kyb.kyc" />
        {business && (
          <StatusPanel
            kind="kyb"
            load={store.kyb}
            retry={() => void store.loadKyb()}
            routeId="kyc-kyb.kyb"
            notAllowed={access.status === 'ready' && !access.can('kyb.submit')}
          />
        )}
      </div>
    </AppPage>
  );
});

export default AccountOverviewPage;
