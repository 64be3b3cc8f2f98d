import { useReturnFocus } from '@core';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface DeleteAccountModalProps {
  email: string;
  busy: boolean;
  /** Whether what was typed is the account's address. */
  confirms: (typed: string) => boolean;
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}

/**
 * The last step before the account is deleted: what happens, and the account's address typed by hand, so a stray
 * click or a borrowed browser cannot delete it. The button stays disabled until the address matches.
 */
export function DeleteAccountModal({ email, busy, confirms, onConfirm, onCancel }: DeleteAccountModalProps) {
  useReturnFocus();
  const { t } = useTranslation('account-data');
  const [form] = Form.useForm<{ confirmation: string }>();
  const typed = Form.useWatch('confirmation', form) ?? '';
  return (
    <Modal
      open
      title={t('delete.dialogTitle')}
      okText={t('delete.confirm')}
      cancelText={t('cancel')}
      okButtonProps={{
        danger: true,
        loading: busy,
        disabled: !confirms(typed),
        htmlType: 'submit',
        form: 'delete-account-form',
      }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={!busy}
      keyboard={!busy}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('delete.dialogBody')}</Typography.Paragraph>
      <Typography.Paragraph>
        {t('delete.yourAddress')}{' '}
        <Typography.Text strong>
          <bdi dir="ltr">{email}</bdi>
        </Typography.Text>
      </Typography.Paragraph>
      <Form
        id="delete-account-form"
        form={form}
        layout="vertical"
        disabled={busy}
        onFinish={({ confirmation }) => {
          if (confirms(confirmation)) onConfirm(confirmation);
        }}
      >
        <Form.Item
          name="confirmation"
          label={t('delete.confirmLabel')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value || confirms(value) ? Promise.resolve() : Promise.reject(new Error(t('delete.mismatch'))),
              validateTrigger: 'onBlur',
            },
          ]}
          validateTrigger="onBlur"
        >
          <Input dir="ltr" type="email" autoComplete="off" spellCheck={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
