import { Button, Form, type ButtonProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface AntdSubmitButtonProps extends Omit<ButtonProps, 'htmlType' | 'loading'> {
  /** True while the request runs: the button is disabled and shows `loadingText`. */
  loading?: boolean;
  /** Wording such as 'Logging in…' or 'Saving…'; the normal label stays when omitted. */
  loadingText?: ReactNode;
}

/**
 * The submit button of an antd Form (app-layout screens; auth screens use {@link SubmitButton} in a RuleForm): disabled until every rule of the form passes and while
 * submitting ("buttons are disabled until the form is valid", docs/validation-rules.md); Enter in a field submits while
 * the check catches up. Must sit inside the Form.
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
    // Rules may be async; only the check for the latest values may decide. rc-field-form refuses a check that
    // another validation (a field's own, a submit) overtook, even when every rule passed: no errors means valid.
    let latest = true;
    form.validateFields({ validateOnly: true }).then(
      () => latest && setValid(true),
      (refusal: { errorFields?: unknown[] }) => latest && setValid(refusal.errorFields?.length === 0),
    );
    return () => {
      latest = false;
    };
  }, [form, values]);

  // Enter in a field while this button still waits for the asynchronous check of the rules: a browser ignores Enter
  // when the default button is disabled, so an Enter right after the last keystroke or an autofill did nothing. The
  // form takes it and checks every rule itself (docs/validation-rules.md); RuleForm does the same for the auth
  // screens. On the document, so that controls using Enter themselves (an open select) have said so first, and so
  // that a form in a dialog's portal is reached too.
  const button = useRef<HTMLButtonElement>(null);
  const waitingOnRules = !disabled && !loading && !valid;
  useEffect(() => {
    const element = button.current;
    if (!element || !waitingOnRules) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const field = event.target as HTMLInputElement;
      if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing || !element.disabled) return;
      if (field.localName !== 'input' || /^(checkbox|radio)$/.test(field.type)) return;
      if (!element.form || field.form !== element.form) return;
      event.preventDefault();
      form.submit();
    };
    const document = element.ownerDocument;
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [form, waitingOnRules]);

  return (
    <Button
      {...props}
      ref={button}
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
