/**
 * The state behind {@link PortalForm}: values, errors, touched fields and each field's rules.
 * It speaks the subset of antd's Form API the portal uses (rules with `validator`, rule functions,
 * `dependencies`, `validateFields({ validateOnly })`…) so the shared rule builders work with both forms.
 */
export interface RuleObject {
  required?: boolean;
  whitespace?: boolean;
  /** A string in practice; typed loosely so the same rules also fit antd's Form. */
  message?: any;
  pattern?: RegExp;
  min?: number;
  max?: number;
  /** Resolves when valid; rejects with an Error whose message is shown. */
  validator?: (rule: any, value: any) => Promise<unknown> | void;
}
export type Rule = RuleObject | ((form: { getFieldValue: (name: string) => any }) => RuleObject);

export interface FieldError {
  name: string[];
  errors: string[];
}

export interface ValidateError<V> {
  values: V;
  errorFields: FieldError[];
}

interface FieldRegistration {
  rules: Rule[];
  dependencies: string[];
  /** The Form.Item that registered it: only that item's unmount removes the field. */
  owner: string;
}

type Listener = () => void;

function isEmpty(value: unknown, whitespace: boolean | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  return Boolean(whitespace) && typeof value === 'string' && value.trim() === '';
}

export class FormStore<V extends Record<string, any> = Record<string, any>> {
  private values: Record<string, any> = {};
  private initialValues: Record<string, any> = {};
  private errors = new Map<string, string[]>();
  private touched = new Set<string>();
  private fields = new Map<string, FieldRegistration>();
  private listeners = new Set<Listener>();
  private version = 0;
  /** Set by the Form component: called when the user submits valid values. */
  onFinish?: (values: V) => void;
  onValuesChange?: (changed: Partial<V>, all: V) => void;

  setInitialValues(values: Partial<V> | undefined): void {
    if (!values) return;
    this.initialValues = { ...values };
    for (const [name, value] of Object.entries(values)) if (!(name in this.values)) this.values[name] = value;
  }

  /** Registers (or updates, on every render) a field's rules; the returned function removes it on unmount. */
  register(name: string, registration: FieldRegistration): () => void {
    this.fields.set(name, registration);
    return () => {
      if (this.fields.get(name)?.owner === registration.owner) this.fields.delete(name);
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes on every update: what `useSyncExternalStore` watches. */
  getVersion = (): number => this.version;

  getFieldValue = (name: string): any => this.values[name];

  getFieldsValue = (): V => ({ ...this.values }) as V;

  getFieldError = (name: string): string[] => this.errors.get(name) ?? [];

  isFieldTouched = (name: string): boolean => this.touched.has(name);

  setFieldValue = (name: string, value: unknown): void => {
    this.values[name] = value;
    this.notify();
  };

  setFieldsValue = (values: Partial<V>): void => {
    Object.assign(this.values, values);
    this.notify();
  };

  /** Values and/or errors set from outside, e.g. the server's field errors after a 400. */
  setFields = (fields: { name: string | string[]; value?: unknown; errors?: string[] }[]): void => {
    for (const field of fields) {
      const name = Array.isArray(field.name) ? field.name.join('.') : field.name;
      if ('value' in field) this.values[name] = field.value;
      if (field.errors) this.errors.set(name, field.errors);
    }
    this.notify();
  };

  resetFields = (names?: string[]): void => {
    for (const name of names ?? [...new Set([...Object.keys(this.values), ...this.fields.keys()])]) {
      this.values[name] = this.initialValues[name];
      this.errors.delete(name);
      this.touched.delete(name);
    }
    this.notify();
  };

  /** A user edit: the field and every touched field depending on it are checked again (antd's onChange trigger). */
  change(name: string, value: unknown): void {
    this.values[name] = value;
    this.touched.add(name);
    this.notify();
    this.onValuesChange?.({ [name]: value } as Partial<V>, this.getFieldsValue());
    void this.validateField(name);
    for (const [other, field] of this.fields) {
      if (field.dependencies.includes(name) && this.touched.has(other)) void this.validateField(other);
    }
  }

  /** Checks the named fields (default: all); rejects like antd with `{ values, errorFields }`. */
  validateFields = async (
    namesOrOptions?: string[] | { validateOnly?: boolean },
    maybeOptions: { validateOnly?: boolean } = {},
  ): Promise<V> => {
    const names = Array.isArray(namesOrOptions) ? namesOrOptions : [...this.fields.keys()];
    const options = Array.isArray(namesOrOptions) ? maybeOptions : (namesOrOptions ?? {});
    const results = await Promise.all(names.map(async (name) => [name, await this.check(name)] as const));
    const errorFields = results.filter(([, errors]) => errors.length > 0).map(([name, errors]) => ({ name: [name], errors }));
    if (!options.validateOnly) {
      for (const [name, errors] of results) this.errors.set(name, errors);
      this.notify();
    }
    if (errorFields.length) throw { values: this.getFieldsValue(), errorFields } satisfies ValidateError<V>;
    return this.getFieldsValue();
  };

  submit = async (): Promise<void> => {
    let values: V;
    try {
      values = await this.validateFields();
    } catch {
      return;
    }
    this.onFinish?.(values);
  };

  private async validateField(name: string): Promise<void> {
    const value = this.values[name];
    const errors = await this.check(name);
    // A newer edit meanwhile has its own check; this one is stale.
    if (this.values[name] !== value) return;
    this.errors.set(name, errors);
    this.notify();
  }

  private async check(name: string): Promise<string[]> {
    const field = this.fields.get(name);
    if (!field) return [];
    const value = this.values[name];
    for (const entry of field.rules) {
      const rule = typeof entry === 'function' ? entry({ getFieldValue: this.getFieldValue }) : entry;
      const message = await this.checkRule(rule, value);
      if (message) return [message];
    }
    return [];
  }

  private async checkRule(rule: RuleObject, value: unknown): Promise<string | null> {
    // As in antd (async-validator), a custom validator replaces the built-in checks; `required` then only marks the label.
    if (rule.validator) {
      try {
        await rule.validator(rule, value);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error ?? rule.message ?? '');
      }
    }
    const message = rule.message ?? '';
    if (rule.required && isEmpty(value, rule.whitespace)) return message;
    if (isEmpty(value, false)) return null;
    const text = String(value);
    if (rule.pattern && !rule.pattern.test(text)) return message;
    if (rule.min !== undefined && text.length < rule.min) return message;
    if (rule.max !== undefined && text.length > rule.max) return message;
    return null;
  }

  private notify(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }
}
