import type { SessionStore } from './session-store';

/** The name of one remembered read, typed by its answer (like a DI token). */
export type RecentAnswerKey<T> = string & { readonly __answer?: T };

export function recentAnswerKey<T>(name: string): RecentAnswerKey<T> {
  return name as RecentAnswerKey<T>;
}

/**
 * The last answer of each read a page made, so that a page visited before in this session and organisation shows
 * it at once and asks again behind it (stale-while-revalidate), instead of a spinner for a round trip on every
 * side-menu click (docs/performance.md, "Warm route changes"). Held in memory only: emptied on logout (in any tab)
 * and whenever the active organisation changes, so nobody sees another person's or organisation's data.
 * @example
 * const PROFILE = recentAnswerKey<UserInfo>('two-factor.profile');
 * const shown = answers.get(PROFILE); // render it now, if there is one
 * const askedIn = answers.scope();
 * answers.set(PROFILE, (await api.profile()).data.userInfo, askedIn);
 */
export class RecentAnswers {
  private readonly answers = new Map<string, unknown>();
  private organizationId: string | null;

  constructor(private readonly session: SessionStore) {
    this.organizationId = session.organizationId;
    session.onLogout(() => this.answers.clear());
  }

  /** The organisation an answer asked for now belongs to; pass it to {@link set} when the answer arrives. */
  scope(): string | null {
    return this.session.organizationId;
  }

  get<T>(key: RecentAnswerKey<T>): T | undefined {
    this.followOrganization();
    return this.answers.get(key) as T | undefined;
  }

  /**
   * Remembers `value` unless the user has left the organisation `askedIn` since asking (the answer is not theirs
   * now); a logout leaves no organisation, so an answer that arrives after it is dropped too.
   */
  set<T>(key: RecentAnswerKey<T>, value: T, askedIn: string | null): void {
    this.followOrganization();
    if (askedIn === this.organizationId) this.answers.set(key, value);
  }

  private followOrganization(): void {
    if (this.session.organizationId === this.organizationId) return;
    this.answers.clear();
    this.organizationId = this.session.organizationId;
  }
}
