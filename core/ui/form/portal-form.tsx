import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FormEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { FormStore, type Rule } from './form-store';
import './portal-form.css';

interface FormContextValue {
  store: FormStore<any>;
  disabled: boolean;
}

const FormContext = createContext<FormContextValue | null>(null);

/** Re-renders on every change of the store. */
function useStoreVersion(store: FormStore<any>): number {
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    store.getVersion,
    store.getVersion,
  );
}

function useForm<V extends Record<string, any> = Record<string, any>>(existing?: FormStore<V>): [FormStore<V>] {
  const [store] = useState(() => existing ?? new FormStore<V>());
  return [store];
}

/** Like antd's `Form.useFormInstance`: the form this component sits in. */
function useFormInstance<V extends Record<string, any> = Record<string, any>>(): FormStore<V> {
  const context = useContext(FormContext);
  if (!context) throw new Error('PortalForm.useFormInstance must be used inside a <PortalForm>');
  return context.store as FormStore<V>;
}

/** Like antd's `Form.useWatch`: one field's value, or all values with `[]`. */
function useWatch(name: string | [], form?: FormStore<any>): any {
  const context = useContext(FormContext);
  const store = form ?? context?.store;
  if (!store) throw new Error('PortalForm.useWatch needs a form');
  useStoreVersion(store);
  return Array.isArray(name) ? store.getFieldsValue() : store.getFieldValue(name);
}

function valueFromEvent(eventOrValue: unknown): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'target' in eventOrValue) {
    const target = (eventOrValue as { target: HTMLInputElement }).target;
    return target.type === 'checkbox' ? target.checked : target.value;
  }
  return eventOrValue;
}

export interface PortalFormItemProps {
  name?: string;
  label?: ReactNode;
  rules?: Rule[];
  /** Fields whose change re-checks this one (confirmation fields). */
  dependencies?: string[];
  /** Help text under the control. */
  extra?: ReactNode;
  /** Marks the label as required without a rule (a group of controls). */
  required?: boolean;
  /** Bind the control only: no label, no error line (the caller lays it out). */
  noStyle?: boolean;
  className?: string;
  children?: ReactNode;
}

function FormItem({ name, label, rules = [], dependencies = [], extra, required, noStyle, className, children }: PortalFormItemProps) {
  const context = useContext(FormContext);
  if (!context) throw new Error('PortalForm.Item must be used inside a <PortalForm>');
  const { store, disabled } = context;
  useStoreVersion(store);
  const id = useId();
  const errorId = `${id}-error`;
  const extraId = `${id}-extra`;
  const dependencyKey = dependencies.join('|');
  useEffect(() => {
    if (!name) return;
    return store.register(name, { rules, dependencies: dependencyKey ? dependencyKey.split('|') : [], owner: id });
    // Rules are rebuilt on every render by the callers' builders; their content follows the name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, name, dependencyKey, id]);
  // Keep the latest rules (they close over the current translation); the effect above owns removal on unmount.
  if (name) store.register(name, { rules, dependencies, owner: id });

  const errors = name ? store.getFieldError(name) : [];
  const invalid = errors.length > 0;
  const describedBy = [invalid ? errorId : null, extra ? extraId : null].filter(Boolean).join(' ') || undefined;
  const child = Children.only(children) as ReactElement<Record<string, unknown>>;
  const control =
    name && isValidElement(child)
      ? cloneElement(child, {
          id: (child.props.id as string | undefined) ?? id,
          value: store.getFieldValue(name) ?? '',
          onChange: (eventOrValue: unknown) => {
            store.change(name, valueFromEvent(eventOrValue));
            (child.props.onChange as ((v: unknown) => void) | undefined)?.(eventOrValue);
          },
          disabled: disabled || Boolean(child.props.disabled),
          status: invalid ? 'error' : undefined,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
          'aria-required': rules.some((r) => typeof r !== 'function' && r.required) || required || undefined,
        })
      : children;
  if (noStyle) return <>{control}</>;
  return (
    <div className={['portal-form-item', invalid ? 'portal-form-item--error' : '', className].filter(Boolean).join(' ')}>
      {label && (
        <label className="portal-form-item__label" htmlFor={name ? ((child?.props?.id as string | undefined) ?? id) : undefined}>
          {label}
        </label>
      )}
      {control}
      {invalid && (
        <div id={errorId} className="portal-form-item__error" role="alert">
          {errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
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

export interface PortalFormProps<V extends Record<string, any>> {
  form?: FormStore<V>;
  initialValues?: Partial<V>;
  onFinish?: (values: V) => void;
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  /** Accepted for antd compatibility; the portal's forms are always vertical. */
  layout?: 'vertical';
  requiredMark?: boolean;
  name?: string;
  children?: ReactNode;
}

/**
 * The forms of the auth screens: antd Form's API subset the portal uses (Item with name, label, rules,
 * dependencies; useForm, useWatch, useFormInstance; validateFields, setFields, resetFields), in a few KiB.
 * antd's Form with its field engine, async validator, tooltip and grid costs ~40 KiB gzip, which the login
 * page's 250 KiB first-paint budget cannot pay. The same rule builders (`rules.email(t)`) work with both.
 * @example
 * const [form] = PortalForm.useForm<LoginValues>();
 * <PortalForm form={form} onFinish={logIn} disabled={busy}>
 *   <PortalForm.Item name="email" label={t('email')} rules={rules.email(t)}><EmailInput /></PortalForm.Item>
 *   <SubmitButton loading={busy}>{t('submit')}</SubmitButton>
 * </PortalForm>
 */
function PortalFormRoot<V extends Record<string, any>>({
  form,
  initialValues,
  onFinish,
  onValuesChange,
  disabled = false,
  className,
  style,
  name,
  children,
}: PortalFormProps<V>) {
  const [store] = useForm<V>(form);
  const [initialised] = useState(() => {
    store.setInitialValues(initialValues);
    return true;
  });
  void initialised;
  store.onFinish = onFinish;
  store.onValuesChange = onValuesChange;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disabled) void store.submit();
  };
  return (
    <FormContext.Provider value={{ store, disabled }}>
      <form className={['portal-form', className].filter(Boolean).join(' ')} style={style} name={name} noValidate onSubmit={submit}>
        {children}
      </form>
    </FormContext.Provider>
  );
}

export const PortalForm = Object.assign(PortalFormRoot, {
  Item: FormItem,
  useForm,
  useWatch,
  useFormInstance,
});

/** For components that work inside a PortalForm when there is one (the submit button). */
export function usePortalFormContext(): FormContextValue | null {
  return useContext(FormContext);
}

export type { FormStore, Rule };
export type PortalFormInstance<V extends Record<string, any> = Record<string, any>> = FormStore<V>;
