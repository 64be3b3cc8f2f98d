import { makeAutoObservable } from 'mobx';
import { injectable } from '../di/container';
import type { ReauthPrompt } from '../http/reauth-prompt';

interface Waiter {
  settle: (confirmed: boolean) => void;
}

/**
 * The state behind the re-authentication dialog (docs/two-factor.md#recent-authentication), and core's
 * {@link ReauthPrompt}: the HTTP pipeline asks, the dialog (mounted once by the root layout through
 * `ReauthDialogHost`) answers. Calls refused at the same time share one dialog; each resolves once the user
 * confirmed (true) or cancelled (false). An aborted call (logout, unmount) stops waiting at once, and with no
 * dialog mounted nobody could answer, so it resolves false.
 * @example
 * const reauth = container.get(ReauthController);
 * const detach = reauth.attach(); // the dialog host, on mount
 * reauth.succeeded();             // the dialog, once POST /v1/reauth answered 200
 */
@injectable()
export class ReauthController implements ReauthPrompt {
  /** True while some call waits for the user. */
  open = false;
  private waiters: Waiter[] = [];
  private hosts = 0;

  constructor() {
    makeAutoObservable<ReauthController, 'waiters' | 'hosts'>(
      this,
      { waiters: false, hosts: false },
      { autoBind: true },
    );
  }

  confirm(signal?: AbortSignal): Promise<boolean> {
    if (this.hosts === 0 || signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        settle: (confirmed) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(confirmed);
        },
      };
      const onAbort = () => this.drop(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.open = true;
    });
  }

  /** The server accepted the proof: every waiting call is replayed. */
  succeeded(): void {
    this.settle(true);
  }

  /** The user closed the dialog: every waiting call keeps its refusal. */
  cancel(): void {
    this.settle(false);
  }

  /** The dialog host mounts: from now on a prompt can be answered. Returns the detach function. */
  attach(): () => void {
    this.hosts += 1;
    return () => {
      this.hosts -= 1;
      if (this.hosts === 0) this.settle(false);
    };
  }

  private drop(waiter: Waiter): void {
    this.waiters = this.waiters.filter((w) => w !== waiter);
    waiter.settle(false);
    if (this.waiters.length === 0) this.open = false;
  }

  private settle(confirmed: boolean): void {
    const waiters = this.waiters;
    this.waiters = [];
    this.open = false;
    for (const waiter of waiters) waiter.settle(confirmed);
  }
}
