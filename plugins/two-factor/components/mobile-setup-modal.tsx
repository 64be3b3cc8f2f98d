import {
  AntdSubmitButton,
  OtpInput,
  PhoneInput,
  rules,
  showServerErrorAtFields,
  useReturnFocus,
  useService,
  useUnmountSignal,
} from '@core';
import type { UserInfo } from '@contract/v1/index';
import { Button, Form, Modal, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSecurityApi } from '../api/user-security-api';
import { MobileSetupStore } from '../stores/mobile-setup-store';

interface MobileSetupValues {
  phoneNumber: string;
  otp: string;
}

export interface MobileSetupModalProps {
  /** The profile's number, offered when it already carries its country code. */
  initialPhone?: string;
  onDone: (userInfo: UserInfo) => void;
  onCancel: () => void;
}

/**
 * 'Configure mobile for 2FA' (docs/two-factor.md): a phone number that always starts with "+", Get OTP (Resend after the
 * first), the 'Resend OTP in' countdown, the code in a chip when the server returns it, and Verify, which needs
 * both the number and a 6-digit code.
 */
const MobileSetupModal = observer(function MobileSetupModal({
  initialPhone,
  onDone,
  onCancel,
}: MobileSetupModalProps) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const api = useService(UserSecurityApi);
  const [store] = useState(() => new MobileSetupStore(api));
  const [form] = Form.useForm<MobileSetupValues>();
  const phone = Form.useWatch('phoneNumber', form);
  const signal = useUnmountSignal();

  useEffect(() => () => store.dispose(), [store]);

  const requestOtp = async () => {
    try {
      await form.validateFields(['phoneNumber']);
    } catch {
      return;
    }
    await store.requestOtp(form.getFieldValue('phoneNumber'), signal());
  };

  const verify = async ({ phoneNumber, otp }: MobileSetupValues) => {
    try {
      const userInfo = await store.verify(phoneNumber, otp, signal());
      if (userInfo) onDone(userInfo);
    } catch (error) {
      if (signal().aborted) return;
      // The code is of no further use; the server's reason shows under it (or under the number it names).
      form.resetFields(['otp']);
      showServerErrorAtFields(form, error, ['otp', 'phoneNumber']);
    }
  };

  const busy = store.requesting || store.verifying;
  return (
    <Modal
      open
      title={t('twoFactor.mobile.title')}
      footer={null}
      closable={!busy}
      maskClosable={false}
      keyboard={!busy}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={verify}
        initialValues={{ phoneNumber: initialPhone?.startsWith('+') ? initialPhone : undefined }}
        className="two-factor-form"
      >
        <Form.Item label={t('twoFactor.mobile.phoneLabel')} required className="two-factor-phone">
          <div className="two-factor-phone__row">
            <Form.Item name="phoneNumber" noStyle rules={rules.phone(t, { forcePlus: true })}>
              <PhoneInput
                forcePlus
                aria-label={t('twoFactor.mobile.phoneLabel')}
                disabled={store.verifying}
              />
            </Form.Item>
            <Button
              onClick={() => void requestOtp()}
              loading={store.requesting}
              disabled={!store.canRequest(phone)}
            >
              {store.sent ? t('twoFactor.mobile.resend') : t('twoFactor.mobile.getOtp')}
            </Button>
          </div>
        </Form.Item>
        {store.resend.running && (
          <Typography.Paragraph type="secondary" className="two-factor-countdown">
            {t('twoFactor.mobile.resendIn', { count: store.resend.secondsLeft })}
          </Typography.Paragraph>
        )}
        {store.returnedOtp && (
          <p role="status" className="two-factor-chip">
            <Tag color="blue">{t('twoFactor.mobile.codeChip', { code: store.returnedOtp })}</Tag>
          </p>
        )}
        <Form.Item name="otp" label={t('twoFactor.mobile.otpLabel')} rules={rules.otp(t)}>
          <OtpInput disabled={store.verifying} />
        </Form.Item>
        <AntdSubmitButton block loading={store.verifying} loadingText={t('twoFactor.mobile.verifying')}>
          {t('twoFactor.mobile.verify')}
        </AntdSubmitButton>
      </Form>
    </Modal>
  );
});

export default MobileSetupModal;
