import { ProForm, type ProFormInstance } from '@ant-design/pro-components';
import { Button, Modal } from 'antd';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdSubmitButton } from './controls';
import { useReturnFocus } from './use-return-focus';

export interface DialogFormProps<T extends object> {
  open: boolean;
  title: ReactNode;
  submitText: ReactNode;
  busyText: ReactNode;
  busy: boolean;
  /** Resolve true to close; false keeps the dialog with what was typed (the server's reason has been shown). */
  onSubmit: (values: T) => Promise<boolean>;
  onCancel: () => void;
  initialValues?: Partial<T>;
  danger?: boolean;
  children: ReactNode;
  formRef?: RefObject<ProFormInstance<T> | undefined>;
}

/**
 * A ProForm in a dialog: its submit button stays disabled until every rule passes and while the request runs;
 * Enter submits, Escape cancels, and the fields are gone when it closes (nothing typed survives a cancel).
 * Render it while the dialog is wanted: focus goes back to the control that opened it when it leaves.
 * @example
 * {inviting && <DialogForm open title={t('invite.title')} submitText={t('invite.send')} busyText={t('invite.sending')}
 *   busy={busy} onSubmit={invite} onCancel={() => setInviting(false)}><ProFormText name="email" … /></DialogForm>}
 */
export function DialogForm<T extends object>({
  open,
  title,
  submitText,
  busyText,
  busy,
  onSubmit,
  onCancel,
  initialValues,
  danger,
  children,
  formRef,
}: DialogFormProps<T>) {
  useReturnFocus();
  const { t } = useTranslation('core');
  const body = useRef<HTMLDivElement>(null);
  // The first field takes the focus once the dialog is open; antd focuses the dialog itself while it opens, so
  // this waits for that to have happened.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      // ProForm renders a hidden text input first (Enter handling); skip it.
      const field = [...(body.current?.querySelectorAll<HTMLElement>('input, textarea') ?? [])].find(
        (element) => element.getAttribute('type') !== 'hidden' && element.style.display !== 'none',
      );
      if (field && !body.current?.contains(document.activeElement)) field.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={busy ? undefined : onCancel}
      footer={null}
      destroyOnHidden
      maskClosable={!busy}
    >
      <div ref={body}>
        <ProForm<T>
          layout="vertical"
          autoFocusFirstInput={false}
          formRef={formRef}
          initialValues={initialValues}
          disabled={busy}
          onFinish={async (values) => {
            if (await onSubmit(values)) onCancel();
          }}
          submitter={{
            render: () => (
              <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
                <Button onClick={onCancel} disabled={busy}>
                  {t('dialog.cancel')}
                </Button>
                <AntdSubmitButton loading={busy} loadingText={busyText} danger={danger}>
                  {submitText}
                </AntdSubmitButton>
              </div>
            ),
          }}
        >
          {children}
        </ProForm>
      </div>
    </Modal>
  );
}
