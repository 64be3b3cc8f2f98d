import type { EndpointData } from '@contract/v1/endpoint';
import type { Endpoints } from '@contract/v1/endpoints';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

type CreationOptions = EndpointData<Endpoints['passkeyRegistrationOptions']>['options'];

/**
 * The browser's passkey prompt (navigator.credentials.create through @simplewebauthn/browser), loaded only when the
 * user adds a passkey. The server sends WebAuthn's JSON form, which the library turns into the browser's binary one.
 */
export async function createPasskey(options: CreationOptions): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** The user closed the prompt or let it time out (`NotAllowedError`): nothing to report as a failure. */
export function ceremonyCancelled(error: unknown): boolean {
  // A DOMException is not always an Error of this realm: read its fields.
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}
