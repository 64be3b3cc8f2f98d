import { EmailInput, rules, TaggedText, useReturnFocus, useService, useUnmountSignal } from '@core';
import { EMAIL_CHANGE_LIMITS } from '@contract/v1/email-change-limits';
import { Button, Checkbox, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailChangeApi } from '../api/email-change-api-token';

interface ChangeEmailValues {
  newEmail: string;
  endOtherSessions: boolean;
}

const FORM_ID = 'change-email-form';
/** An address inside a sentence keeps its left-to-right order in Arabic. */
const ADDRESS = { email: <bdi dir="ltr" /> };

/**
 * Asks for the new address and sends the link (docs/account-settings.md#changing-the-email-address). Once sent it
 * says where the link went, the same whether or not the address already has an account: the server does not tell.
 */
function ChangeEmailModal({ currentEmail, onClose }: { currentEmail: string; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const api = useService(EmailChangeApi);
  const signal = useUnmountSignal();
  const [form] = Form.useForm<ChangeEmailValues>();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const minutes = EMAIL_CHANGE_LIMITS.confirmLinkValidMinutes;

  const send = async ({ newEmail, endOtherSessions }: ChangeEmailValues) => {
    setSending(true);
    try {
      const { data } = await api.request({ newEmail: newEmail.trim(), endOtherSessions }, signal());
      setSentTo(data.newEmail);
    } catch {
      // The HTTP client has shown why; what was typed stays for another try.
    } finally {
      if (!signal().aborted) setSending(false);
    }
  };

  if (sentTo) {
    return (
      <Modal
        open
        title={t('emailChange.sentTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('emailChange.done')}
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph role="status">
          <TaggedText text={t('emailChange.sent', { email: sentTo, minutes })} components={ADDRESS} />
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('emailChange.sentHint')}</Typography.Paragraph>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('emailChange.title')}
      okText={t('emailChange.send')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: sending, htmlType: 'submit', form: FORM_ID }}
      cancelButtonProps={{ disabled: sending }}
      closable={!sending}
      maskClosable={!sending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <TaggedText text={t('emailChange.current', { email: currentEmail })} components={ADDRESS} />
      </Typography.Paragraph>
      <Typography.Paragraph>{t('emailChange.explain', { minutes })}</Typography.Paragraph>
      <Form<ChangeEmailValues>
        id={FORM_ID}
        form={form}
        layout="vertical"
        initialValues={{ newEmail: '', endOtherSessions: false }}
        disabled={sending}
        onFinish={(values) => void send(values)}
      >
        <Form.Item name="newEmail" label={t('emailChange.newEmail')} rules={rules.email(t)}>
          <EmailInput />
        </Form.Item>
        <Form.Item name="endOtherSessions" valuePropName="checked">
          <Checkbox>{t('emailChange.endOtherSessions')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 'Change email' under the read-only Email of the profile, and its dialog. */
export function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('two-factor');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" className="two-factor-email-change__open" onClick={() => setOpen(true)}>
        {t('emailChange.open')}
      </Button>
      {open && <ChangeEmailModal currentEmail={currentEmail} onClose={() => setOpen(false)} />}
    </>
  );
}
