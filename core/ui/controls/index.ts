export { EmailInput, type EmailInputProps } from './email-input';
export { PasswordInput, type PasswordInputProps } from './password-input';
export { PhoneInput, sanitizePhone, type PhoneInputProps } from './phone-input';
export { OtpInput, type OtpInputProps } from './otp-input';
export { SubmitButton, type SubmitButtonProps } from './submit-button';
export { PlainButton, type PlainButtonProps } from './plain-button';
export { AntdSubmitButton, type AntdSubmitButtonProps } from './antd-submit-button';
export { BaseInput as TextInput, type BaseInputProps as TextInputProps } from './base-input';
export { InlineAlert, type InlineAlertProps } from './inline-alert';
