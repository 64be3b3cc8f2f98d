import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { antdRules, DialogForm, fieldRules } from '@core';
import type { MemberRow } from '@contract/v1/organization-members';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TransferValues {
  userId: string;
  organizationName: string;
  password: string;
}

/**
 * The owner hands the organisation to an active member (docs/access-control.md): choose them, type the
 * organisation's name and re-enter the password. The old owner becomes admin; both get a mail.
 */
export function TransferOwnershipDialog({
  open,
  organizationName,
  busy,
  searchMembers,
  onTransfer,
  onClose,
}: {
  open: boolean;
  organizationName: string;
  busy: boolean;
  searchMembers: (search: string) => Promise<MemberRow[]>;
  onTransfer: (values: TransferValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation-acl');
  const sameName = (value: unknown) =>
    typeof value === 'string' && value.trim().toLowerCase() === organizationName.trim().toLowerCase();
  return (
    <DialogForm<TransferValues>
      open={open}
      title={t('transfer.title')}
      submitText={t('transfer.submit')}
      busyText={t('transfer.saving')}
      busy={busy}
      danger
      onSubmit={onTransfer}
      onCancel={onClose}
    >
      <Alert
        type="warning"
        showIcon
        message={t('transfer.warning', { organization: organizationName })}
        style={{ marginBottom: 16 }}
      />
      <ProFormSelect
        name="userId"
        label={t('transfer.newOwner')}
        placeholder={t('transfer.newOwnerPlaceholder')}
        rules={[{ required: true, message: t('transfer.newOwnerRequired') }]}
        showSearch
        debounceTime={300}
        request={async ({ keyWords }: { keyWords?: string }) =>
          (await searchMembers(keyWords ?? '')).map((row) => ({
            value: row.id,
            label: row.name ? `${row.name} (${row.email})` : row.email,
          }))
        }
        fieldProps={{ filterOption: false, notFoundContent: t('transfer.noMembers') }}
      />
      <ProFormText
        name="organizationName"
        label={t('transfer.confirmName', { organization: organizationName })}
        placeholder={organizationName}
        rules={[
          {
            required: true,
            validator: (_rule, value) =>
              !value
                ? Promise.reject(new Error(t('transfer.confirmNameRequired')))
                : sameName(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('transfer.confirmNameMismatch'))),
          },
        ]}
        fieldProps={{ autoComplete: 'off' }}
      />
      <ProFormText.Password
        name="password"
        label={t('transfer.password')}
        placeholder=""
        rules={antdRules(t, fieldRules.loginPassword())}
        fieldProps={{ autoComplete: 'current-password' }}
      />
    </DialogForm>
  );
}
