import { useReturnFocus } from '@core';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export interface OrgsTwoFactorNoticeModalProps {
  /** True while 2FA is being switched on: both buttons wait. */
  busy: boolean;
  onAnswer: (answer: 'skip' | 'proceed') => void;
}

/**
 * The organisation enforces 2FA and the user has it off (docs/organisation-selection.md). Both answers switch 2FA on (email codes
 * work at once); Proceed also opens the security settings to add an authenticator or a phone.
 */
export default function OrgsTwoFactorNoticeModal({ busy, onAnswer }: OrgsTwoFactorNoticeModalProps) {
  useReturnFocus();
  const { t } = useTranslation('auth');
  return (
    <Modal
      open
      title={t('orgs.twoFactorNotice.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={[
        <Button key="skip" disabled={busy} onClick={() => onAnswer('skip')}>
          {t('orgs.twoFactorNotice.skip')}
        </Button>,
        <Button key="proceed" type="primary" disabled={busy} onClick={() => onAnswer('proceed')}>
          {t('orgs.twoFactorNotice.proceed')}
        </Button>,
      ]}
    >
      <p>{t('orgs.twoFactorNotice.body')}</p>
    </Modal>
  );
}
