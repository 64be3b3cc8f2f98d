import type { CreatedOrganization } from '@contract/v1/organization-acl';
import { validateOrganizationName } from '@core';
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrganisationApi } from '../api/organisation-api';

/** How long the name field waits after the last keystroke before asking whether the name is free. */
export const NAME_CHECK_DEBOUNCE_MS = 500;

export type CreatePhase = 'loading' | 'ready' | 'atLimit' | 'failed';
export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

/**
 * `/organisation/create` (docs/screens-and-routes.md): the owned-organisations limit, the live name check and the
 * creation. Only organisations the user owns count toward the limit; at the limit the form is replaced by the
 * limit message. A failed creation keeps the form as typed (the HTTP client has shown why).
 * @example
 * const store = new CreateOrganisationStore(api, config.organizationLimit);
 * useEffect(() => store.start(), [store]);
 */
export class CreateOrganisationStore {
  phase: CreatePhase = 'loading';
  /** The most business organisations one owner may create: the server's answer, else the config's. */
  limit: number;
  owned = 0;
  availability: Availability = 'idle';
  /** The name the availability answer is about. */
  checkedName = '';
  creating = false;

  private timer: ReturnType<typeof setTimeout> | null = null;
  private checkController: AbortController | null = null;
  private controller = new AbortController();

  constructor(
    private readonly api: OrganisationApi,
    configuredLimit: number,
  ) {
    this.limit = configuredLimit;
    makeAutoObservable<CreateOrganisationStore, 'api' | 'timer' | 'checkController' | 'controller'>(
      this,
      { api: false, timer: false, checkController: false, controller: false },
      { autoBind: true },
    );
  }

  /** Loads the counts; returns the stop for an effect. */
  start(): () => void {
    this.controller = new AbortController();
    void this.loadSize();
    return () => {
      this.controller.abort();
      this.cancelCheck();
    };
  }

  async loadSize(): Promise<void> {
    const { signal } = this.controller;
    this.phase = 'loading';
    try {
      const { data } = await this.api.size(signal);
      runInAction(() => {
        this.limit = data.organizationLimit;
        this.owned = data.ownedOrganizations;
        this.phase = data.ownedOrganizations >= data.organizationLimit ? 'atLimit' : 'ready';
      });
    } catch {
      if (!signal.aborted) runInAction(() => (this.phase = 'failed'));
    }
  }

  /** The name field changed: check it once typing pauses, and only when the rule set accepts it. */
  nameChanged(value: string): void {
    this.cancelCheck();
    this.checkedName = value;
    if (validateOrganizationName(value) !== null) {
      this.availability = 'idle';
      return;
    }
    this.availability = 'checking';
    this.timer = setTimeout(() => void this.check(value), NAME_CHECK_DEBOUNCE_MS);
  }

  /** True when the server said this very name is free. */
  isAvailable(name: string): boolean {
    return this.availability === 'available' && this.checkedName === name;
  }

  async create(name: string): Promise<CreatedOrganization | null> {
    if (this.creating) return null;
    this.creating = true;
    try {
      const { data } = await this.api.create({ organizationName: name }, this.controller.signal);
      return data;
    } catch {
      // Shown by the HTTP client; the form keeps what was typed. The limit may have been reached meanwhile
      // (another tab): the counts say so and the form gives way to the message.
      if (!this.controller.signal.aborted) void this.loadSize();
      return null;
    } finally {
      runInAction(() => (this.creating = false));
    }
  }

  private async check(name: string): Promise<void> {
    const controller = new AbortController();
    this.checkController = controller;
    try {
      const { data } = await this.api.nameAvailable({ orgName: name }, controller.signal);
      runInAction(() => {
        if (this.checkedName === name) this.availability = data.available ? 'available' : 'taken';
      });
    } catch {
      if (!controller.signal.aborted) runInAction(() => (this.availability = 'failed'));
    }
  }

  private cancelCheck(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.checkController?.abort();
    this.checkController = null;
  }
}
