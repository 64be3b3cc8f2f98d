import { ApiError } from '@core';
import type { PasskeyInfo } from '@contract/v1/index';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserSecurityApi } from '../api/user-security-api';
import { ceremonyCancelled, createPasskey } from '../api/passkey-ceremony';

export type PasskeysPhase = 'loading' | 'ready' | 'failed';

export type PasskeyDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'rename'; passkey: PasskeyInfo }
  | { kind: 'remove'; passkey: PasskeyInfo };

/**
 * What adding a passkey came to: `refused` by the server (the HTTP pipeline already said why), `failed` in the
 * browser (no authenticator, this one already registered), `cancelled` by the user.
 */
export type AddOutcome = 'added' | 'cancelled' | 'failed' | 'refused';

/**
 * The Passkeys panel (docs/passkeys.md): the user's passkeys, and adding, renaming and removing one. Adding asks the
 * server for creation options (the HTTP pipeline first asks the user to confirm it is them when their login is not
 * recent), runs the browser's prompt, and sends its answer back with the name.
 */
export class PasskeysStore {
  phase: PasskeysPhase = 'loading';
  passkeys: PasskeyInfo[] = [];
  dialog: PasskeyDialog = { kind: 'none' };
  busy = false;
  /** The browser's prompt is open. */
  prompting = false;

  constructor(private readonly api: UserSecurityApi) {
    makeAutoObservable<PasskeysStore, 'api'>(this, { api: false });
  }

  async load(signal?: AbortSignal): Promise<void> {
    this.phase = 'loading';
    try {
      const { data } = await this.api.passkeys(signal);
      runInAction(() => {
        this.passkeys = data.passkeys;
        this.phase = 'ready';
      });
    } catch {
      if (signal?.aborted) return;
      runInAction(() => (this.phase = 'failed'));
    }
  }

  open(dialog: PasskeyDialog): void {
    this.dialog = dialog;
  }

  close(): void {
    if (!this.busy) this.dialog = { kind: 'none' };
  }

  async add(name: string, signal?: AbortSignal): Promise<AddOutcome> {
    if (this.busy) return 'refused';
    this.busy = true;
    try {
      const { data } = await this.api.passkeyRegistrationOptions(signal);
      runInAction(() => (this.prompting = true));
      let credential;
      try {
        credential = await createPasskey(data.options);
      } finally {
        runInAction(() => (this.prompting = false));
      }
      const added = await this.api.registerPasskey(
        { challengeId: data.challengeId, name, credential: credential as never },
        signal,
      );
      runInAction(() => {
        this.passkeys = [...this.passkeys, added.data];
        this.busy = false;
        this.dialog = { kind: 'none' };
      });
      return 'added';
    } catch (error) {
      runInAction(() => (this.busy = false));
      if (error instanceof ApiError) return 'refused';
      return ceremonyCancelled(error) ? 'cancelled' : 'failed';
    }
  }

  async rename(passkey: PasskeyInfo, name: string, signal?: AbortSignal): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { data } = await this.api.renamePasskey(passkey.id, { name }, signal);
      runInAction(() => {
        this.passkeys = this.passkeys.map((item) => (item.id === data.id ? data : item));
        this.dialog = { kind: 'none' };
      });
    } catch {
      // The pipeline showed why.
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async remove(passkey: PasskeyInfo, signal?: AbortSignal): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.api.removePasskey(passkey.id, signal);
      runInAction(() => {
        this.passkeys = this.passkeys.filter((item) => item.id !== passkey.id);
        this.dialog = { kind: 'none' };
      });
    } catch {
      // The pipeline showed why.
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
