import { Button, Form, Modal, type FormInstance } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdSubmitButton } from './controls';
import { useReturnFocus } from './use-return-focus';

export interface DialogFormProps<T extends object> {
  open: boolean;
  title: ReactNode;
  submitText: ReactNode;
  busyText: ReactNode;
  busy: boolean;
  /**
   * Resolve true to close; false keeps the dialog with what was typed (the server's reason has been shown). `form` is
   * the dialog's own antd form, for a caller that clears a field after a refusal.
   */
  onSubmit: (values: T, form: FormInstance<T>) => Promise<boolean>;
  onCancel: () => void;
  initialValues?: Partial<T>;
  danger?: boolean;
  /** The fields: antd `Form.Item`s. */
  children: ReactNode;
}

/**
 * An antd `Form` in a dialog: its submit button stays disabled until every rule passes and while the request runs;
 * Enter submits, Escape cancels, and the fields are gone when it closes (nothing typed survives a cancel: the form
 * and its store live inside the dialog's body, which antd destroys when it hides).
 * Render it while the dialog is wanted: focus goes back to the control that opened it when it leaves.
 * @example
 * {inviting && <DialogForm open title={t('invite.title')} submitText={t('invite.send')} busyText={t('invite.sending')}
 *   busy={busy} onSubmit={invite} onCancel={() => setInviting(false)}>
 *   <Form.Item name="email" label={t('invite.email')} rules={rules.email(t)}><Input type="email" /></Form.Item>
 * </DialogForm>}
 */
export function DialogForm<T extends object>({ open, title, busy, onCancel, ...props }: DialogFormProps<T>) {
  useReturnFocus();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={busy ? undefined : onCancel}
      footer={null}
      destroyOnHidden
      maskClosable={!busy}
    >
      <DialogFormBody<T> open={open} busy={busy} onCancel={onCancel} {...props} />
    </Modal>
  );
}

function DialogFormBody<T extends object>({
  open,
  submitText,
  busyText,
  busy,
  onSubmit,
  onCancel,
  initialValues,
  danger,
  children,
}: Omit<DialogFormProps<T>, 'title'>) {
  const { t } = useTranslation('core');
  const [form] = Form.useForm<T>();
  const body = useRef<HTMLDivElement>(null);
  // The first field takes the focus once the dialog is open; antd focuses the dialog itself while it opens, so
  // this waits for that to have happened.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      const field = body.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea');
      if (field && !body.current?.contains(document.activeElement)) field.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <div ref={body}>
      <Form<T>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={busy}
        onFinish={async (values) => {
          if (await onSubmit(values, form)) onCancel();
        }}
      >
        {children}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onCancel} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <AntdSubmitButton loading={busy} loadingText={busyText} danger={danger}>
            {submitText}
          </AntdSubmitButton>
        </div>
      </Form>
    </div>
  );
}
