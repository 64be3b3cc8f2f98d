import { PagedTable, truncateEnd, truncateMiddle, useDateFormat, type PagedTableColumn } from '@core';
import type { MemberRow } from '@contract/v1/organization-members';
import type { Role } from '@contract/v1/organization-acl';
import { Button, Tag, Typography } from 'antd';
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

  const columns: PagedTableColumn<MemberRow>[] = [
    {
      key: 'name',
      title: t('members.columns.name'),
      render: (row) =>
        row.name ? (
          <TruncatedText text={row.name} shorten={truncateEnd} />
        ) : (
          <Typography.Text type="secondary">{t('members.pending')}</Typography.Text>
        ),
    },
    {
      key: 'email',
      title: t('members.columns.email'),
      render: (row) => <TruncatedText text={row.email} shorten={truncateMiddle} />,
    },
    { key: 'role', title: t('members.columns.role'), render: (row) => roleName(row) },
    {
      key: 'status',
      title: t('members.columns.status'),
      render: (row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`members.status.${row.status}`)}</Tag>,
    },
    { key: 'date', title: t('members.columns.date'), secondary: true, render: (row) => dates.date(row.date) },
    {
      key: 'actions',
      title: t('members.columns.actions'),
      actions: true,
      render: (row) => {
        const items = rowActions(row);
        return items.length ? <div className="org-actions">{items}</div> : null;
      },
    },
  ];

  return (
    <PagedTable
      list={store.list}
      rowKey={(row) => row.id}
      columns={columns}
      toolbar={toolbar}
      filtered={store.hasFilters}
      texts={{
        title: t('members.tableTitle', { count: store.list.total }),
        loadFailed: t('members.loadFailed'),
        retry: t('retry'),
        empty: t('members.empty'),
        emptyFiltered: t('members.emptyFiltered'),
      }}
    />
  );
});
