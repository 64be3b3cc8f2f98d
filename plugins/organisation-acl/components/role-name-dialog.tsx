import { ProFormText } from '@ant-design/pro-components';
import { antdRules, DialogForm, fieldRules } from '@core';
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
      <ProFormText
        name="name"
        label={t('acl.roleName')}
        rules={antdRules(t, fieldRules.roleName())}
        fieldProps={{ autoComplete: 'off' }}
      />
    </DialogForm>
  );
}
