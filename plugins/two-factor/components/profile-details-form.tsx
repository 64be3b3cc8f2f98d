import { AntdSubmitButton, EmailInput, PhoneInput, rules, useUnmountSignal } from '@core';
import type { UserInfo } from '@contract/v1/index';
import { LockOutlined } from '@ant-design/icons';
import { Form, Input, type InputProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileDetailsStore } from '../stores/profile-details-store';
import { ChangeEmail } from './change-email';

const ResetMobileOtpModal = lazy(() => import('./reset-mobile-otp-modal'));

type ProfileFields = ReturnType<typeof initialValues>;

/**
 * A field the user cannot edit here, drawn so it does not look like one that can (#39 item 2): antd's filled
 * variant (no input border) and a lock; the browser's own read-only state tells assistive technology.
 */
function ReadOnlyInput(props: InputProps) {
  return <Input {...props} readOnly variant="filled" suffix={<LockOutlined aria-hidden />} />;
}

function initialValues(info: UserInfo) {
  return {
    firstName: info.name.first,
    lastName: info.name.last,
    email: info.email,
    phoneNumber: info.phone.phoneNumber ?? undefined,
    recoveryMail: info.recovery_mail ?? undefined,
  };
}

/**
 * The editable part of Profile details (docs/account-settings.md): names and email read-only, phone and recovery email
 * editable, 'Save and update'. What the user typed stays after a failed save.
 */
export const ProfileDetailsForm = observer(function ProfileDetailsForm({
  store,
}: {
  store: ProfileDetailsStore;
}) {
  const { t } = useTranslation('two-factor');
  const signal = useUnmountSignal();
  const info = store.profile.userInfo!;
  const [form] = Form.useForm<ProfileFields>();
  const namesHint = useId();
  // The page may open on the profile read at the last visit; when the fresh one arrives (or a save answers), the
  // fields show it, except those the user has started editing.
  useEffect(() => {
    const fresh = initialValues(info);
    const untouched = (Object.keys(fresh) as (keyof ProfileFields)[]).filter((name) => !form.isFieldTouched(name));
    form.setFieldsValue(Object.fromEntries(untouched.map((name) => [name, fresh[name]])));
  }, [form, info]);
  return (
    <>
      <Form<ProfileFields>
        form={form}
        layout="vertical"
        initialValues={initialValues(info)}
        onFinish={(values) => void store.submit(values, signal())}
        disabled={store.saving}
        className="two-factor-form two-factor-form--wide"
      >
        <div className="two-factor-form__columns">
          <Form.Item name="firstName" label={t('core:controls.firstName.label')}>
            <ReadOnlyInput aria-describedby={namesHint} />
          </Form.Item>
          <Form.Item name="lastName" label={t('core:controls.lastName.label')}>
            <ReadOnlyInput aria-describedby={namesHint} />
          </Form.Item>
        </div>
        <p id={namesHint} className="two-factor-form__hint">
          {t('profile.namesReadOnly')}
        </p>
        <Form.Item
          name="email"
          label={t('core:controls.email.label')}
          extra={<ChangeEmail currentEmail={info.email} />}
        >
          <ReadOnlyInput dir="ltr" />
        </Form.Item>
        <div className="two-factor-form__columns">
          <Form.Item name="phoneNumber" label={t('core:controls.phone.label')} rules={rules.phone(t)}>
            <PhoneInput placeholder={t('core:controls.phone.placeholder')} />
          </Form.Item>
          <Form.Item
            name="recoveryMail"
            label={t('profile.recoveryEmail')}
            rules={rules.email(t, { required: false })}
          >
            <EmailInput />
          </Form.Item>
        </div>
        <AntdSubmitButton loading={store.saving && !store.pending} loadingText={t('profile.saving')}>
          {t('profile.save')}
        </AntdSubmitButton>
      </Form>
      <Suspense fallback={null}>
        {store.pending && (
          <ResetMobileOtpModal
            busy={store.saving}
            onConfirm={() => void store.confirmPending(signal())}
            onCancel={() => store.cancelPending()}
          />
        )}
      </Suspense>
    </>
  );
});
