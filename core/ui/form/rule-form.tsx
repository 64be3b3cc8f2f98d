import {
  createContext,
  useContext,
  useEffect,
  useState,
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  FormProvider,
  useForm,
  type FieldValues,
  type UseFormProps,
  type Control,
  type UseFormReturn,
} from 'react-hook-form';
import { InlineAlert } from '../controls/inline-alert';
import { registerFormMessage } from './form-message';
import './form-field.css';

interface RuleFormContextValue {
  disabled: boolean;
}

const RuleFormContext = createContext<RuleFormContextValue | null>(null);

/** The {@link RuleForm} a control sits in (its `disabled`), or null outside one. */
export function useRuleFormContext(): RuleFormContextValue | null {
  return useContext(RuleFormContext);
}

/**
 * A react-hook-form form that checks each field as it changes, like the portal's forms always have:
 * a message appears under a field as soon as an edit breaks its rule, and the submit button waits for
 * every rule to pass. Pass `defaultValues` for every field so a reset returns to them.
 * @example const form = useRuleForm<LoginValues>({ defaultValues: { email: '', password: '' } });
 */
export function useRuleForm<V extends FieldValues>(options: UseFormProps<V> = {}): UseFormReturn<V> {
  return useForm<V>({ mode: 'onChange', shouldFocusError: true, ...options });
}

export interface RuleFormProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** Called with the values once every rule passes; the first invalid field gets the focus otherwise. */
  onSubmit: (values: V) => unknown;
  /** Disables every control and ignores submits (while a request runs). */
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  name?: string;
  children?: ReactNode;
}

/**
 * The form of the auth screens: react-hook-form with the plain controls of core/ui (antd's Form does not fit
 * the login page's size budget, docs/performance.md). Fields are {@link FormField}s with rules from
 * `fieldRules`; the submit button is `SubmitButton`.
 * @example
 * const form = useRuleForm<LoginValues>({ defaultValues: { email: '', password: '' } });
 * <RuleForm form={form} onSubmit={logIn} disabled={busy}>
 *   <FormField name="email" label={t('email')} rule={fieldRules.email()}><EmailInput /></FormField>
 *   <SubmitButton loading={busy}>{t('submit')}</SubmitButton>
 * </RuleForm>
 */
export function RuleForm<V extends FieldValues>({
  form,
  onSubmit,
  disabled = false,
  className,
  style,
  name,
  children,
}: RuleFormProps<V>) {
  // The server's answer to the last submit when it concerns the whole form (showServerError, form-message.ts).
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => registerFormMessage(form.control as unknown as Control<never>, setMessage), [form.control]);
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    if (disabled) {
      event?.preventDefault();
      return;
    }
    setMessage(null);
    void form.handleSubmit(async (values) => {
      await onSubmit(values);
    })(event);
  };
  // Enter in a field while the submit button still waits for the asynchronous check of the rules: a browser
  // ignores Enter when the default button is disabled, so an Enter right after the last keystroke or an autofill
  // did nothing. The form takes it and checks every rule itself (docs/validation-rules.md). A busy form does not;
  // an enabled button is left to the browser. antd forms do the same in AntdSubmitButton.
  const submitOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    const field = event.target as HTMLInputElement;
    const button = event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing || disabled) return;
    if (field.localName !== 'input' || /^(checkbox|radio)$/.test(field.type)) return;
    if (!button?.disabled || button.getAttribute('aria-busy')) return;
    event.preventDefault();
    submit();
  };
  return (
    <FormProvider {...form}>
      <RuleFormContext.Provider value={{ disabled }}>
        <form
          className={['portal-form', className].filter(Boolean).join(' ')}
          style={style}
          name={name}
          noValidate
          onSubmit={submit}
          onKeyDown={submitOnEnter}
        >
          {message && <InlineAlert type="error" message={message} />}
          {children}
        </form>
      </RuleFormContext.Provider>
    </FormProvider>
  );
}
