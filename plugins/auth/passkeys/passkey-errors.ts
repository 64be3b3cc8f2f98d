/**
 * The user closed the browser's passkey prompt, it timed out, or another prompt replaced it (`NotAllowedError`,
 * `AbortError`): nothing to report. Read by fields: a DOMException is not always an Error of this realm.
 */
export function passkeyPromptCancelled(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** Whether this browser offers passkeys in the fields' autofill (conditional mediation), asked without the library. */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const credential = (
    globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } }
  ).PublicKeyCredential;
  if (typeof credential?.isConditionalMediationAvailable !== 'function') return false;
  return credential.isConditionalMediationAvailable().catch(() => false);
}
