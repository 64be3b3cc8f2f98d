import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Input, type InputProps, type InputRef } from 'antd';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { fallbackAriaLabel, fieldClassName } from './accessible-name';
import './controls.css';

export interface PasswordInputProps extends Omit<InputProps, 'type' | 'suffix'> {
  ref?: Ref<InputRef>;
  /** 'new-password' on sign-up and change forms so password managers offer to generate one. */
  autoComplete?: 'current-password' | 'new-password';
}

/**
 * A password field with a show/hide toggle. antd's Input.Password toggle is an unlabelled icon that
 * the keyboard cannot reach; this one is a real button named 'Show password' with aria-pressed.
 * @example <Form.Item name="password" label={t('controls.password.label')} rules={rules.password(t)}><PasswordInput autoComplete="new-password" /></Form.Item>
 */
export function PasswordInput({
  className,
  autoComplete = 'current-password',
  disabled,
  ...props
}: PasswordInputProps) {
  const { t } = useTranslation('core');
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      disabled={disabled}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      aria-label={fallbackAriaLabel(props, t('controls.password.label'))}
      className={fieldClassName(className)}
      suffix={
        <Button
          type="text"
          size="small"
          htmlType="button"
          className="portal-password-toggle"
          disabled={disabled}
          aria-label={t('controls.password.show')}
          aria-pressed={visible}
          aria-controls={props.id}
          icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
