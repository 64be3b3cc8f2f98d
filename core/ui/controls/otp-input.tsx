import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '../validation/limits';
import { fallbackAriaLabel } from './accessible-name';
import { BaseInput, type BaseInputProps } from './base-input';

export interface OtpInputProps extends Omit<BaseInputProps, 'type' | 'value' | 'onChange' | 'maxLength'> {
  value?: string;
  onChange?: (value: string) => void;
  length?: number;
}

/**
 * A one-time code field: digits only, at most 6. One labelled input rather than antd's Input.OTP,
 * whose six boxes carry fixed English names ("OTP Input 1"...) and which reports a value only once
 * every box is filled, so a form could not tell "3 digits typed" from "nothing typed".
 * No maxLength: the browser would cut a pasted "123 456" before the space is removed.
 * @example <Form.Item name="code" label={t('controls.otp.label')} rules={rules.otp(t)}><OtpInput /></Form.Item>
 */
export function OtpInput({ value, onChange, length = OTP_LENGTH, className, ...props }: OtpInputProps) {
  const { t } = useTranslation('core');
  return (
    <BaseInput
      inputMode="numeric"
      autoComplete="one-time-code"
      {...props}
      type="text"
      // Codes read left to right in Arabic too: the field keeps its direction in a right-to-left page.
      dir="ltr"
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, length))}
      aria-label={fallbackAriaLabel(props, t('controls.otp.label'))}
      className={['portal-otp-input', className].filter(Boolean).join(' ')}
    />
  );
}
