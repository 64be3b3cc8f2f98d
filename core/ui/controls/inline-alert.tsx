import type { ReactNode } from 'react';
import './controls.css';

export interface InlineAlertProps {
  type: 'success' | 'info' | 'warning' | 'error';
  message: ReactNode;
  /** A link or button offered with the message (retry, request a new link…). */
  action?: ReactNode;
  /** Defaults to 'alert' for errors and warnings, 'status' otherwise. */
  role?: 'alert' | 'status';
  /** Accepted for antd Alert compatibility: the type is always shown by colour and icon. */
  showIcon?: boolean;
}

const ICONS: Record<InlineAlertProps['type'], string> = { success: '✓', info: 'i', warning: '!', error: '×' };

/** A message box drawn like antd's Alert, for the auth screens (antd's Alert is not worth its bytes there). */
export function InlineAlert({ type, message, action, role }: InlineAlertProps) {
  return (
    <div
      className={`portal-alert portal-alert--${type}`}
      role={role ?? (type === 'error' || type === 'warning' ? 'alert' : 'status')}
    >
      <span className="portal-alert__icon" aria-hidden="true">
        {ICONS[type]}
      </span>
      <span className="portal-alert__message">{message}</span>
      {action && <span className="portal-alert__action">{action}</span>}
    </div>
  );
}
