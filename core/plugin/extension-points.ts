import type { ComponentType } from 'react';
import { token, type Token } from '../di/container';

const points = new Set<unknown>();

/**
 * A token core declares and one plugin may bind: how a plugin offers something to others without anybody
 * importing it (a plugin never imports another plugin). Any other core token is core's alone; see
 * docs/plugin-seams.md.
 * @example
 * export const ChangePasswordDialog = extensionPoint<ProvidedComponent<ChangePasswordDialogProps>>('core.change-password-dialog');
 */
export function extensionPoint<T>(name: string): Token<T> {
  const id = token<T>(name);
  points.add(id);
  return id;
}

export function isExtensionPoint(id: unknown): boolean {
  return points.has(id);
}

/**
 * A component one plugin lends to another's pages. It loads, together with its plugin's texts, only when a
 * page renders it, so the providing plugin's entry stays tiny.
 * @example
 * bind.constant(ChangePasswordDialog, { pluginId: ctx.pluginId, load: () => import('./components/change-password-modal') });
 */
export interface ProvidedComponent<Props> {
  /** The providing plugin: its locale namespace loads with the component and its settings are in scope. */
  pluginId: string;
  load: () => Promise<{ default: ComponentType<Props> }>;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  /** The password was changed: the dialog is closing. */
  onDone: () => void;
  /** Omit for a dialog that cannot be dismissed. */
  onCancel?: () => void;
  /** Why a new password is asked for; `administratorRequest` explains that an administrator requires it. */
  reason?: 'administratorRequest';
}

/**
 * The one change-password form, for pages of other plugins (the account-selection page asks for a new password
 * when an organisation requires one). Optional: nothing provides it when its plugin is disabled.
 */
export const ChangePasswordDialog = extensionPoint<ProvidedComponent<ChangePasswordDialogProps>>(
  'core.change-password-dialog',
);
