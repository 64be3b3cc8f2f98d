import type { Permission } from '@contract/v1/permissions';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BillingApi } from '../api/billing-api';

export type AccessStatus = 'loading' | 'ready' | 'failed';

/**
 * What the signed-in user may do with billing in the active organisation, as the server says now (GET /v1/acl/me):
 * the pages offer only those actions (hiding is never the protection; the server checks each call). The route's
 * role rule already let the user in; a custom role or a withdrawn grant is seen here.
 * @example
 * const access = new BillingAccessStore(api);
 * useEffect(() => access.start(), [access]);
 * access.can('billing.manage');
 */
export class BillingAccessStore {
  status: AccessStatus = 'loading';
  role: string | null = null;
  permissions: readonly Permission[] = [];

  private controller: AbortController | null = null;

  constructor(private readonly api: BillingApi) {
    makeAutoObservable<BillingAccessStore, 'api' | 'controller'>(
      this,
      { api: false, controller: false },
      { autoBind: true },
    );
  }

  can(permission: Permission): boolean {
    return this.role === 'owner' || this.permissions.includes(permission);
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
        this.permissions = data.permissions;
        this.status = 'ready';
      });
    } catch {
      if (controller.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
        this.permissions = [];
      });
    }
  }
}
