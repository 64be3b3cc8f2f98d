import { useTranslation } from 'react-i18next';
import { fallbackAriaLabel } from './accessible-name';
import { BaseInput, type BaseInputProps } from './base-input';

/**
 * What the phone field keeps of typed or pasted text: digits, and a "+" only in front.
 * @example sanitizePhone('+61 (412) 345-678') // '+61412345678'
 * @example sanitizePhone('0412 345', true) // '+0412345'
 */
export function sanitizePhone(raw: string, forcePlus = false): string {
  const digits = raw.replace(/\D/g, '');
  return forcePlus || raw.trimStart().startsWith('+') ? `+${digits}` : digits;
}

export interface PhoneInputProps extends Omit<BaseInputProps, 'type' | 'value' | 'onChange'> {
  value?: string;
  onChange?: (value: string) => void;
  /** The mobile 2FA number needs its country code: the field always starts with a single "+". */
  forcePlus?: boolean;
}

/**
 * A phone number field: an optional leading "+", then digits only (docs/validation-rules.md). Spaces, brackets and
 * dashes from a pasted number are dropped rather than refused.
 * @example <Form.Item name="phoneNumber" label={t('controls.phone.label')} rules={rules.phone(t, { forcePlus: true })}><PhoneInput forcePlus /></Form.Item>
 */
export function PhoneInput({ value, onChange, forcePlus = false, ...props }: PhoneInputProps) {
  const { t } = useTranslation('core');
  // An empty forced field already shows its "+" so the user sees the country code is expected.
  const shown = forcePlus && !value ? '+' : (value ?? '');
  return (
    <BaseInput
      inputMode="tel"
      autoComplete="tel"
      {...props}
      type="tel"
      // Numbers read left to right in Arabic too: the field keeps its direction in a right-to-left page.
      dir="ltr"
      value={shown}
      onChange={(event) => onChange?.(sanitizePhone(event.target.value, forcePlus))}
      aria-label={fallbackAriaLabel(props, t('controls.phone.label'))}
    />
  );
}
