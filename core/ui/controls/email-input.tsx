import { useTranslation } from 'react-i18next';
import { fallbackAriaLabel } from './accessible-name';
import { BaseInput, type BaseInputProps } from './base-input';

export type EmailInputProps = Omit<BaseInputProps, 'type'>;

/**
 * An email field. `type="text"` on purpose: the browser's own email check would block submit with a
 * native bubble before the portal's own messages could show.
 * @example <FormField name="email" label={t('controls.email.label')} rule={fieldRules.email()}><EmailInput /></FormField>
 */
export function EmailInput(props: EmailInputProps) {
  const { t } = useTranslation('core');
  return (
    <BaseInput
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      type="text"
      aria-label={fallbackAriaLabel(props, t('controls.email.label'))}
    />
  );
}
