import { endpoints } from '@contract/v1/endpoints';
import type { ReauthMethod } from '@contract/v1/reauth';
import { Button, Form, Modal, Radio } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { ApiError, HttpClient } from '../http/http-client';
import { AntdThemeProvider } from '../theme/antd-theme-provider';
import { AntdSubmitButton } from '../ui/controls/antd-submit-button';
import { OtpInput } from '../ui/controls/otp-input';
import { PasswordInput } from '../ui/controls/password-input';
import { useUnmountSignal } from '../ui/use-unmount-signal';
import { antdRules, rules } from '../ui/validation/antd-rules';
import { fieldRules } from '../ui/validation/field-rules';
import { ReauthController } from './reauth-controller';
import './reauth-dialog.css';

type Method = 'password' | ReauthMethod;

interface Values {
  password?: string;
  code?: string;
}

/**
 * The methods this user can prove it is them with: the password always; with two-factor authentication on, the
 * authenticator (when enabled) and the email code too. The profile says which; without it, the password.
 */
function useMethods(): { methods: Method[]; email: string | null } {
  const http = useService(HttpClient);
  const signal = useUnmountSignal();
  const [state, setState] = useState<{ methods: Method[]; email: string | null }>({
    methods: ['password'],
    email: null,
  });
  useEffect(() => {
    http.call(endpoints.user, undefined, { silent: true, signal: signal() }).then(
      ({ data }) => {
        const twoFactor = data.userInfo.twoFactorAuthentication;
        const methods: Method[] = ['password'];
        if (twoFactor.enabled && twoFactor.totp.enabled) methods.push('totp');
        if (twoFactor.enabled && twoFactor.email.enabled) methods.push('email');
        setState({ methods, email: data.userInfo.email });
      },
      () => {
        // The password works for everybody: the dialog stays usable without the profile.
      },
    );
  }, [http, signal]);
  return state;
}

/**
 * 'Confirm it's you' (docs/two-factor.md#recent-authentication): shown by {@link ReauthDialogHost} while a sensitive
 * call waits for a fresh proof. The password, or an authenticator or email code for users with 2FA on, goes to
 * `POST /v1/reauth`; once accepted, the waiting calls are sent again. Cancel (or Escape) leaves them refused.
 */
export const ReauthDialog = observer(function ReauthDialog() {
  const controller = useService(ReauthController);
  const http = useService(HttpClient);
  const { t } = useTranslation('core');
  const signal = useUnmountSignal();
  const { methods, email } = useMethods();
  const [method, setMethod] = useState<Method>('password');
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The field takes the focus once the dialog has opened (antd first focuses the dialog itself) and on each
  // change of method, so the keyboard alone can answer.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), [method]);

  const choose = (next: Method) => {
    setMethod(next);
    setProblem(null);
    form.resetFields();
  };

  /** A refused proof: the field's own message under the field, anything else (a pause, the network) above the buttons. */
  const show = (error: unknown) => {
    if (!(error instanceof ApiError) || error.aborted) return;
    const field = method === 'password' ? 'password' : 'code';
    const own =
      error.fieldErrors.find((e) => e.field === field)?.msg ?? (error.status === 400 ? error.message : null);
    if (own) form.setFields([{ name: field, errors: [own], value: '' }]);
    else setProblem(error.message);
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    setProblem(null);
    const body =
      method === 'password' ? { password: values.password ?? '' } : { method, code: values.code ?? '' };
    try {
      await http.call(endpoints.reauthenticate, { body }, { silent: true, signal: signal() });
      controller.succeeded();
    } catch (error) {
      show(error);
      setSubmitting(false);
    }
  };

  const sendCode = async () => {
    setSending(true);
    setProblem(null);
    try {
      await http.call(endpoints.requestReauthCode, undefined, { silent: true, signal: signal() });
      setCodeSent(true);
    } catch (error) {
      if (error instanceof ApiError && !error.aborted) setProblem(error.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <AntdThemeProvider>
      <Modal
        open
        title={t('reauth.title')}
        footer={null}
        closable={!submitting}
        maskClosable={false}
        keyboard={!submitting}
        onCancel={controller.cancel}
        destroyOnHidden
        centered
        afterOpenChange={(open) => open && field.current?.focus()}
      >
        <p>{t(`reauth.intro.${method}`)}</p>
        {methods.length > 1 && (
          <fieldset className="portal-reauth__methods">
            <legend>{t('reauth.method.legend')}</legend>
            <Radio.Group
              value={method}
              onChange={(event) => choose(event.target.value as Method)}
              disabled={submitting}
            >
              {methods.map((m) => (
                <Radio key={m} value={m}>
                  {t(`reauth.method.${m}`)}
                </Radio>
              ))}
            </Radio.Group>
          </fieldset>
        )}
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} disabled={submitting}>
          {method === 'password' ? (
            <Form.Item
              name="password"
              label={t('reauth.passwordLabel')}
              rules={antdRules(t, fieldRules.loginPassword())}
            >
              <PasswordInput ref={field} autoComplete="current-password" />
            </Form.Item>
          ) : (
            <>
              {method === 'email' && (
                <div className="portal-reauth__send">
                  <Button onClick={() => void sendCode()} loading={sending} disabled={submitting}>
                    {codeSent ? t('reauth.resendCode') : t('reauth.sendCode')}
                  </Button>
                  {codeSent && <p role="status">{t('reauth.codeSent', { email: email ?? '' })}</p>}
                </div>
              )}
              <Form.Item name="code" label={t('reauth.codeLabel')} rules={rules.otp(t)}>
                <OtpInput ref={field} />
              </Form.Item>
            </>
          )}
          {problem && (
            <p role="alert" className="portal-reauth__problem">
              {problem}
            </p>
          )}
          <div className="portal-reauth__actions">
            <Button onClick={controller.cancel} disabled={submitting}>
              {t('reauth.cancel')}
            </Button>
            <AntdSubmitButton loading={submitting}>{t('reauth.confirm')}</AntdSubmitButton>
          </div>
        </Form>
      </Modal>
    </AntdThemeProvider>
  );
});

export default ReauthDialog;
