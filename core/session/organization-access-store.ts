import type { Permission } from '@contract/v1/permissions';
import { makeAutoObservable, runInAction } from 'mobx';
import { useEffect, useState } from 'react';
import { useService } from '../di/use-service';
import { HttpClient } from '../http/http-client';
import { SessionStore } from './session-store';

export type AccessStatus = 'loading' | 'ready' | 'failed';

/**
 * What the signed-in user may do in the active organisation, as the server says now (GET /v1/acl/me), for the pages
 * of any plugin: they offer only those actions (hiding is never the protection, the server checks each call;
 * docs/access-control.md). The session follows the answer (`SessionStore.followAccess`), so the side menu and the
 * route guards match what the server will allow when someone changed the role since the organisation was entered.
 * @example
 * const access = useOrganizationAccess(); // loads when the page mounts
 * access.can('members.manage');
 */
export class OrganizationAccessStore {
  status: AccessStatus = 'loading';

  private controller: AbortController | null = null;

  constructor(
    private readonly http: HttpClient,
    private readonly session: SessionStore,
  ) {
    makeAutoObservable<OrganizationAccessStore, 'http' | 'session' | 'controller'>(
      this,
      { http: false, session: false, controller: false },
      { autoBind: true },
    );
  }

  /** The session holds the answer (role, name, grants); this store only says whether it arrived. */
  get isOwner(): boolean {
    return this.status === 'ready' && this.session.role === 'owner';
  }

  /** Whether the answer said the role holds `permission` (the owner holds them all: `SessionStore.accessSubject`). */
  can(permission: Permission): boolean {
    return this.status === 'ready' && this.session.accessSubject.permissions.includes(permission);
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
      // The endpoint table loads with the first call, as the plugins' API classes do (bind.lazySingleton), so it is
      // not part of a page's first paint. Silent: the page's own calls say what failed.
      const { endpoints } = await import('@contract/v1/endpoints');
      const { data } = await this.http.call(endpoints.myPermissions, undefined, {
        signal: controller.signal,
        silent: true,
      });
      runInAction(() => {
        this.session.followAccess(data);
        this.status = 'ready';
      });
    } catch {
      if (controller.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }
}

/** A page's {@link OrganizationAccessStore}, loaded when the page mounts and stopped when it unmounts. */
export function useOrganizationAccess(): OrganizationAccessStore {
  const http = useService(HttpClient);
  const session = useService(SessionStore);
  const [access] = useState(() => new OrganizationAccessStore(http, session));
  useEffect(() => access.start(), [access]);
  return access;
}
