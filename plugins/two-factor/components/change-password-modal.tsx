import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordPanel } from './change-password-panel';

export interface ChangePasswordModalProps {
  open: boolean;
  /** The password was changed: the modal is closing. */
  onDone: () => void;
  /** Omit for a modal that cannot be dismissed (an administrator asked for a new password). */
  onCancel?: () => void;
}

/**
 * The change-password panel in a modal that closes once the change completes (spec §2.8). Default export,
 * so a screen can load it only when it is needed.
 * @example
 * const ChangePasswordModal = lazy(() => import('../components/change-password-modal'));
 * <ChangePasswordModal open={mustChange} onDone={() => setMustChange(false)} />
 */
export default function ChangePasswordModal({ open, onDone, onCancel }: ChangePasswordModalProps) {
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
      <ChangePasswordPanel embedded onDone={onDone} />
    </Modal>
  );
}
