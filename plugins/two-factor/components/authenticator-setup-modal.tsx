import {
  AntdSubmitButton,
  OtpInput,
  rules,
  showServerErrorAtFields,
  useReturnFocus,
  useService,
  useUnmountSignal,
} from '@core';
import type { UserInfo } from '@contract/v1/index';
import { Alert, Button, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSecurityApi } from '../api/user-security-api';
import { AuthenticatorSetupStore } from '../stores/authenticator-setup-store';

/** How long the button reads 'Copied' before offering to copy again. */
export const COPIED_FEEDBACK_MS = 2000;

export interface AuthenticatorSetupModalProps {
  onDone: (userInfo: UserInfo) => void;
  onCancel: () => void;
}

/**
 * 'Two factor code' (docs/two-factor.md): the QR code of the otpauth URL, the secret to type or copy, and the
 * 6-digit code from the app. Accepting the code enables the authenticator and overall 2FA.
 */
const AuthenticatorSetupModal = observer(function AuthenticatorSetupModal({
  onDone,
  onCancel,
}: AuthenticatorSetupModalProps) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const api = useService(UserSecurityApi);
  const [store] = useState(() => new AuthenticatorSetupStore(api));
  const [form] = Form.useForm<{ code: string }>();
  const signal = useUnmountSignal();
  const secretId = useId();
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    void store.start(signal());
    return () => clearTimeout(copiedTimer.current);
  }, [store, signal]);

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      // No clipboard (plain http, permission refused): select the text so the user can copy it by hand.
      (document.getElementById(secretId) as HTMLInputElement | null)?.select();
      return;
    }
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  };

  const submit = async ({ code }: { code: string }) => {
    try {
      const userInfo = await store.submit(code, signal());
      if (userInfo) onDone(userInfo);
    } catch (error) {
      if (signal().aborted) return;
      // A refused code is of no further use: the field empties, with the server's reason under it.
      form.resetFields(['code']);
      showServerErrorAtFields(form, error, ['code']);
    }
  };

  const setup = store.setup;
  return (
    <Modal
      open
      title={t('twoFactor.authenticator.title')}
      footer={null}
      closable={!store.submitting}
      maskClosable={false}
      keyboard={!store.submitting}
      onCancel={onCancel}
      destroyOnHidden
    >
      {store.phase === 'loading' && (
        <div role="status" className="two-factor-panel__loading">
          <Spin />
          <span className="portal-visually-hidden">{t('twoFactor.authenticator.loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('twoFactor.authenticator.failed')}
          action={<Button onClick={() => void store.start(signal())}>{t('retry')}</Button>}
        />
      )}
      {store.phase === 'ready' && setup && (
        <>
          <Typography.Paragraph>{t('twoFactor.authenticator.scan')}</Typography.Paragraph>
          {/* The svg itself is the image (qrcode.react gives it role="img"): its name goes on it, not on a wrapper. */}
          <div className="two-factor-qr">
            <QRCodeSVG
              value={setup.url}
              size={176}
              marginSize={2}
              role="img"
              aria-label={t('twoFactor.authenticator.qrLabel')}
            />
          </div>
          <label htmlFor={secretId} className="two-factor-secret__label">
            {t('twoFactor.authenticator.secretLabel')}
          </label>
          <Space.Compact className="two-factor-secret">
            <Input id={secretId} readOnly value={setup.secret} className="two-factor-secret__value" />
            <Button onClick={() => void copy(setup.secret)} aria-live="polite">
              {copied ? t('twoFactor.authenticator.copied') : t('twoFactor.authenticator.copy')}
            </Button>
          </Space.Compact>
          <Form
            form={form}
            layout="vertical"
            onFinish={submit}
            disabled={store.submitting}
            className="two-factor-form"
          >
            <Form.Item name="code" label={t('twoFactor.authenticator.codeLabel')} rules={rules.otp(t)}>
              <OtpInput autoFocus />
            </Form.Item>
            <AntdSubmitButton
              block
              loading={store.submitting}
              loadingText={t('twoFactor.authenticator.submitting')}
            >
              {t('twoFactor.authenticator.submit')}
            </AntdSubmitButton>
          </Form>
        </>
      )}
    </Modal>
  );
});

export default AuthenticatorSetupModal;
