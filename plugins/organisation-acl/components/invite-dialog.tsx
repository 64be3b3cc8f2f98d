import { DialogForm, FormSelect, rules } from '@core';
import type { Role } from '@contract/v1/organization-acl';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleText } from '../format/role-text';

interface InviteValues {
  email: string;
  role: string;
}

/**
 * Invite by email with a role (never owner). Usable from the keyboard alone: the email field has the focus, Tab
 * reaches the role (arrow keys choose) and Send, Enter sends, Escape closes.
 */
export function InviteDialog({
  open,
  roles,
  busy,
  onInvite,
  onClose,
}: {
  open: boolean;
  roles: Role[];
  busy: boolean;
  onInvite: (email: string, role: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation-acl');
  const assignable = roles.filter((role) => !role.locked);
  return (
    <DialogForm<InviteValues>
      open={open}
      title={t('invite.title')}
      submitText={t('invite.submit')}
      busyText={t('invite.sending')}
      busy={busy}
      initialValues={{ role: assignable.some((role) => role.id === 'member') ? 'member' : assignable[0]?.id }}
      onSubmit={({ email, role }) => onInvite(email.trim(), role)}
      onCancel={onClose}
    >
      <Form.Item name="email" label={t('core:controls.email.label')} rules={rules.email(t)}>
        <Input type="email" autoComplete="off" placeholder={t('invite.emailPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="role"
        label={t('invite.role')}
        rules={[{ required: true, message: t('invite.roleRequired') }]}
      >
        <FormSelect
          options={assignable.map((role) => ({ value: role.id, label: roleText(t, role.id, role.name) }))}
        />
      </Form.Item>
    </DialogForm>
  );
}
