import {
  Children,
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '../validation/field-rules';
import { isValidationMessageKey, translateValidation } from '../validation/messages';
import { useRuleFormContext } from './rule-form';

function valueFromEvent(eventOrValue: unknown): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'target' in eventOrValue) {
    const target = (eventOrValue as { target: HTMLInputElement }).target;
    return target.type === 'checkbox' ? target.checked : target.value;
  }
  return eventOrValue;
}

/**
 * Re-checks a field when a field it depends on changes, once the user has edited it: a confirmation follows
 * its password, but an untouched one does not cry 'required' while the password is being typed.
 */
function useDependentCheck(name: string, dependencies: readonly string[]) {
  const { control, getFieldState, trigger } = useFormContext();
  const watched: unknown = useWatch({
    control,
    name: [...dependencies],
    disabled: dependencies.length === 0,
  });
  const key = JSON.stringify(watched);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const state = getFieldState(name);
    if (state.isDirty || state.isTouched) void trigger(name);
  }, [key, name, getFieldState, trigger]);
}

export interface FormFieldProps {
  name: string;
  label?: ReactNode;
  /** From `fieldRules`: the check, and the fields it compares with. */
  rule?: FieldRule;
  /** Help text under the control. */
  extra?: ReactNode;
  className?: string;
  /** One control: TextInput, EmailInput, PasswordInput, PhoneInput, OtpInput… */
  children: ReactElement;
}

/**
 * One field of a {@link RuleForm}: a label, the control bound to the form value, the rule's message under it
 * (translated when shown, so it follows a language change) tied to the control by aria-describedby, and
 * aria-invalid while it fails. Server messages set with `showFieldErrors` appear here too.
 * @example <FormField name="password" label={t('controls.password.label')} rule={fieldRules.password()}><PasswordInput /></FormField>
 */
export function FormField({ name, label, rule, extra, className, children }: FormFieldProps) {
  const { t } = useTranslation('core');
  const { control } = useFormContext();
  const disabled = useRuleFormContext()?.disabled ?? false;
  const { field, fieldState } = useController({
    name,
    control,
    rules: rule ? { validate: (value, values) => rule.check(value, values) ?? true } : undefined,
  });
  useDependentCheck(name, rule?.dependencies ?? []);
  const id = useId();
  const errorId = `${id}-error`;
  const extraId = `${id}-extra`;

  const message = fieldState.error?.message;
  const error = message
    ? isValidationMessageKey(message)
      ? translateValidation(t, message)
      : message
    : null;
  const child = Children.only(children);
  const controlId = (isValidElement(child) && (child.props as { id?: string }).id) || id;
  const describedBy = [error ? errorId : null, extra ? extraId : null].filter(Boolean).join(' ') || undefined;
  const childProps = child.props as {
    onChange?: (value: unknown) => void;
    onBlur?: () => void;
    disabled?: boolean;
  };
  const control_ = cloneElement(child as ReactElement<Record<string, unknown>>, {
    id: controlId,
    name: field.name,
    ref: field.ref,
    value: field.value ?? '',
    onChange: (eventOrValue: unknown) => {
      field.onChange(valueFromEvent(eventOrValue));
      childProps.onChange?.(eventOrValue);
    },
    onBlur: () => {
      field.onBlur();
      childProps.onBlur?.();
    },
    disabled: disabled || Boolean(childProps.disabled),
    status: error ? 'error' : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': rule && rule.required !== false ? true : undefined,
  });

  return (
    <div
      className={['portal-form-item', error ? 'portal-form-item--error' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      {label && (
        <label className="portal-form-item__label" htmlFor={controlId}>
          {label}
        </label>
      )}
      {control_}
      {error && (
        <div id={errorId} className="portal-form-item__error" role="alert">
          {error}
        </div>
      )}
      {extra && (
        <div id={extraId} className="portal-form-item__extra">
          {extra}
        </div>
      )}
    </div>
  );
}
