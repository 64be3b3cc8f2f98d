import { endpoints } from '@contract/v1/endpoints';
import type { AclRow } from '@contract/v1/organization-acl';
import { PERMISSION_GROUPS, PERMISSIONS, type PermissionGroup } from '@contract/v1/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import organisationPlugin from '../index';
import {
  answer,
  inOrganization,
  myAccess,
  refuse,
  renderOrganisation,
} from '../testing/organisation-fixtures';
import { expectAreaPage } from '@tests/area-page';

const CATALOGUE = {
  groups: (Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).map((feature) => ({
    feature,
    permissions: [...PERMISSION_GROUPS[feature]],
  })),
};

const OWNER_ROW: AclRow = {
  roleId: 'owner',
  name: 'Owner',
  builtIn: true,
  locked: true,
  editable: false,
  permissions: [...PERMISSIONS],
};
const ADMIN_ROW: AclRow = {
  roleId: 'admin',
  name: 'Admin',
  builtIn: true,
  locked: false,
  editable: true,
  permissions: ['members.view', 'members.manage', 'acl.manage'],
};
const MEMBER_ROW: AclRow = {
  roleId: 'member',
  name: 'Member',
  builtIn: true,
  locked: false,
  editable: true,
  permissions: ['members.view'],
};
const AUDITOR_ROW: AclRow = {
  roleId: 'role-7',
  name: 'Auditor',
  builtIn: false,
  locked: false,
  editable: true,
  permissions: [],
};

function matrix(rows: AclRow[] | (() => AclRow[]) = [OWNER_ROW, ADMIN_ROW, MEMBER_ROW, AUDITOR_ROW]) {
  answer(endpoints.permissionCatalogue, CATALOGUE);
  return answer(endpoints.acl, () => ({ roles: typeof rows === 'function' ? rows() : rows }));
}

const cell = (permission: string, role: string) =>
  screen.getByRole('checkbox', { name: `${permission} for ${role}` });

async function renderAcl(role = 'owner', language?: string) {
  const view = await renderOrganisation('/organisation/acl', { role, language });
  await screen.findByRole('table');
  return view;
}

