import { recentAnswerKey, type RecentAnswers } from '@core';
import type { UserSession } from '@contract/v1/activity-log';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ActivityApi } from '../api/activity-api';

/** The sessions as last read, the current one first: shown at once when the page opens again. */
const SESSIONS = recentAnswerKey<UserSession[]>('activity-log.sessions');

/**
 * The user's signed-in sessions, the current one first. Ending one (or all others) reloads the list, and a newer
 * read aborts an older one, so a list read before an ending never puts the ended session back; failures have been
 * shown by the HTTP client. Opened again in the same session, it starts from the sessions last read and refreshes
 * them in place.
 * @example
 * const store = new SessionsStore(api, answers);
 * useEffect(() => store.start(), [store]);
 */
export class SessionsStore {
  status: 'loading' | 'ready' | 'failed' = 'loading';
  sessions: UserSession[] = [];
  /** The session being ended, or 'others'. */
  busy: string | null = null;

  private controller: AbortController | null = null;

  constructor(
    private readonly api: ActivityApi,
    private readonly answers: RecentAnswers,
  ) {
    const remembered = answers.get(SESSIONS);
    if (remembered) {
      this.sessions = remembered;
      this.status = 'ready';
    }
    makeAutoObservable<SessionsStore, 'api' | 'answers' | 'controller'>(
      this,
      { api: false, answers: false, controller: false },
      { autoBind: true },
    );
  }

  /** Loads the sessions (behind those remembered, if any); returns the stop for an effect. */
  start(): () => void {
    void this.load({ inPlace: this.status === 'ready' });
    return () => this.controller?.abort();
  }

  get others(): UserSession[] {
    return this.sessions.filter((s) => !s.current);
  }

  /** `inPlace` keeps the sessions shown (those last read) until the answer replaces them. */
  async load({ inPlace = false } = {}): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    if (!inPlace) this.status = 'loading';
    const askedIn = this.answers.scope();
    try {
      const { data } = await this.api.sessions(controller.signal);
      const sessions = [...data.items].sort((a, b) => Number(b.current) - Number(a.current));
      this.answers.set(SESSIONS, sessions, askedIn);
      runInAction(() => {
        this.sessions = sessions;
        this.status = 'ready';
      });
    } catch {
      if (controller.signal.aborted || inPlace) return;
      runInAction(() => (this.status = 'failed'));
    }
  }

  async end(id: string): Promise<boolean> {
    return this.run(id, () => this.api.endSession(id));
  }

  async endOthers(): Promise<number | null> {
    let ended: number | null = null;
    await this.run('others', async () => {
      const { data } = await this.api.endOtherSessions();
      ended = data.ended;
    });
    return ended;
  }

  private async run(busy: string, action: () => Promise<unknown>): Promise<boolean> {
    this.busy = busy;
    try {
      await action();
      await this.load();
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}
