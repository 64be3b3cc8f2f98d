import { antdRules, DialogForm, fieldRules, FormSelect } from '@core';
import type { MemberRow } from '@contract/v1/organization-members';
import { Alert, Form, Input, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
      <Form.Item
        name="userId"
        label={t('transfer.newOwner')}
        rules={[{ required: true, message: t('transfer.newOwnerRequired') }]}
      >
        <MemberSearch
          search={searchMembers}
          placeholder={t('transfer.newOwnerPlaceholder')}
          notFound={t('transfer.noMembers')}
        />
      </Form.Item>
      <Form.Item
        name="organizationName"
        label={t('transfer.confirmName', { organization: organizationName })}
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
      >
        <Input placeholder={organizationName} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('transfer.password')}
        rules={antdRules(t, fieldRules.loginPassword())}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </DialogForm>
  );
}

/** Waits this long after the last keystroke before asking the server for the members whose name or email match. */
const SEARCH_DELAY_MS = 300;

/**
 * The active members to choose from, searched on the server as the user types (the list is paged there): the first
 * page when it opens, then the matches of what is typed. A form control: `Form.Item` gives it `id`, `value` and
 * `onChange`.
 */
function MemberSearch({
  search,
  placeholder,
  notFound,
  ...control
}: {
  search: (search: string) => Promise<MemberRow[]>;
  placeholder: string;
  notFound: ReactNode;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef({ call: 0, search });
  latest.current.search = search;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = (text: string) => {
    const call = ++latest.current.call;
    setLoading(true);
    // Only the answer to the last search may fill the list.
    latest.current.search(text).then(
      (rows) => {
        if (call !== latest.current.call) return;
        setOptions(
          rows.map((row) => ({ value: row.id, label: row.name ? `${row.name} (${row.email})` : row.email })),
        );
        setLoading(false);
      },
      () => call === latest.current.call && setLoading(false),
    );
  };
  // The first page, once, when the dialog opens.
  useEffect(() => {
    load('');
    const current = latest.current;
    return () => {
      clearTimeout(timer.current);
      current.call += 1;
    };
  }, []);

  return (
    <FormSelect
      {...control}
      showSearch
      filterOption={false}
      placeholder={placeholder}
      loading={loading}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : notFound}
      onSearch={(text) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => load(text), SEARCH_DELAY_MS);
      }}
    />
  );
}
