import { ConfirmDialog, useService, useOrganizationAccess, AreaPage } from '@core';
import type { AclRow } from '@contract/v1/organization-acl';
import { Alert, Button, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganisationApi } from '../api/organisation-api';
import { AclMatrix } from '../components/acl-matrix';
import { RoleNameDialog } from '../components/role-name-dialog';
import { AccessControlStore } from '../stores/access-control-store';
import '../components/organisation.css';

type Dialog = { kind: 'add' } | { kind: 'rename'; row: AclRow } | { kind: 'delete'; row: AclRow } | null;

/** `/organisation/acl` (docs/access-control.md): who may do what, and the organisation's custom roles. */
const AccessControlPage = observer(function AccessControlPage() {
  const { t } = useTranslation('organisation-acl');
  const api = useService(OrganisationApi);
  const access = useOrganizationAccess();
  const [store] = useState(() => new AccessControlStore(api, access));
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => store.start(), [store]);
  const canManageRoles = access.can('acl.manage');
  const close = () => setDialog(null);

  return (
    <AreaPage area="organisation-area">
      <div className="org-panel">
        <div className="org-panel__head">
          <Typography.Paragraph type="secondary">{t('acl.intro')}</Typography.Paragraph>
          {canManageRoles && store.status === 'ready' && (
            <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
              {t('acl.add')}
            </Button>
          )}
        </div>
        {store.status === 'loading' && (
          <div className="org-state" role="status">
            <Spin />
            <span>{t('acl.loading')}</span>
          </div>
        )}
        {store.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            message={t('acl.loadFailed')}
            action={<Button onClick={() => void store.load()}>{t('retry')}</Button>}
          />
        )}
        {store.status === 'ready' && (
          <AclMatrix
            store={store}
            canManageRoles={canManageRoles}
            onRename={(row) => setDialog({ kind: 'rename', row })}
            onDelete={(row) => setDialog({ kind: 'delete', row })}
          />
        )}
      </div>

      {(dialog?.kind === 'add' || dialog?.kind === 'rename') && (
        <RoleNameDialog
          open
          initialName={dialog.kind === 'rename' ? dialog.row.name : undefined}
          busy={store.busy}
          onSave={(name) =>
            dialog.kind === 'rename' ? store.renameRole(dialog.row.roleId, name) : store.addRole(name)
          }
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('acl.deleteTitle')}
          confirmText={t('acl.delete')}
          busy={store.busy}
          onCancel={close}
          onConfirm={() => void store.deleteRole(dialog.row.roleId).then((done) => done && close())}
        >
          {t('acl.deleteBody', { role: dialog.row.name })}
        </ConfirmDialog>
      )}
    </AreaPage>
  );
});

export default AccessControlPage;
