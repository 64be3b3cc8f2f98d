import type { UserSession } from '@contract/v1/activity-log';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ActivityApi } from '../api/activity-api';

/**
 * The user's signed-in sessions, the current one first. Ending one (or all others) reloads the list; failures
 * have been shown by the HTTP client.
 */
export class SessionsStore {
  status: 'loading' | 'ready' | 'failed' = 'loading';
  sessions: UserSession[] = [];
  /** The session being ended, or 'others'. */
  busy: string | null = null;

  constructor(private readonly api: ActivityApi) {
    makeAutoObservable<SessionsStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  get others(): UserSession[] {
    return this.sessions.filter((s) => !s.current);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const { data } = await this.api.sessions();
      runInAction(() => {
        this.sessions = [...data.items].sort((a, b) => Number(b.current) - Number(a.current));
        this.status = 'ready';
      });
    } catch {
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
