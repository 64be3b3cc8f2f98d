import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useRuleFormContext } from '../form/rule-form';
import { buttonClassName, ButtonContent } from './plain-button';
import './controls.css';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** True while the request runs: the button is disabled and shows `loadingText`. */
  loading?: boolean;
  /** Wording such as 'Logging in…' or 'Saving…'; the normal label stays when omitted. */
  loadingText?: ReactNode;
  size?: 'middle' | 'large';
  /** Full width. */
  block?: boolean;
}

interface ButtonViewProps extends SubmitButtonProps {
  /** Every rule of the form passes. */
  valid: boolean;
  formDisabled: boolean;
}

function ButtonView({
  loading = false,
  loadingText,
  disabled,
  children,
  size = 'middle',
  block,
  className,
  valid,
  formDisabled,
  ...props
}: ButtonViewProps) {
  return (
    <button
      {...props}
      type="submit"
      className={buttonClassName({ variant: 'primary', size, block, loading, className })}
      disabled={disabled || formDisabled || loading || !valid}
      aria-busy={loading || undefined}
    >
      <ButtonContent loading={loading} loadingText={loadingText}>
        {children}
      </ButtonContent>
    </button>
  );
}

/**
 * The submit button of a {@link RuleForm} (react-hook-form), styled like antd's primary button: disabled until
 * every rule of the form passes and while submitting ("buttons are disabled until the form is valid",
 * docs/validation-rules.md). Must sit inside the form; antd forms use AntdSubmitButton.
 * @example <SubmitButton loading={busy} loadingText={t('login.submitting')}>{t('login.submit')}</SubmitButton>
 */
export function SubmitButton(props: SubmitButtonProps) {
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  if (!form) throw new Error('SubmitButton must sit inside a <RuleForm>; antd forms use AntdSubmitButton');
  return <RuleFormSubmitButton {...props} />;
}

function RuleFormSubmitButton(props: SubmitButtonProps) {
  const { isValid } = useFormState({ control: useFormContext().control });
  const formDisabled = useRuleFormContext()?.disabled ?? false;
  return <ButtonView {...props} valid={isValid} formDisabled={formDisabled} />;
}
