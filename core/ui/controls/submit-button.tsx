import { useEffect, useState, useSyncExternalStore, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { usePortalFormContext } from '../form/portal-form';
import './controls.css';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** True while the request runs: the button is disabled and shows `loadingText`. */
  loading?: boolean;
  /** Spec wording such as 'LOGGING IN' or 'SAVING'; the normal label stays when omitted. */
  loadingText?: ReactNode;
  size?: 'middle' | 'large';
  /** Full width. */
  block?: boolean;
}

/**
 * The submit button of a {@link PortalForm}, styled like antd's primary button: disabled until every rule
 * of the form passes and while submitting (spec §5 "Buttons are disabled until the form is valid").
 * Must sit inside the form; antd forms use AntdSubmitButton.
 * @example <SubmitButton loading={busy} loadingText={t('login.submitting')}>{t('login.submit')}</SubmitButton>
 */
export function SubmitButton({ loading = false, loadingText, disabled, children, size = 'middle', block, className, ...props }: SubmitButtonProps) {
  const context = usePortalFormContext();
  if (!context) throw new Error('SubmitButton must sit inside a <PortalForm>; antd forms use AntdSubmitButton');
  const { store } = context;
  const version = useSyncExternalStore((l) => store.subscribe(l), store.getVersion, store.getVersion);
  const [valid, setValid] = useState(false);

  useEffect(() => {
    // Rules may be async; only the check for the latest values may decide.
    let latest = true;
    store.validateFields({ validateOnly: true }).then(
      () => latest && setValid(true),
      () => latest && setValid(false),
    );
    return () => {
      latest = false;
    };
  }, [store, version]);

  const classes = ['portal-button', 'portal-button--primary', size === 'large' ? 'portal-button--large' : '', block ? 'portal-button--block' : '', loading ? 'portal-button--loading' : '', className];
  return (
    <button
      {...props}
      type="submit"
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || context.disabled || loading || !valid}
      aria-busy={loading || undefined}
    >
      {loading && <span className="portal-button__spinner" aria-hidden="true" />}
      <span>{loading && loadingText ? loadingText : children}</span>
    </button>
  );
}
