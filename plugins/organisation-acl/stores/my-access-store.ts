import type { SessionStore } from '@core';
import type { Permission } from '@contract/v1/permissions';
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrganisationApi } from '../api/organisation-api';

export type AccessStatus = 'loading' | 'ready' | 'failed';

/**
 * What the signed-in user may do in the active organisation, as the server says now (GET /v1/acl/me): the screens
 * offer only those actions (hiding is never the protection, the server checks each call; docs/access-control.md).
 * When the server's role differs from the session's (someone changed it since the organisation was entered), the
 * session follows, so the side menu and the route guards match what the server will allow.
 * @example
 * const access = new MyAccessStore(api, session);
 * useEffect(() => access.start(), [access]);
 * access.can('members.manage');
 */
export class MyAccessStore {
  status: AccessStatus = 'loading';
  role: string | null = null;
  /** The custom role's name, null for a built-in role. */
  roleName: string | null = null;
  permissions: readonly Permission[] = [];

  private controller: AbortController | null = null;

  constructor(
    private readonly api: OrganisationApi,
    private readonly session: SessionStore,
  ) {
    makeAutoObservable<MyAccessStore, 'api' | 'session' | 'controller'>(
      this,
      { api: false, session: false, controller: false },
      { autoBind: true },
    );
  }

  get isOwner(): boolean {
    return this.role === 'owner';
  }

  can(permission: Permission): boolean {
    return this.isOwner || this.permissions.includes(permission);
  }

  /** Loads now; returns the stop for an effect. */
  start(): () => void {
    void this.load();
    return () => this.controller?.abort();
  }

  async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const { data } = await this.api.myPermissions(controller.signal);
      runInAction(() => {
        this.role = data.role;
        this.roleName = data.roleName;
        this.permissions = data.permissions;
        this.status = 'ready';
      });
      this.followInSession(data.organizationId, data.role);
    } catch {
      if (controller.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
        this.permissions = [];
      });
    }
  }

  private followInSession(organizationId: string, role: string): void {
    const { session } = this;
    if (session.organizationId !== organizationId || session.role === role) return;
    if (!session.accessToken || !session.refreshToken) return;
    runInAction(() => {
      session.selectOrganization(
        { organizationId, role },
        { accessToken: session.accessToken!, refreshToken: session.refreshToken! },
        undefined,
        session.regionalConfig,
      );
      session.setOrganizations(
        session.organizations.map((org) => (org.organizationId === organizationId ? { ...org, role } : org)),
      );
    });
  }
}
