import type { FormInstance } from 'antd';
import { ApiError } from '../http/http-client';

/**
 * Shows why the server refused an antd form's request at the field it concerns, not only in a toast over the
 * page (#39 item 3): each per-field message of the answer under its field, and a message that names none of
 * `fields` (a wrong code, a pause, 'Please try again') under the first of them. Call it with the error of a
 * request made `silent`. A request the portal cancelled shows nothing. Call it after any `resetFields`: a reset
 * clears the messages too.
 * @example catch (error) { form.resetFields(); showServerErrorAtFields(form, error, ['currentPassword', 'newPassword']); }
 */
export function showServerErrorAtFields<V>(
  form: FormInstance<V>,
  error: unknown,
  fields: readonly [string, ...string[]],
): void {
  if (!(error instanceof ApiError) || error.aborted) return;
  const own = error.fieldErrors.filter(({ field }) => fields.includes(field));
  const shown = own.length > 0 ? own : [{ field: fields[0], msg: error.message }];
  form.setFields(shown.map(({ field, msg }) => ({ name: field as never, errors: [msg] })));
}
