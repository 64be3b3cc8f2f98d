import { Button, Form, type ButtonProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

export interface AntdSubmitButtonProps extends Omit<ButtonProps, 'htmlType' | 'loading'> {
  /** True while the request runs: the button is disabled and shows `loadingText`. */
  loading?: boolean;
  /** Spec wording such as 'LOGGING IN' or 'SAVING'; the normal label stays when omitted. */
  loadingText?: ReactNode;
}

/**
 * The submit button of an antd Form (app-layout screens; auth screens use {@link SubmitButton} in a RuleForm): disabled until every rule of the form passes and while
 * submitting ("buttons are disabled until the form is valid", docs/validation-rules.md). Must sit inside the Form.
 * @example <SubmitButton loading={store.saving} loadingText={t('changePassword.saving')}>{t('changePassword.submit')}</SubmitButton>
 */
export function AntdSubmitButton({
  loading = false,
  loadingText,
  disabled,
  children,
  type = 'primary',
  ...props
}: AntdSubmitButtonProps) {
  const form = Form.useFormInstance();
  const values: unknown = Form.useWatch([], form);
  const [valid, setValid] = useState(false);

  useEffect(() => {
    // Rules may be async; only the check for the latest values may decide.
    let latest = true;
    form.validateFields({ validateOnly: true }).then(
      () => latest && setValid(true),
      () => latest && setValid(false),
    );
    return () => {
      latest = false;
    };
  }, [form, values]);

  return (
    <Button
      {...props}
      type={type}
      htmlType="submit"
      loading={loading}
      disabled={disabled || loading || !valid}
      aria-busy={loading || undefined}
    >
      {loading && loadingText ? loadingText : children}
    </Button>
  );
}
