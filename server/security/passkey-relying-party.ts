import { isIP } from 'node:net';

/** Where passkeys of this deployment belong (docs/passkeys.md): one relying party id, the origins that use it. */
export interface PasskeyRelyingParty {
  /** The domain passkeys are bound to (PASSKEY_RP_ID; default the host of PUBLIC_URL). */
  rpId: string;
  /** PUBLIC_URL's origin, then PASSKEY_EXTRA_ORIGINS (the product's other portals on the same domain). */
  origins: string[];
}

function originOf(entry: string, variable: string): string {
  let url: URL | null = null;
  try {
    url = new URL(entry);
  } catch {
    // reported below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname.length > 1 || url.search)
    throw new Error(`${variable} must list origins such as https://sign.example.com, got "${entry}"`);
  return url.origin;
}

/**
 * Reads the relying party from the environment, and stops the start when it cannot work: a browser refuses a
 * passkey whose relying party id is neither the page's host nor a parent domain of it (WebAuthn's "registrable
 * domain suffix"), so every origin must sit under the id.
 */
export function passkeyRelyingParty(
  publicUrl: string,
  env: Record<string, string | undefined>,
): PasskeyRelyingParty {
  const primary = new URL(publicUrl);
  const rpId = (env.PASSKEY_RP_ID || primary.hostname).trim().toLowerCase().replace(/\.$/, '');
  const extra = (env.PASSKEY_EXTRA_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => originOf(entry, 'PASSKEY_EXTRA_ORIGINS'));
  const origins = [...new Set([primary.origin, ...extra])];
  if (!rpId || (isIP(rpId) === 0 && !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(rpId)))
    throw new Error(`PASSKEY_RP_ID must be a domain name such as example.com, got "${env.PASSKEY_RP_ID}"`);
  for (const origin of origins) {
    const host = new URL(origin).hostname.toLowerCase();
    const under = host === rpId || (isIP(rpId) === 0 && host.endsWith(`.${rpId}`));
    if (!under) {
      const from = origin === primary.origin ? 'PUBLIC_URL' : 'PASSKEY_EXTRA_ORIGINS';
      throw new Error(
        `Passkeys: the relying party id "${rpId}" (PASSKEY_RP_ID, default the host of PUBLIC_URL) is not ${host} nor a parent domain of it (${from} ${origin}): browsers would refuse every passkey there. Set PASSKEY_RP_ID to a domain every portal shares, or remove the origin.`,
      );
    }
  }
  return { rpId, origins };
}
