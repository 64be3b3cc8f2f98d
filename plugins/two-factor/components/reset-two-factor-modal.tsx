import { useReturnFocus } from '@core';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManagedMethod } from '../stores/two-factor-store';

export interface ResetTwoFactorModalProps {
  method: ManagedMethod;
  busy: boolean;
  onConfirm: (method: ManagedMethod) => void;
  onCancel: () => void;
}

/** 'Reset 2FA' (docs/two-factor.md): Cancel or Reset, which clears the method until it is set up again. */
export default function ResetTwoFactorModal({ method, busy, onConfirm, onCancel }: ResetTwoFactorModalProps) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const name =
    method === 'totp' ? t('twoFactor.methods.authenticator.title') : t('twoFactor.methods.mobile.title');
  return (
    <Modal
      open
      title={t('twoFactor.resetDialog.title')}
      okText={t('twoFactor.resetDialog.confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, danger: true }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={!busy}
      onOk={() => onConfirm(method)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('twoFactor.resetDialog.body', { method: name })}</Typography.Paragraph>
    </Modal>
  );
}
