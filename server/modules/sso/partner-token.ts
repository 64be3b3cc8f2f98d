import { SignJWT, decodeJwt, errors, importPKCS8, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import type { SsoApplicationRow } from './sso-applications';

/**
 * What a partner application signs (the contract partners implement; `signPartnerToken` below is a reference):
 * - header `alg`: the application's algorithm (HS256 with the shared secret, RS256/ES256 with its private key);
 * - `iss`: the application id; `aud`: this portal's SSO audience (SSO_AUDIENCE, default PUBLIC_URL);
 * - `iat`, `exp`: at most {@link PARTNER_TOKEN_MAX_LIFETIME_SECONDS} apart; `jti`: unique per token (single use);
 * - `email`: the user's address; optional `given_name`, `family_name` name a new account.
 */
export interface PartnerClaims {
  email: string;
  jti: string;
  issuedAt: number;
  expiresAt: number;
  givenName?: string;
  familyName?: string;
}

/** A partner link is meant to be clicked at once: a longer-lived token would be a bearer credential lying around. */
export const PARTNER_TOKEN_MAX_LIFETIME_SECONDS = 300;
/** Partner clocks drift; this much either way is accepted. */
export const PARTNER_CLOCK_TOLERANCE_SECONDS = 30;

export type RefusalReason =
  | 'malformed'
  | 'algorithm'
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'expired'
  | 'not-yet-valid'
  | 'lifetime'
  | 'claims'
  | 'replayed'
  | 'no-pending-registration';

/** The token must not be honoured; `reason` goes to the activity trail, never to the user. */
export class PartnerTokenRefused extends Error {
  constructor(readonly reason: RefusalReason, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'PartnerTokenRefused';
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined);

async function verificationKey(app: Pick<SsoApplicationRow, 'algorithm' | 'verificationKey'>) {
  if (app.algorithm === 'HS256') return new TextEncoder().encode(app.verificationKey);
  return importSPKI(app.verificationKey, app.algorithm);
}

function refusalOf(error: unknown): PartnerTokenRefused {
  if (error instanceof PartnerTokenRefused) return error;
  if (error instanceof errors.JWTExpired) return new PartnerTokenRefused('expired', error.claim);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return new PartnerTokenRefused('issuer');
    if (error.claim === 'aud') return new PartnerTokenRefused('audience');
    if (error.claim === 'nbf' || (error.claim === 'iat' && error.reason === 'check_failed')) return new PartnerTokenRefused('not-yet-valid', error.claim);
    return new PartnerTokenRefused('claims', `${error.claim} ${error.reason}`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return new PartnerTokenRefused('algorithm');
  if (error instanceof errors.JWSSignatureVerificationFailed) return new PartnerTokenRefused('signature');
  return new PartnerTokenRefused('malformed', error instanceof Error ? error.name : undefined);
}

/**
 * Verifies a partner token against its application: signature with the application's key and algorithm only,
 * issuer = the application, audience = this portal, `exp`/`iat`/`jti`/`email` present, a short lifetime, not
 * expired at `now`. Single use is the caller's job (it needs the database). Throws {@link PartnerTokenRefused}.
 */
export async function verifyPartnerToken(
  app: Pick<SsoApplicationRow, 'id' | 'algorithm' | 'verificationKey'>,
  token: string,
  options: { audience: string; now: Date },
): Promise<PartnerClaims> {
  let payload: JWTPayload;
  try {
    const key = await verificationKey(app);
    ({ payload } = await jwtVerify(token, key, {
      // Never what the token's header asks for: an attacker would pick `none` or HMAC-with-the-public-key.
      algorithms: [app.algorithm],
      issuer: app.id,
      audience: options.audience,
      requiredClaims: ['exp', 'iat', 'jti', 'iss', 'aud', 'email'],
      maxTokenAge: PARTNER_TOKEN_MAX_LIFETIME_SECONDS,
      clockTolerance: PARTNER_CLOCK_TOLERANCE_SECONDS,
      currentDate: options.now,
    }));
  } catch (error) {
    throw refusalOf(error);
  }
  const { exp, iat, jti } = payload as Required<Pick<JWTPayload, 'exp' | 'iat' | 'jti'>>;
  // maxTokenAge bounds the age now; this bounds what the partner asked for, so a week-long token is refused at once.
  if (exp - iat > PARTNER_TOKEN_MAX_LIFETIME_SECONDS) throw new PartnerTokenRefused('lifetime', `${exp - iat}s`);
  const email = text(payload.email, 256);
  if (!email || !EMAIL.test(email)) throw new PartnerTokenRefused('claims', 'email');
  if (typeof jti !== 'string' || jti.length > 200) throw new PartnerTokenRefused('claims', 'jti');
  return {
    email,
    jti,
    issuedAt: iat,
    expiresAt: exp,
    givenName: text(payload.given_name, 50),
    familyName: text(payload.family_name, 50),
  };
}

/** The token's `jti` without trusting anything else in it: only to find the row a later full verification refers to. */
export function unverifiedTokenId(token: string): string {
  try {
    const { jti } = decodeJwt(token);
    if (typeof jti === 'string' && jti.length > 0 && jti.length <= 200) return jti;
  } catch {
    // fall through
  }
  throw new PartnerTokenRefused('malformed');
}

export interface PartnerTokenInput {
  email: string;
  givenName?: string;
  familyName?: string;
  audience: string;
  now: Date;
  jti?: string;
  lifetimeSeconds?: number;
}

/**
 * Signs a token the way a partner does: for the development partner simulator and tests. `key` is the HS256
 * secret, or a PKCS#8 private key PEM for RS256/ES256.
 */
export async function signPartnerToken(
  app: Pick<SsoApplicationRow, 'id' | 'algorithm'>,
  key: string,
  input: PartnerTokenInput,
): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  const signingKey = app.algorithm === 'HS256' ? new TextEncoder().encode(key) : await importPKCS8(key, app.algorithm);
  return new SignJWT({
    email: input.email,
    ...(input.givenName ? { given_name: input.givenName } : {}),
    ...(input.familyName ? { family_name: input.familyName } : {}),
  })
    .setProtectedHeader({ alg: app.algorithm, typ: 'JWT' })
    .setIssuer(app.id)
    .setAudience(input.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (input.lifetimeSeconds ?? 120))
    .setJti(input.jti ?? crypto.randomUUID())
    .sign(signingKey);
}