describe('access control', { timeout: 180_000 }, () => {
  it('shows roles × permissions grouped by feature, with the owner row locked and checked', async () => {
    myAccess('owner');
    matrix();
    await renderAcl();
    await expectAreaPage('Organisation', 'Access control');
    for (const group of [
      'Apps',
      'Organisation',
      'Billing',
      'Branding',
      'Identity verification',
      'Activity log',
    ])
      expect(screen.getByRole('columnheader', { name: group })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Manage members' })).toBeInTheDocument();
    for (const permission of ['Manage apps', 'Manage members', 'View billing']) {
      expect(cell(permission, 'Owner')).toBeChecked();
      expect(cell(permission, 'Owner')).toBeDisabled();
    }
    expect(screen.getByText('Locked')).toBeInTheDocument();
    expect(cell('Manage members', 'Admin')).toBeChecked();
    expect(cell('Manage members', 'Admin')).toBeEnabled();
    expect(cell('Manage members', 'Member')).not.toBeChecked();
  });

  it("saves a role's whole permission list when a box is ticked, and shows the server's row", async () => {
    myAccess('owner');
    matrix();
    const saved = answer(
      endpoints.updateAcl,
      ({ body }) => ({ role: { ...MEMBER_ROW, permissions: body.permissions } }),
      { msg: 'Permissions updated successfully' },
    );
    const { user } = await renderAcl();
    await user.click(cell('Manage members', 'Member'));
    expect(await screen.findByText('Permissions updated successfully')).toBeInTheDocument();
    expect(saved.bodies).toEqual([{ roleId: 'member', permissions: ['members.view', 'members.manage'] }]);
    await waitFor(() => expect(cell('Manage members', 'Member')).toBeChecked());
  });

  it('keeps the box as the server last said when the change is refused', async () => {
    myAccess('owner');
    matrix();
    refuse(
      endpoints.updateAcl,
      403,
      'You cannot grant or remove a permission you do not hold',
      'PERMISSION_NOT_HELD',
    );
    const { user } = await renderAcl();
    await user.click(cell('View members', 'Member'));
    expect(
      await screen.findByText('You cannot grant or remove a permission you do not hold'),
    ).toBeInTheDocument();
    await waitFor(() => expect(cell('View members', 'Member')).toBeChecked());
  });

  it("disables what an admin does not hold and the admin's own row", async () => {
    myAccess('admin', ['members.view', 'members.manage', 'acl.manage']);
    matrix([OWNER_ROW, { ...ADMIN_ROW, editable: false }, MEMBER_ROW]);
    await renderAcl('admin');
    expect(cell('Manage members', 'Member')).toBeEnabled();
    expect(cell('View billing', 'Member')).toBeDisabled();
    expect(cell('Manage members', 'Admin')).toBeDisabled();
    expect(screen.getByText('Your role')).toBeInTheDocument();
  });

  it('adds, renames and deletes (after confirming) a custom role; built-in roles offer neither', async () => {
    myAccess('owner');
    let rows = [OWNER_ROW, ADMIN_ROW, MEMBER_ROW];
    matrix(() => rows);
    const created = answer(
      endpoints.createRole,
      ({ body }) => {
        rows = [...rows, { ...AUDITOR_ROW, name: body.name }];
        return { role: { id: 'role-7', name: body.name, builtIn: false, locked: false, members: 0 } };
      },
      { msg: 'Role created successfully' },
    );
    const renamed = answer(
      endpoints.renameRole,
      ({ body }) => {
        rows = rows.map((row) => (row.roleId === 'role-7' ? { ...row, name: body.name } : row));
        return { role: { id: 'role-7', name: body.name, builtIn: false, locked: false, members: 0 } };
      },
      { msg: 'Role renamed successfully' },
    );
    const deleted = answer(
      endpoints.deleteRole,
      () => {
        rows = rows.filter((row) => row.roleId !== 'role-7');
        return null;
      },
      { msg: 'Role deleted successfully' },
    );
    const { user } = await renderAcl();
    expect(screen.queryByRole('button', { name: /^Rename / })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add role' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add role' });
    const name = within(dialog).getByRole('textbox', { name: 'Role name' });
    await user.type(name, 'A');
    expect(await within(dialog).findByText('Role name must be at least 2 characters')).toBeInTheDocument();
    await user.type(name, 'uditor');
    const add = within(dialog).getByRole('button', { name: 'Add role' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Role created successfully')).toBeInTheDocument();
    expect(created.bodies).toEqual([{ name: 'Auditor' }]);
    expect(await screen.findByRole('checkbox', { name: 'Manage members for Auditor' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Rename Auditor' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename role' });
    const renameField = within(dialog).getByRole('textbox', { name: 'Role name' });
    expect(renameField).toHaveValue('Auditor');
    await user.clear(renameField);
    await user.type(renameField, 'Reviewer');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Role renamed successfully')).toBeInTheDocument();
    expect(renamed.params).toEqual([{ roleId: 'role-7' }]);
    expect(renamed.bodies).toEqual([{ name: 'Reviewer' }]);

    await user.click(await screen.findByRole('button', { name: 'Delete Reviewer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete role' });
    expect(deleted.count).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role deleted successfully')).toBeInTheDocument();
    expect(deleted.params).toEqual([{ roleId: 'role-7' }]);
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: /for Reviewer$/ })).not.toBeInTheDocument(),
    );
  });

  it('says when the matrix cannot load and loads it again', async () => {
    myAccess('owner');
    answer(endpoints.permissionCatalogue, CATALOGUE);
    refuse(endpoints.acl, 500, 'boom');
    const { user } = await renderOrganisation('/organisation/acl');
    expect(await screen.findByText('The access control could not be loaded.')).toBeInTheDocument();
    matrix();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('is not offered to a member: no menu entry, and the page refuses', async () => {
    myAccess('member');
    matrix();
    await renderWithPortal({
      plugins: [stubAuthPlugin, organisationPlugin],
      url: '/organisation/acl',
      session: inOrganization('member'),
    });
    expect(
      await screen.findByText("You don't have permission to view this page", {}, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Access control' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    myAccess('owner');
    matrix();
    await renderAcl('owner', 'fr');
    await expectAreaPage('Organisation', "Contrôle d'accès");
    expect(screen.getByRole('columnheader', { name: 'Facturation' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Gérer les membres pour Membre' })).toBeEnabled();
    expect(screen.getByText('Verrouillé')).toBeInTheDocument();
  });
});
