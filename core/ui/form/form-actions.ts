import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../http/http-client';
import { showFormMessage } from './form-message';

/**
 * Empties fields (secrets after a failed attempt: passwords, codes) without showing their 'required' message;
 * the submit button still waits for them. The other fields keep what the user typed.
 * @example clearFields(form, ['password', 'confirmPassword'])
 */
export function clearFields<V extends FieldValues>(form: UseFormReturn<V>, names: readonly Path<V>[]): void {
  for (const name of names) form.resetField(name, { defaultValue: '' as never });
}

/**
 * Shows the server's per-field messages of a 400 (`ApiError.fieldErrors`) under the fields of this form that
 * they name, and moves the focus to the first. Returns whether any was shown; fields the form does not have
 * are left to the toast the HTTP client already showed.
 * @example catch (error) { clearFields(form, ['password']); showFieldErrors(form, error); }
 */
export function showFieldErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const values = form.getValues();
  const shown = error.fieldErrors.filter(({ field }) => Object.hasOwn(values, field));
  for (const { field, msg } of shown) form.setError(field as Path<V>, { type: 'server', message: msg });
  // After the caller's own updates have rendered: the form is usually still disabled by its request right now.
  if (shown.length) setTimeout(() => form.setFocus(shown[0].field as Path<V>), 0);
  return shown.length > 0;
}

/**
 * Shows why the server refused a form's request in the form itself, not only in a toast over the page: the
 * per-field messages of a 400 under their fields, anything else (a wrong password, a wrong code, 'Please try
 * again') above the fields. Call it with the error of a request made `silent`, so the page shows it once. A
 * request the portal cancelled (logout, unmount) shows nothing.
 * @example catch (error) { clearFields(form, ['password']); showServerError(form, error); }
 */
export function showServerError<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): void {
  if (!(error instanceof ApiError) || error.aborted) return;
  if (!showFieldErrors(form, error)) showFormMessage(form, error.message);
}
