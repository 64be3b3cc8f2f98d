import { isAxiosError } from 'axios';
import { REAUTH_REQUIRED } from '@contract/v1/security-codes';
import type { ReauthPrompt } from './reauth-prompt';

/** A 403 whose body says the server wants a fresh password or second-factor proof first. */
export function isReauthRequired(error: unknown): boolean {
  if (!isAxiosError(error) || error.response?.status !== 403) return false;
  const body: unknown = error.response.data;
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === REAUTH_REQUIRED;
}

/**
 * The HTTP pipeline's step for recent authentication (docs/two-factor.md#recent-authentication): a call refused with
 * 403 `REAUTH_REQUIRED` opens the re-authentication dialog through `prompt`, and once the user has proven it is them
 * the same call is sent again, once. Cancelled, aborted or without a prompt, the original refusal stands (the
 * pipeline then shows its message as for any 403).
 * @example
 * const response = await retryAfterReauth(() => this.send(call, signal), this.reauth, signal);
 */
export async function retryAfterReauth<T>(
  send: () => Promise<T>,
  prompt: ReauthPrompt | undefined,
  signal: AbortSignal,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!prompt || signal.aborted || !isReauthRequired(error)) throw error;
    if (!(await prompt.confirm(signal))) throw error;
    return send();
  }
}
