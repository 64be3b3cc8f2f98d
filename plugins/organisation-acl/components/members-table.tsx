import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { truncateEnd, truncateMiddle, useDateFormat } from '@core';
import type { MemberRow } from '@contract/v1/organization-members';
import type { Role } from '@contract/v1/organization-acl';
import { Alert, Button, Empty, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roleText } from '../format/role-text';
import type { MembersStore } from '../stores/members-store';
import { TruncatedText } from './truncated-text';

const STATUS_COLOURS = { active: 'green', invited: 'blue', expired: 'default' } as const;

export interface MemberActions {
  /** Whether the user may change members (`members.manage`). */
  canManage: boolean;
  onResend: (row: MemberRow) => void;
  onChangeRole: (row: MemberRow) => void;
  onRemove: (row: MemberRow) => void;
}

/**
 * The members and invitations of the organisation, one page at a time from the server. Long names are cut at
 * 30 characters and long emails keep their first and last 15, with the full text on hover. Row actions appear
 * only where the user's permissions and the row allow them (never on the owner's row or the user's own).
 */
export const MembersTable = observer(function MembersTable({
  store,
  roles,
  actions,
  toolbar,
}: {
  store: MembersStore;
  roles: Role[];
  actions: MemberActions;
  toolbar: ReactNode[];
}) {
  const { t } = useTranslation('organisation-acl');
  const dates = useDateFormat();
  const roleName = (row: MemberRow) =>
    roleText(t, row.role, roles.find((role) => role.id === row.role)?.name ?? row.roleName);

  const rowActions = (row: MemberRow): ReactNode[] => {
    if (!actions.canManage || row.isSelf || row.role === 'owner') return [];
    const who = row.name ?? row.email;
    const items: ReactNode[] = [];
    if (row.kind === 'invitation')
      items.push(
        <Button
          key="resend"
          size="small"
          onClick={() => actions.onResend(row)}
          aria-label={t('members.actions.resendFor', { who })}
        >
          {t('members.actions.resend')}
        </Button>,
      );
    // An expired invitation's role cannot change (docs/access-control.md): resend it first.
    if (row.status !== 'expired')
      items.push(
        <Button
          key="role"
          size="small"
          onClick={() => actions.onChangeRole(row)}
          aria-label={t('members.actions.changeRoleFor', { who })}
        >
          {t('members.actions.changeRole')}
        </Button>,
      );
    items.push(
      <Button
        key="remove"
        size="small"
        danger
        onClick={() => actions.onRemove(row)}
        aria-label={t(row.kind === 'invitation' ? 'members.actions.revokeFor' : 'members.actions.removeFor', {
          who,
        })}
      >
        {row.kind === 'invitation' ? t('members.actions.revoke') : t('members.actions.remove')}
      </Button>,
    );
    return items;
  };

  const columns: ProColumns<MemberRow>[] = [
    {
      title: t('members.columns.name'),
      dataIndex: 'name',
      render: (_, row) =>
        row.name ? (
          <TruncatedText text={row.name} shorten={truncateEnd} />
        ) : (
          <Typography.Text type="secondary">{t('members.pending')}</Typography.Text>
        ),
    },
    {
      title: t('members.columns.email'),
      dataIndex: 'email',
      render: (_, row) => <TruncatedText text={row.email} shorten={truncateMiddle} />,
    },
    {
      title: t('members.columns.role'),
      dataIndex: 'role',
      render: (_, row) => roleName(row),
    },
    {
      title: t('members.columns.status'),
      dataIndex: 'status',
      render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`members.status.${row.status}`)}</Tag>,
    },
    {
      title: t('members.columns.date'),
      dataIndex: 'date',
      render: (_, row) => dates.date(row.date),
    },
    {
      title: t('members.columns.actions'),
      key: 'actions',
      render: (_, row) => {
        const items = rowActions(row);
        return items.length ? <div className="org-actions">{items}</div> : null;
      },
    },
  ];

  return (
    <>
      {store.list.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('members.loadFailed')}
          action={<Button onClick={() => void store.list.load()}>{t('retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <ProTable<MemberRow>
        rowKey="id"
        columns={columns}
        dataSource={store.list.rows}
        loading={store.list.status === 'loading'}
        search={false}
        options={false}
        cardProps={{ bodyStyle: { padding: 0 } }}
        scroll={{ x: 'max-content' }}
        toolBarRender={() => toolbar}
        headerTitle={t('members.tableTitle', { count: store.list.total })}
        locale={{
          emptyText: (
            <Empty
              description={
                store.list.status === 'failed'
                  ? t('members.loadFailed')
                  : store.hasFilters
                    ? t('members.emptyFiltered')
                    : t('members.empty')
              }
            />
          ),
        }}
        pagination={{
          current: store.list.page,
          pageSize: store.list.pageSize,
          total: store.list.total,
          showSizeChanger: true,
          onChange: (page, pageSize) => store.list.setPage(page, pageSize),
        }}
      />
    </>
  );
});
