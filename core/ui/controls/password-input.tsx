import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fallbackAriaLabel } from './accessible-name';
import { BaseInput, type BaseInputProps } from './base-input';

export interface PasswordInputProps extends Omit<BaseInputProps, 'type' | 'suffix'> {
  /** 'new-password' on sign-up and change forms so password managers offer to generate one. */
  autoComplete?: 'current-password' | 'new-password';
}

// Inline eye icons: the icon library's runtime is not worth its bytes on the login page.
const Eye = ({ crossed }: { crossed: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width="16"
    height="16"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
    {crossed && <path d="M3 3l18 18" />}
  </svg>
);

/**
 * A password field with a show/hide toggle: a real button named 'Show password' with aria-pressed,
 * reachable by keyboard (antd's Input.Password toggle is an unlabelled icon the keyboard cannot reach).
 * @example <FormField name="password" label={t('controls.password.label')} rule={fieldRules.password()}><PasswordInput autoComplete="new-password" /></FormField>
 */
export function PasswordInput({ autoComplete = 'current-password', disabled, ...props }: PasswordInputProps) {
  const { t } = useTranslation('core');
  const [visible, setVisible] = useState(false);
  return (
    <BaseInput
      {...props}
      disabled={disabled}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      aria-label={fallbackAriaLabel(props, t('controls.password.label'))}
      suffix={
        <button
          type="button"
          className="portal-password-toggle"
          disabled={disabled}
          aria-label={t('controls.password.show')}
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Eye crossed={visible} />
        </button>
      }
    />
  );
}
