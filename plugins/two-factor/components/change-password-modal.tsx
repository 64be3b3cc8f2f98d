import { useReturnFocus } from '@core';
import type { ChangePasswordDialogProps } from '@core';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordPanel } from './change-password-panel';

export type ChangePasswordModalProps = ChangePasswordDialogProps;

/**
 * The change-password panel in a modal that closes once the change completes. Default export, so it loads only
 * when needed; this plugin lends it to other plugins' pages as core's `ChangePasswordDialog`.
 * @example
 * const ChangePassword = useProvidedComponent(ChangePasswordDialog);
 * <ChangePassword open={mustChange} reason="administratorRequest" onDone={() => setMustChange(false)} />
 */
export default function ChangePasswordModal({ open, onDone, onCancel, reason }: ChangePasswordModalProps) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const dismissable = Boolean(onCancel);
  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      footer={null}
      closable={dismissable}
      maskClosable={dismissable}
      keyboard={dismissable}
      onCancel={onCancel}
      destroyOnHidden
    >
      {reason === 'administratorRequest' && (
        <Typography.Paragraph>{t('changePassword.administratorRequest')}</Typography.Paragraph>
      )}
      <ChangePasswordPanel embedded onDone={onDone} />
    </Modal>
  );
}
