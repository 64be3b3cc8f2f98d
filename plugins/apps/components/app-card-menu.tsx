import { MoreOutlined } from '@ant-design/icons';
import type { AppListItem } from '@contract/v1/index';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

export interface AppCardMenuProps {
  app: AppListItem;
  processing: boolean;
  onSetEnabled: (enabled: boolean) => void;
}

/** The partner app's Enable/Disable menu (admin and owner only, docs/apps-and-sso.md); 'Processing' with a spinner while it runs. */
export function AppCardMenu({ app, processing, onSetEnabled }: AppCardMenuProps) {
  const { t } = useTranslation('apps');
  if (processing) {
    return (
      <span role="status" className="apps-card__menu">
        <Button type="text" size="small" loading disabled>
          {t('card.processing')}
        </Button>
      </span>
    );
  }
  const enabled = app.canLaunch;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: enabled ? 'disable' : 'enable', label: enabled ? t('card.disable') : t('card.enable') },
        ],
        onClick: () => onSetEnabled(!enabled),
      }}
    >
      <Button
        type="text"
        size="small"
        className="apps-card__menu"
        icon={<MoreOutlined />}
        aria-label={t('card.options', { title: app.title })}
      />
    </Dropdown>
  );
}
