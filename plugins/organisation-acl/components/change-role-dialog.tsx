import { DialogForm, FormSelect } from '@core';
import type { MemberRow } from '@contract/v1/organization-members';
import type { Role } from '@contract/v1/organization-acl';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleText } from '../format/role-text';

/** A member's (or a pending invitation's) new role; the owner's role is given only by transfer. */
export function ChangeRoleDialog({
  row,
  roles,
  busy,
  onChange,
  onClose,
}: {
  row: MemberRow | null;
  roles: Role[];
  busy: boolean;
  onChange: (row: MemberRow, role: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation-acl');
  return (
    <DialogForm<{ role: string }>
      open={row !== null}
      title={t('changeRole.title')}
      submitText={t('changeRole.submit')}
      busyText={t('changeRole.saving')}
      busy={busy}
      initialValues={{ role: row?.role }}
      onSubmit={({ role }) => (row ? onChange(row, role) : Promise.resolve(true))}
      onCancel={onClose}
    >
      {row && (
        <Typography.Paragraph>{t('changeRole.intro', { who: row.name ?? row.email })}</Typography.Paragraph>
      )}
      <Form.Item
        name="role"
        label={t('changeRole.role')}
        rules={[{ required: true, message: t('invite.roleRequired') }]}
      >
        <FormSelect
          options={roles
            .filter((role) => !role.locked)
            .map((role) => ({ value: role.id, label: roleText(t, role.id, role.name) }))}
        />
      </Form.Item>
    </DialogForm>
  );
}
