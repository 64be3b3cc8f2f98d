import type { EndpointData } from '@contract/v1/endpoint';
import type { Endpoints } from '@contract/v1/endpoints';
import {
  startAuthentication,
  WebAuthnAbortService,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

type RequestOptions = EndpointData<Endpoints['passkeyLoginOptions']>['options'];

/**
 * The browser's passkey prompt (navigator.credentials.get through @simplewebauthn/browser). This module is loaded
 * only after the login page's first paint (autofill) or when the user asks for a passkey: never in its first chunk.
 * `autofill` waits for the user to pick a passkey in the email field's suggestions (conditional mediation).
 */
export function getPasskey(
  options: RequestOptions,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponseJSON> {
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
}

/** Ends a waiting prompt (the autofill when the page goes away). Starting another prompt ends the previous one. */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}

/**
 * The user closed the browser's passkey prompt, it timed out, or another prompt replaced it (`NotAllowedError`,
 * `AbortError`): nothing to report. Read by fields: a DOMException is not always an Error of this realm.
 */
export function promptCancelled(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}
