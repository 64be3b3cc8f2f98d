import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './use-return-focus';

export interface ConfirmDialogProps {
  title: ReactNode;
  children: ReactNode;
  confirmText: ReactNode;
  /** While the confirmed action runs: the confirm button spins and nothing else can be pressed. */
  busy?: boolean;
  /** Red confirm button, for what cannot be undone (default). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone (remove a member, delete a card, end a session, reset a brand).
 * Render it while asking and remove it to close: focus goes back to the control that opened it, and Escape,
 * the mask and Cancel do nothing while the action runs.
 * @example
 * {asking && <ConfirmDialog title={t('remove.title')} confirmText={t('remove.confirm')} busy={busy}
 *   onConfirm={remove} onCancel={() => setAsking(false)}>{t('remove.body')}</ConfirmDialog>}
 */
export function ConfirmDialog({
  title,
  children,
  confirmText,
  busy = false,
  danger = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  useReturnFocus();
  const { t } = useTranslation('core');
  return (
    <Modal
      open
      title={title}
      okText={confirmText}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ danger, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={onConfirm}
      onCancel={busy ? undefined : onCancel}
      maskClosable={!busy}
      keyboard={!busy}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
