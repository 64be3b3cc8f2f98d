import { useReturnFocus } from '@core';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ResetMobileOtpModalProps {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Reset mobile OTP' (docs/account-settings.md): a new phone number resets mobile 2FA, so the save waits for this answer. */
export default function ResetMobileOtpModal({ busy, onConfirm, onCancel }: ResetMobileOtpModalProps) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  return (
    <Modal
      open
      title={t('profile.resetOtp.title')}
      okText={t('profile.resetOtp.confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={!busy}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('profile.resetOtp.body')}</Typography.Paragraph>
    </Modal>
  );
}
