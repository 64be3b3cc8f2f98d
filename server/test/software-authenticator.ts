import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for server tests: it answers WebAuthn registration and authentication
 * options with the structures a browser sends (clientDataJSON, authenticatorData, a 'none' attestation object in
 * CBOR, an ES256 signature over authenticatorData ‖ SHA-256(clientDataJSON)), so the server's real verification
 * runs on them. What a browser would enforce (origin, relying party) is the test's to choose, to play a phishing
 * page or another site.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** authenticatorData flags (WebAuthn §6.1). */
const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 };

export interface CeremonyChoices {
  /** The page's origin the browser writes into clientDataJSON. */
  origin?: string;
  /** The relying party id whose hash the authenticator signs. */
  rpId?: string;
  /** Override the authenticator's signature counter for this answer (a cloned key's stale counter). */
  counter?: number;
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  /** Synced passkeys report 0 forever; this one counts like a security key unless told otherwise. */
  counter: number;
  /** The user handle it stored at registration, returned when signing in (discoverable credential). */
  userHandle: string | null = null;

  constructor(
    private readonly defaults: { origin: string; rpId: string },
    { counter = 0, synced = false }: { counter?: number; synced?: boolean } = {},
  ) {
    this.counter = counter;
    this.synced = synced;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key of an EC2 P-256 key for ES256 (RFC 9053): kty 2, alg -7, crv 1, x, y.
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private readonly synced: boolean;

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(userVerified: boolean, attested: boolean): number {
    let flags = FLAG.userPresent;
    if (userVerified) flags |= FLAG.userVerified;
    if (this.synced) flags |= FLAG.backupEligible | FLAG.backedUp;
    if (attested) flags |= FLAG.attested;
    return flags;
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers `navigator.credentials.create()` options (the JSON form the server sent). */
  register(
    options: { challenge: string; user: { id: string } },
    choices: CeremonyChoices = {},
  ): Record<string, unknown> {
    const { origin = this.defaults.origin, rpId = this.defaults.rpId, userVerified = true } = choices;
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    // attestedCredentialData: AAGUID (zeros: no attestation), credential id length and id, COSE public key.
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey]);
    const authData = this.authenticatorData(
      rpId,
      this.flags(userVerified, true),
      choices.counter ?? this.counter,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Answers `navigator.credentials.get()` options; each answer moves the counter forward unless told otherwise. */
  authenticate(options: { challenge: string }, choices: CeremonyChoices = {}): Record<string, unknown> {
    const { origin = this.defaults.origin, rpId = this.defaults.rpId, userVerified = true } = choices;
    if (choices.counter !== undefined) this.counter = choices.counter;
    else if (!this.synced) this.counter += 1;
    const authData = this.authenticatorData(rpId, this.flags(userVerified, false), this.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
