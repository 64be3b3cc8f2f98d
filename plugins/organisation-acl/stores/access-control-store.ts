import type { OrganizationAccessStore } from '@core';
import type { AclRow, PermissionGroupData } from '@contract/v1/organization-acl';
import type { Permission } from '@contract/v1/permissions';
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrganisationApi } from '../api/organisation-api';

export type AclStatus = 'loading' | 'ready' | 'failed';

/**
 * `/organisation/acl` (docs/access-control.md): the matrix of roles × permissions grouped by feature, and custom
 * roles. A cell can change only when the row is editable (never the owner's row nor the user's own role) and the
 * user holds that permission; the server refuses anything else anyway. Each change saves the role's whole list
 * and the row shows the server's answer.
 * @example
 * const store = new AccessControlStore(api, access);
 * useEffect(() => store.start(), [store]);
 */
export class AccessControlStore {
  status: AclStatus = 'loading';
  groups: PermissionGroupData[] = [];
  rows: AclRow[] = [];
  /** `roleId:permission` of the cells being saved. */
  saving = new Set<string>();
  busy = false;

  private controller = new AbortController();

  constructor(
    private readonly api: OrganisationApi,
    private readonly access: OrganizationAccessStore,
  ) {
    makeAutoObservable<AccessControlStore, 'api' | 'access' | 'controller'>(
      this,
      { api: false, access: false, controller: false },
      { autoBind: true },
    );
  }

  start(): () => void {
    this.controller = new AbortController();
    void this.load();
    return () => this.controller.abort();
  }

  async load(): Promise<void> {
    const { signal } = this.controller;
    this.status = 'loading';
    try {
      const [catalogue, acl] = await Promise.all([
        this.api.permissionCatalogue(signal),
        this.api.acl(signal),
      ]);
      runInAction(() => {
        this.groups = catalogue.data.groups;
        this.rows = acl.data.roles;
        this.status = 'ready';
      });
    } catch {
      if (!signal.aborted) runInAction(() => (this.status = 'failed'));
    }
  }

  canEdit(row: AclRow, permission: Permission): boolean {
    return (
      !row.locked &&
      row.editable &&
      this.access.can(permission) &&
      !this.saving.has(`${row.roleId}:${permission}`)
    );
  }

  holds(row: AclRow, permission: Permission): boolean {
    return row.locked || row.permissions.includes(permission);
  }

  async toggle(row: AclRow, permission: Permission, granted: boolean): Promise<void> {
    if (!this.canEdit(row, permission)) return;
    const key = `${row.roleId}:${permission}`;
    const permissions = granted
      ? [...new Set([...row.permissions, permission])]
      : row.permissions.filter((p) => p !== permission);
    this.saving.add(key);
    try {
      const { data } = await this.api.updateAcl({ roleId: row.roleId, permissions }, this.controller.signal);
      runInAction(() => {
        this.rows = this.rows.map((r) => (r.roleId === data.role.roleId ? data.role : r));
      });
    } catch {
      // Shown by the HTTP client; the cell keeps the state the server last confirmed.
    } finally {
      runInAction(() => this.saving.delete(key));
    }
  }

  async addRole(name: string): Promise<boolean> {
    return this.run(() => this.api.createRole({ name }, this.controller.signal));
  }

  async renameRole(roleId: string, name: string): Promise<boolean> {
    return this.run(() => this.api.renameRole(roleId, { name }, this.controller.signal));
  }

  async deleteRole(roleId: string): Promise<boolean> {
    return this.run(() => this.api.deleteRole(roleId, this.controller.signal));
  }

  private async run(action: () => Promise<unknown>): Promise<boolean> {
    this.busy = true;
    try {
      await action();
      const { data } = await this.api.acl(this.controller.signal);
      runInAction(() => (this.rows = data.roles));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
