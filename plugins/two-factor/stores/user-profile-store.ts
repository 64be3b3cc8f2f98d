import { recentAnswerKey, type RecentAnswers, type SessionStore } from '@core';
import type { UserInfo } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';

export type LoadPhase = 'loading' | 'ready' | 'failed';

/** Aborts are the screen going away, not failures worth showing. */
export function isAbort(error: unknown): boolean {
  return (error as { aborted?: boolean } | null)?.aborted === true;
}

/** The profile the Profile, Security and user security pages last read, shown at once on the next visit. */
const PROFILE = recentAnswerKey<UserInfo>('two-factor.profile');

/**
 * The signed-in user's profile (`userInfo`, docs/api-contract.md) as one screen sees it. Every change the server answers
 * with the new profile goes through {@link apply}, which also keeps the session's 2FA flags in step.
 * A screen opened again in the same session starts from the profile last read (core `RecentAnswers`) and
 * {@link load} refreshes it in place.
 */
export class UserProfileStore {
  userInfo: UserInfo | null;
  phase: LoadPhase;
  /**
   * Changes answered since the screen opened. A remembered profile is usable while it is read again: a read asked
   * before a change (2FA turned on, a phone number saved) must not put back the profile the change replaced.
   */
  private changes = 0;

  constructor(
    private readonly api: UserSecurityApi,
    private readonly session: SessionStore,
    private readonly answers: RecentAnswers,
  ) {
    this.userInfo = answers.get(PROFILE) ?? null;
    this.phase = this.userInfo ? 'ready' : 'loading';
    makeAutoObservable<UserProfileStore, 'api' | 'session' | 'answers' | 'changes'>(this, {
      api: false,
      session: false,
      answers: false,
      changes: false,
    });
  }

  /** With a profile already shown, it stays on screen while the new one loads, and if that fails (the client said why). */
  async load(signal?: AbortSignal): Promise<void> {
    if (!this.userInfo) this.phase = 'loading';
    const askedIn = this.answers.scope();
    const changesBefore = this.changes;
    try {
      const { data } = await this.api.profile(signal);
      if (changesBefore === this.changes) this.show(data.userInfo, askedIn);
    } catch (error) {
      if (!isAbort(error)) runInAction(() => (this.phase = this.userInfo ? 'ready' : 'failed'));
    }
  }

  /** A change's answer: the new profile, which no read asked before it may replace. */
  apply(userInfo: UserInfo): void {
    this.changes += 1;
    this.show(userInfo, this.answers.scope());
  }

  private show(userInfo: UserInfo, askedIn: string | null): void {
    this.userInfo = userInfo;
    this.phase = 'ready';
    this.answers.set(PROFILE, userInfo, askedIn);
    this.session.setTwoFactorEnabled(userInfo.twoFactorAuthentication.enabled);
    this.session.setTwoFactorEnabledInOrg(userInfo.twoFactorEnabledInOrg);
  }
}
