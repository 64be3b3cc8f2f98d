import { Input, type InputProps, type InputRef } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { fallbackAriaLabel, fieldClassName } from './accessible-name';
import './controls.css';

export interface EmailInputProps extends Omit<InputProps, 'type'> {
  ref?: Ref<InputRef>;
}

/**
 * An email field for antd forms. `type="text"` on purpose: the browser's own email check would block
 * submit with a native bubble before the portal's messages (spec §5) could show.
 * @example <Form.Item name="email" label={t('controls.email.label')} rules={rules.email(t)}><EmailInput /></Form.Item>
 */
export function EmailInput({ className, ...props }: EmailInputProps) {
  const { t } = useTranslation('core');
  return (
    <Input
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      type="text"
      aria-label={fallbackAriaLabel(props, t('controls.email.label'))}
      className={fieldClassName(className)}
    />
  );
}
