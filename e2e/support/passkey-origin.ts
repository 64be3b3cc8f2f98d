import type { CDPSession } from '@playwright/test';
import { freePort, startOwnServer, type OwnServer } from './own-server';

/**
 * Browsers refuse WebAuthn on an IP address, and the suite's server is on 127.0.0.1: a passkey journey runs a server
 * of its own whose PUBLIC_URL (hence the relying party) is `localhost`. `portVariable` names an environment variable
 * that may fix its port.
 */
export async function startLocalhostServer(portVariable: string): Promise<OwnServer & { origin: string }> {
  const port = Number(process.env[portVariable]) || (await freePort());
  const server = await startOwnServer({ MAIL_MAX_PER_IP: '10000', PUBLIC_URL: `http://localhost:${port}` }, port);
  return { ...server, origin: `http://localhost:${server.port}` };
}

/** A platform authenticator that keeps discoverable passkeys and verifies its user (fingerprint, PIN). */
export async function virtualAuthenticator(cdp: CDPSession): Promise<string> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return authenticatorId;
}
