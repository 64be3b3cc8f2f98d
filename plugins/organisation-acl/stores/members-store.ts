import {
  FILTER_DEBOUNCE_MS,
  PagedListStore,
  recentAnswerKey,
  toPageQuery,
  type Page,
  type PageQuery,
  type RecentAnswers,
} from '@core';
import { MEMBER_LIMITS, type MemberStatusName } from '@contract/v1/constants';
import type { Role } from '@contract/v1/organization-acl';
import type { MemberListQuery, MemberRow } from '@contract/v1/organization-members';
import type { Dayjs } from 'dayjs';
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrganisationApi } from '../api/organisation-api';

export interface MemberFilters {
  /** Name or email, part of it. */
  search: string;
  role: string | undefined;
  status: MemberStatusName | undefined;
  /** Date joined (members) or invited (invitations), both days included. */
  dates: [Dayjs, Dayjs] | null;
}

const NO_FILTERS: MemberFilters = { search: '', role: undefined, status: undefined, dates: null };

/** The first page without filters as last read, and the organisation's roles: shown at once when the page opens again. */
const FIRST_PAGE = recentAnswerKey<Page<MemberRow>>('organisation-acl.members');
const ROLES = recentAnswerKey<Role[]>('organisation-acl.roles');

/** The query of GET /v1/organization/member for a page and the applied filters. Offset is the page, from 1. */
export function memberQuery(filters: MemberFilters, page: PageQuery): MemberListQuery {
  const query: MemberListQuery = { ...page };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.role) query.role = filters.role;
  if (filters.status) query.status = filters.status;
  if (filters.dates) {
    query.fromDate = filters.dates[0].format('YYYY-MM-DD');
    query.toDate = filters.dates[1].format('YYYY-MM-DD');
  }
  return query;
}

/**
 * The members table (docs/screens-and-routes.md): members and invitations paged on the server, with filters. What
 * the user types in a filter is shown at once and applied once typing has paused for {@link FILTER_DEBOUNCE_MS};
 * a choice in a list applies at once. Every action reloads the page it was taken on. Failed calls have been
 * shown by the HTTP client; the store only ends its busy state, so dialogs keep what was typed. Opened again in the
 * same session and organisation, it starts from the first page and the roles last read (core `RecentAnswers`) and
 * refreshes them in place.
 * @example
 * const store = new MembersStore(api, answers);
 * useEffect(() => store.start(), [store]);
 */
export class MembersStore {
  /** What the filter controls show. */
  filters: MemberFilters = { ...NO_FILTERS };
  /** What the list was loaded with. */
  applied: MemberFilters = { ...NO_FILTERS };
  /** The organisation's roles, the owner's included (filters, labels and the role choices). */
  roles: Role[] = [];
  /** The row an action is running on. */
  busyId: string | null = null;
  /** An action without a row (invite, transfer, leave) is running. */
  busy = false;
  /** Members and invitations, a page at a time; a removal that empties the last page shows the one before it. */
  readonly list: PagedListStore<MemberRow>;

  private timer: ReturnType<typeof setTimeout> | null = null;
  private life = new AbortController();

  constructor(
    private readonly api: OrganisationApi,
    private readonly answers: RecentAnswers,
  ) {
    this.list = new PagedListStore<MemberRow>(
      (page, signal) =>
        this.api.members(memberQuery(this.applied, page), signal).then((answer) => answer.data),
      {
        pageSize: MEMBER_LIMITS.pageSizeDefault,
        remember: { answers, key: FIRST_PAGE, unfiltered: () => !this.hasFilters },
      },
    );
    this.roles = answers.get(ROLES) ?? [];
    makeAutoObservable<MembersStore, 'api' | 'answers' | 'timer' | 'life'>(
      this,
      { api: false, answers: false, timer: false, life: false, list: false },
      { autoBind: true },
    );
  }

  get hasFilters(): boolean {
    const { search, role, status, dates } = this.applied;
    return Boolean(search.trim() || role || status || dates);
  }

  /** Loads the first page; returns the stop for an effect. */
  start(): () => void {
    this.life = new AbortController();
    const stop = this.list.start();
    void this.loadRoles();
    return () => {
      stop();
      this.life.abort();
      this.clearTimer();
    };
  }

  /** Text typed in the name/email filter: reloads once typing pauses. */
  setSearch(search: string): void {
    this.filters = { ...this.filters, search };
    this.clearTimer();
    this.timer = setTimeout(() => this.applyFilters(), FILTER_DEBOUNCE_MS);
  }

  setRole(role: string | undefined): void {
    this.filters = { ...this.filters, role };
    this.applyFilters();
  }

  setStatus(status: MemberStatusName | undefined): void {
    this.filters = { ...this.filters, status };
    this.applyFilters();
  }

  setDates(dates: [Dayjs, Dayjs] | null): void {
    this.filters = { ...this.filters, dates };
    this.applyFilters();
  }

  async loadRoles(): Promise<void> {
    const askedIn = this.answers.scope();
    try {
      const { data } = await this.api.roles({ owner: true }, this.life.signal);
      this.answers.set(ROLES, data.roles, askedIn);
      runInAction(() => (this.roles = data.roles));
    } catch {
      // Shown by the HTTP client; role names fall back to their ids.
    }
  }

  /** Active members matching `search`, for the ownership transfer's choice (the owner's own row left out). */
  async activeMembers(search: string, signal?: AbortSignal): Promise<MemberRow[]> {
    const query = memberQuery({ ...NO_FILTERS, search, status: 'active' }, toPageQuery(1, 20));
    const { data } = await this.api.members(query, signal);
    return data.items.filter((row) => row.kind === 'member' && !row.isSelf);
  }

  async invite(email: string, role: string): Promise<boolean> {
    return this.run(null, () => this.api.invite({ email, role }, this.life.signal));
  }

  /** The owner hands the organisation over; the list then shows them as admin. */
  async transferOwnership(body: {
    userId: string;
    organizationName: string;
    password: string;
  }): Promise<boolean> {
    return this.run(null, () => this.api.transferOwnership(body, this.life.signal));
  }

  /** Leaves the organisation (not its owner). The caller then has to choose another account. */
  async leave(orgId: string): Promise<boolean> {
    this.busy = true;
    try {
      await this.api.leave({ orgId }, this.life.signal);
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async resend(row: MemberRow): Promise<boolean> {
    return this.run(row.id, () => this.api.resend({ invitationId: row.id }, this.life.signal));
  }

  async changeRole(row: MemberRow, role: string): Promise<boolean> {
    return this.run(row.id, () => this.api.changeRole({ id: row.id, role }, this.life.signal));
  }

  async remove(row: MemberRow): Promise<boolean> {
    return this.run(row.id, () => this.api.remove(row.id, this.life.signal));
  }

  private async run(id: string | null, action: () => Promise<unknown>): Promise<boolean> {
    this.busyId = id;
    this.busy = id === null;
    try {
      await action();
      await this.list.load();
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => {
        this.busyId = null;
        this.busy = false;
      });
    }
  }

  private applyFilters(): void {
    this.clearTimer();
    this.applied = { ...this.filters };
    this.list.firstPage();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
