import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { useContext, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { fieldClassName } from './accessible-name';
import './controls.css';

export interface BaseInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> {
  ref?: Ref<HTMLInputElement>;
  /** 'error' draws the error border (set by FormField; antd's Form.Item styles it through its class). */
  status?: 'error' | 'warning' | '';
  size?: 'middle' | 'large';
  /** Content at the end of the box, inside its border (the password toggle). */
  suffix?: ReactNode;
}

/**
 * A plain `<input>` styled like antd's Input. The auth screens' fields are built on it rather than on
 * antd's Input (~20 KiB gzip with its clear button, count and resize machinery), which the login page's
 * first-paint budget cannot pay. It still honours an antd Form's `disabled`.
 */
export function BaseInput({
  ref,
  status,
  size = 'middle',
  suffix,
  className,
  disabled,
  ...props
}: BaseInputProps) {
  const formDisabled = useContext(DisabledContext);
  const isDisabled = disabled ?? formDisabled ?? false;
  const modifiers = [
    size === 'large' ? 'portal-input--large' : '',
    status ? `portal-input--${status}` : '',
    isDisabled ? 'portal-input--disabled' : '',
  ];
  if (!suffix) {
    return (
      <input
        ref={ref}
        {...props}
        disabled={isDisabled}
        className={fieldClassName('portal-input', ...modifiers, className)}
      />
    );
  }
  return (
    <span className={fieldClassName('portal-input', 'portal-input--affix', ...modifiers, className)}>
      <input ref={ref} {...props} disabled={isDisabled} className="portal-input__inner" />
      <span className="portal-input__suffix">{suffix}</span>
    </span>
  );
}
