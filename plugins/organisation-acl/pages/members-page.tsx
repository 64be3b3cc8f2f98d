import {
  ConfirmDialog,
  PluginRegistry,
  RecentAnswers,
  SessionStore,
  useService,
  useOrganizationAccess,
  AreaPage,
} from '@core';
import type { MemberRow } from '@contract/v1/organization-members';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OrganisationApi } from '../api/organisation-api';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { InviteDialog } from '../components/invite-dialog';
import { MembersFilters } from '../components/members-filters';
import { MembersTable } from '../components/members-table';
import { TransferOwnershipDialog } from '../components/transfer-ownership-dialog';
import { MembersStore } from '../stores/members-store';
import '../components/organisation.css';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'transfer' }
  | { kind: 'leave' }
  | { kind: 'role'; row: MemberRow }
  | { kind: 'remove'; row: MemberRow }
  | null;

/**
 * `/organisation/users` (docs/screens-and-routes.md): members and invitations, their filters and actions. The actions
 * offered follow the user's permissions as the server states them now (GET /v1/acl/me); the server checks each call.
 */
const MembersPage = observer(function MembersPage() {
  const { t } = useTranslation('organisation-acl');
  const api = useService(OrganisationApi);
  const session = useService(SessionStore);
  const registry = useService(PluginRegistry);
  const navigate = useNavigate();
  const access = useOrganizationAccess();
  const answers = useService(RecentAnswers);
  const [store] = useState(() => new MembersStore(api, answers));
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => store.start(), [store]);

  const organization = session.activeOrganization;
  const canManage = access.can('members.manage');
  const close = () => setDialog(null);

  const toolbar = [
    canManage && (
      <Button key="invite" type="primary" onClick={() => setDialog({ kind: 'invite' })}>
        {t('members.invite')}
      </Button>
    ),
    access.status === 'ready' && access.isOwner && (
      <Button key="transfer" onClick={() => setDialog({ kind: 'transfer' })}>
        {t('members.transfer')}
      </Button>
    ),
    access.status === 'ready' && !access.isOwner && (
      <Button key="leave" danger onClick={() => setDialog({ kind: 'leave' })}>
        {t('members.leave')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <AreaPage area="organisation-area">
      <div className="org-panel">
        <MembersFilters store={store} roles={store.roles} />
        <MembersTable
          store={store}
          roles={store.roles}
          toolbar={toolbar}
          actions={{
            canManage,
            onResend: (row) => void store.resend(row),
            onChangeRole: (row) => setDialog({ kind: 'role', row }),
            onRemove: (row) => setDialog({ kind: 'remove', row }),
          }}
        />
      </div>

      {dialog?.kind === 'invite' && (
        <InviteDialog
          open
          roles={store.roles}
          busy={store.busy}
          onInvite={(email, role) => store.invite(email, role)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog
          row={dialog.row}
          roles={store.roles}
          busy={store.busyId !== null}
          onChange={(row, role) => store.changeRole(row, role)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferOwnershipDialog
          open
          organizationName={organization?.organizationName ?? ''}
          busy={store.busy}
          searchMembers={(search) => store.activeMembers(search)}
          onTransfer={async (values) => {
            const done = await store.transferOwnership(values);
            if (done) void access.load();
            return done;
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={dialog.row.kind === 'invitation' ? t('remove.revokeTitle') : t('remove.title')}
          confirmText={
            dialog.row.kind === 'invitation' ? t('members.actions.revoke') : t('members.actions.remove')
          }
          busy={store.busyId !== null}
          onCancel={close}
          onConfirm={() => void store.remove(dialog.row).then((done) => done && close())}
        >
          {t(dialog.row.kind === 'invitation' ? 'remove.revokeBody' : 'remove.body', {
            who: dialog.row.name ?? dialog.row.email,
            organization: organization?.organizationName ?? '',
          })}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'leave' && (
        <ConfirmDialog
          title={t('leave.title')}
          confirmText={t('members.leave')}
          busy={store.busy}
          onCancel={close}
          onConfirm={() => {
            if (!session.organizationId) return;
            void store.leave(session.organizationId).then((done) => {
              if (!done) return;
              close();
              navigate(registry.wellKnownHref('account-selection'), { replace: true });
            });
          }}
        >
          {t('leave.body', { organization: organization?.organizationName ?? '' })}
        </ConfirmDialog>
      )}
    </AreaPage>
  );
});

export default MembersPage;
