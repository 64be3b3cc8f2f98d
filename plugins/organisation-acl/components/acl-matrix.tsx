import type { AclRow } from '@contract/v1/organization-acl';
import type { Permission } from '@contract/v1/permissions';
import { Button, Checkbox, Table, Tag, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { roleText } from '../format/role-text';
import type { AccessControlStore } from '../stores/access-control-store';

/**
 * Roles (rows) × permissions (columns, grouped by the feature that declares them). The owner's row is locked and
 * shows every permission; a checkbox is disabled where the row cannot be edited by this user (their own role) or
 * the user does not hold that permission.
 */
export const AclMatrix = observer(function AclMatrix({
  store,
  canManageRoles,
  onRename,
  onDelete,
}: {
  store: AccessControlStore;
  canManageRoles: boolean;
  onRename: (row: AclRow) => void;
  onDelete: (row: AclRow) => void;
}) {
  const { t } = useTranslation('organisation-acl');
  const permissionLabel = (permission: Permission) =>
    t(`permissions.${permission}`, { defaultValue: permission });

  const columns: TableColumnsType<AclRow> = [
    {
      title: t('acl.role'),
      key: 'role',
      fixed: 'left',
      render: (_, row) => (
        <div className="org-matrix__role">
          <span>{roleText(t, row.roleId, row.name)}</span>
          {row.locked && <Tag>{t('acl.locked')}</Tag>}
          {!row.locked && !row.editable && <Tag>{t('acl.yourRole')}</Tag>}
          {!row.builtIn && canManageRoles && (
            <span className="org-actions">
              <Button
                size="small"
                type="link"
                onClick={() => onRename(row)}
                aria-label={t('acl.renameFor', { role: row.name })}
              >
                {t('acl.rename')}
              </Button>
              <Button
                size="small"
                type="link"
                danger
                onClick={() => onDelete(row)}
                aria-label={t('acl.deleteFor', { role: row.name })}
              >
                {t('acl.delete')}
              </Button>
            </span>
          )}
        </div>
      ),
    },
    ...store.groups.map((group) => ({
      title: (
        <span className="org-matrix__group">
          {t(`features.${group.feature}`, { defaultValue: group.feature })}
        </span>
      ),
      key: group.feature,
      align: 'center' as const,
      children: group.permissions.map((permission) => ({
        title: permissionLabel(permission),
        key: permission,
        width: 104,
        className: 'org-matrix__cell',
        align: 'center' as const,
        render: (_: unknown, row: AclRow) => (
          <Checkbox
            checked={store.holds(row, permission)}
            disabled={!store.canEdit(row, permission)}
            aria-label={t('acl.cell', {
              permission: permissionLabel(permission),
              role: roleText(t, row.roleId, row.name),
            })}
            onChange={(event) => void store.toggle(row, permission, event.target.checked)}
          />
        ),
      })),
    })),
  ];

  return (
    <Table<AclRow>
      className="org-matrix"
      rowKey="roleId"
      columns={columns}
      dataSource={store.rows}
      pagination={false}
      bordered
      size="middle"
      scroll={{ x: 'max-content' }}
    />
  );
});
