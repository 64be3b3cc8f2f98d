import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './controls.css';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** 'primary' for the screen's main action, 'default' for a secondary one, 'link' for an action that reads as a link. */
  variant?: 'primary' | 'default' | 'link';
  size?: 'small' | 'middle' | 'large';
  /** Full width. */
  block?: boolean;
  /** True while the action runs: disabled, with a spinner and `loadingText` if given. */
  loading?: boolean;
  loadingText?: ReactNode;
}

/** The class list of the portal's plain buttons (shared with SubmitButton). */
export function buttonClassName({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  className,
}: Pick<PlainButtonProps, 'variant' | 'size' | 'block' | 'loading' | 'className'>): string {
  return [
    'portal-button',
    `portal-button--${variant}`,
    size === 'middle' ? '' : `portal-button--${size}`,
    block ? 'portal-button--block' : '',
    loading ? 'portal-button--loading' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The button's label, with a spinner while loading. */
export function ButtonContent({
  loading,
  loadingText,
  children,
}: Pick<PlainButtonProps, 'loading' | 'loadingText' | 'children'>) {
  return (
    <>
      {loading && <span className="portal-button__spinner" aria-hidden="true" />}
      <span>{loading && loadingText ? loadingText : children}</span>
    </>
  );
}

/**
 * A plain `<button type="button">` drawn like antd's Button, for actions on the auth screens that are not a form's
 * submit (proceed, resend, copy, retry): antd's Button with its wave effect and icons costs ~20 KiB gzip there.
 * Form submits use SubmitButton.
 * @example <PlainButton variant="link" loading={sending} disabled={waiting} onClick={resend}>{t('resend')}</PlainButton>
 */
export function PlainButton({
  variant,
  size,
  block,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  ...props
}: PlainButtonProps) {
  return (
    <button
      {...props}
      type="button"
      className={buttonClassName({ variant, size, block, loading, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      <ButtonContent loading={loading} loadingText={loadingText}>
        {children}
      </ButtonContent>
    </button>
  );
}
