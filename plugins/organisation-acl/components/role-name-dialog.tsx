import { antdRules, DialogForm, fieldRules } from '@core';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Names a new custom role, or renames one (`initialName`). */
export function RoleNameDialog({
  open,
  initialName,
  busy,
  onSave,
  onClose,
}: {
  open: boolean;
  initialName?: string;
  busy: boolean;
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation-acl');
  const renaming = initialName !== undefined;
  return (
    <DialogForm<{ name: string }>
      open={open}
      title={renaming ? t('acl.renameTitle') : t('acl.addTitle')}
      submitText={renaming ? t('acl.renameSubmit') : t('acl.addSubmit')}
      busyText={t('acl.saving')}
      busy={busy}
      initialValues={{ name: initialName }}
      onSubmit={({ name }) => onSave(name)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('acl.roleName')} rules={antdRules(t, fieldRules.roleName())}>
        <Input autoComplete="off" />
      </Form.Item>
    </DialogForm>
  );
}
