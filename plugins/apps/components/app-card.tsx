import { Bdi, Ltr, PortalConfig, TaggedText, useService } from '@core';
import type { AppListItem } from '@contract/v1/index';
import { Badge, Button, Tooltip, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCardMenu } from './app-card-menu';
import { appTexts } from './app-texts';

export interface AppCardProps {
  app: AppListItem;
  launching: boolean;
  processing: boolean;
  /** Admin or owner: partner apps get the Enable/Disable menu, and a disabled Launch says to enable the service. */
  canManage: boolean;
  onLaunch: (app: AppListItem) => void;
  onSetEnabled: (app: AppListItem, enabled: boolean) => void;
}

/**
 * One app of the dashboard (docs/apps-and-sso.md): title, description, Launch, its state ('Service online', 'No
 * access', 'Service disabled') and 'Learn more'. A Launch that cannot work says why and who can change it.
 */
export function AppCard({ app, launching, processing, canManage, onLaunch, onSetEnabled }: AppCardProps) {
  const { t } = useTranslation('apps');
  const titleId = useId();
  const reasonId = useId();
  const { supportEmail } = useService(PortalConfig);
  const { title, description } = appTexts(t, app);
  // A first-party app the organisation cannot launch is one whose portal it has no access to: only the product's
  // support can grant it. A partner app that cannot launch is one the organisation disabled.
  const noAccess = !app.canLaunch && !app.thirdParty;
  const reason = noAccess
    ? (
        <TaggedText
          text={t('card.cannotLaunch.noAccess', { title, supportEmail })}
          components={{ app: <Bdi />, email: <Ltr /> }}
        />
      )
    : canManage
      ? t('card.cannotLaunch.manager')
      : t('card.cannotLaunch.member');

  const launch = (
    <Button
      type="primary"
      loading={launching}
      disabled={!app.canLaunch}
      aria-describedby={app.canLaunch ? titleId : `${titleId} ${reasonId}`}
      // Synchronously, so the tab opens inside the click's user activation.
      onClick={() => onLaunch(app)}
    >
      {t('card.launch')}
    </Button>
  );

  return (
    // A styled article rather than antd's Card: Card brings Tabs for a tab list the cards never show, 14 KiB gzip of
    // the dashboard's first paint (docs/performance.md).
    <article className="apps-card" aria-labelledby={titleId}>
      <div className="apps-card__head">
        <Typography.Title level={2} id={titleId} className="apps-card__title">
          <Bdi>{title}</Bdi>
        </Typography.Title>
        {app.thirdParty && canManage && (
          <AppCardMenu
            app={app}
            processing={processing}
            onSetEnabled={(enabled) => onSetEnabled(app, enabled)}
          />
        )}
      </div>
      <Typography.Paragraph className="apps-card__description">
        <Bdi>{description}</Bdi>
      </Typography.Paragraph>
      <Badge
        status={app.canLaunch ? 'success' : 'default'}
        text={app.canLaunch ? t('card.online') : noAccess ? t('card.noAccess') : t('card.disabled')}
        className="apps-card__status"
      />
      <div className="apps-card__actions">
        <a href={app.referenceLink} target="_blank" rel="noopener noreferrer">
          {t('card.learnMore')}
        </a>
        {app.canLaunch ? (
          launch
        ) : (
          // A disabled button gets no pointer or focus events: the wrapper carries the tooltip.
          <Tooltip title={reason} trigger={['hover', 'focus']}>
            <span className="apps-card__launch-hint" tabIndex={0}>
              {launch}
              <span id={reasonId} hidden>
                {reason}
              </span>
            </span>
          </Tooltip>
        )}
      </div>
    </article>
  );
}
