import { token } from '../di/container';

/**
 * Asks the signed-in user to prove it is them again (password, or a second-factor code) when the server answers a
 * sensitive change with 403 `REAUTH_REQUIRED` (docs/two-factor.md#recent-authentication). The HTTP pipeline calls it
 * and replays the refused call once on `true`; a plugin may call it too, before a series of sensitive calls.
 * Concurrent callers share one prompt.
 * @example
 * const prompt = useService(ReauthPrompt);
 * if (await prompt.confirm(signal)) await api.disableTwoFactor(signal);
 */
export interface ReauthPrompt {
  /** Resolves true once the server accepted the proof, false when the user cancels, the call is aborted or no dialog is mounted. */
  confirm(signal?: AbortSignal): Promise<boolean>;
}
export const ReauthPrompt = token<ReauthPrompt>('core.reauth-prompt');
