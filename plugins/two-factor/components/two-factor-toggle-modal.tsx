import { useReturnFocus } from '@core';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TwoFactorToggleModalProps {
  /** True to confirm turning 2FA on, false to confirm turning it off. */
  enable: boolean;
  busy: boolean;
  onConfirm: (enable: boolean) => void;
  onCancel: () => void;
}

/** The Enable/Disable 2FA confirmation (docs/two-factor.md). */
export default function TwoFactorToggleModal({
  enable,
  busy,
  onConfirm,
  onCancel,
}: TwoFactorToggleModalProps) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const mode = enable ? 'enable' : 'disable';
  return (
    <Modal
      open
      title={t(`twoFactor.toggle.${mode}.title`)}
      okText={t(`twoFactor.toggle.${mode}.confirm`)}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, danger: !enable }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={!busy}
      onOk={() => onConfirm(enable)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t(`twoFactor.toggle.${mode}.body`)}</Typography.Paragraph>
    </Modal>
  );
}
