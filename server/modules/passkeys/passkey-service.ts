import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginData } from '../../../contract/v1/auth';
import type {
  PasskeyAuthenticationCredential,
  PasskeyCeremonyData,
  PasskeyInfo,
  PasskeyLoginBody,
  PasskeySecondStepBody,
  PasskeySecondStepOptionsBody,
  RegisterPasskeyBody,
  RenamePasskeyBody,
} from '../../../contract/v1/passkeys';
import { minutes } from '../../clock';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import { message } from '../../i18n/message';
import { SecurityNotices } from '../../mail/security-notices';
import { newId, newOpaqueToken, sha256 } from '../../security/random';
import type { Services } from '../../services';
import { loginChallenges } from '../auth/schema';
import type { AuthContext } from '../sessions/session-service';
import { findUserById, twoFactorEnforcedForUser, type UserRow } from '../users/user-queries';
import { passkeyChallenges, passkeys } from './schema';

export const PASSKEY_MESSAGES = {
  options: 'passkeys.options',
  list: 'passkeys.list',
  added: 'passkeys.added',
  renamed: 'passkeys.renamed',
  removed: 'passkeys.removed',
  notFound: 'passkeys.notFound',
  expired: 'passkeys.expired',
  refused: 'passkeys.refused',
  counterRollback: 'passkeys.counterRollback',
  alreadyRegistered: 'passkeys.alreadyRegistered',
  throttled: 'passkeys.throttled',
  loginChallengeExpired: 'login.challengeExpired',
  success: 'login.success',
  blocked: 'login.blocked',
} satisfies Record<string, MessageKey>;

/** Passkeys one account may keep: enough for every device and a spare key, not a storage space. */
export const MAX_PASSKEYS = 20;
/**
 * How long a ceremony's challenge is good for: the browser's own prompt times out sooner, but the login page's
 * passkey autofill waits while the user reads the page.
 */
export const CHALLENGE_TTL_MS = minutes(5);
/**
 * Challenges one address may ask for without signing in (the login page asks once per visit, for its autofill):
 * every challenge is a row for five minutes, so a script cannot fill the table; an office behind one address stays
 * far below it.
 */
export const PUBLIC_CHALLENGE_LIMIT = { limit: 120, windowMs: minutes(1) };

type PasskeyRow = typeof passkeys.$inferSelect;
type Purpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/** The shared services PasskeyService uses. */
export type PasskeyServiceNeeds = Pick<
  Services,
  'audit' | 'clock' | 'config' | 'db' | 'i18n' | 'links' | 'mailer' | 'recentAuth' | 'sessions' | 'throttle'
>;

const toInfo = (row: PasskeyRow): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  deviceType: row.deviceType,
  backedUp: row.backedUp,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The WebAuthn user handle of an account: its id, which carries nothing personal. */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

/**
 * Passkeys (docs/passkeys.md): registration by the signed-in user after recent authentication, their list, name and
 * removal; sign-in with a passkey and no password (two factors in one: the key is bound to this site and the
 * authenticator verified its user); a passkey as the second step of a password login. Every ceremony's challenge is
 * single use, expires, and is bound to who asked for it; the WebAuthn checks themselves are @simplewebauthn/server's.
 */
export class PasskeyService {
  private readonly notices: SecurityNotices;

  constructor(private readonly s: PasskeyServiceNeeds) {
    this.notices = new SecurityNotices(s);
  }

  private get rp() {
    return this.s.config.passkeys;
  }

  async list(auth: AuthContext): Promise<PasskeyInfo[]> {
    const rows = await this.s.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, auth.userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    return rows.map(toInfo);
  }

  async registrationOptions(
    auth: AuthContext,
  ): Promise<PasskeyCeremonyData<PublicKeyCredentialCreationOptionsJSON>> {
    await this.s.recentAuth.require(auth);
    const user = await this.user(auth.userId);
    const existing = await this.s.db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    if (existing.length >= MAX_PASSKEYS)
      throw badRequest(message('passkeys.limit', { count: MAX_PASSKEYS }), 'PASSKEY_LIMIT');
    const options = await generateRegistrationOptions({
      rpName: this.s.config.brandName,
      rpID: this.rp.rpId,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      userID: userHandleOf(user.id),
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      // The same authenticator twice would be one passkey under two names.
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      // A passkey signs in alone, so it must be discoverable and verify its user (PIN, fingerprint, face).
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeId = await this.openChallenge('register', options.challenge, {
      userId: user.id,
      sessionId: auth.sessionId,
    });
    return { challengeId, options };
  }

  async register(
    auth: AuthContext,
    body: RegisterPasskeyBody,
    request: FastifyRequest,
  ): Promise<PasskeyInfo> {
    await this.s.recentAuth.require(auth);
    const challenge = await this.consumeChallenge(body.challengeId, 'register');
    // Bound to the session that asked: another session's (or account's) challenge is refused like an expired one.
    if (challenge.sessionId !== auth.sessionId || challenge.userId !== auth.userId)
      throw badRequest(PASSKEY_MESSAGES.expired, 'PASSKEY_CHALLENGE_EXPIRED');
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: body.credential as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpId,
        requireUserVerification: true,
      });
    } catch (error) {
      request.log.info({ err: error }, 'passkey registration refused');
      verified = { verified: false };
    }
    if (!verified.verified) {
      await this.s.audit.record(request, {
        event: 'passkey.refused',
        userId: auth.userId,
        details: { during: 'registration', reason: 'verification' },
      });
      throw badRequest(PASSKEY_MESSAGES.refused, 'PASSKEY_REFUSED');
    }
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const now = this.s.clock.now();
    const [row] = await this.s.db
      .insert(passkeys)
      .values({
        id: newId(),
        userId: auth.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? body.credential.response.transports ?? []).slice(0, 8),
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: body.name.trim() || body.name,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    // The same authenticator registered before (by this account or another): one credential, one owner.
    if (!row) throw badRequest(PASSKEY_MESSAGES.alreadyRegistered, 'PASSKEY_ALREADY_REGISTERED');
    await this.s.audit.record(request, {
      event: 'passkey.added',
      userId: auth.userId,
      details: { passkeyId: row.id, name: row.name, deviceType: row.deviceType },
    });
    // A new way in: the account hears of it, as of a new second factor (docs/two-factor.md#recent-authentication).
    const user = await this.user(auth.userId);
    this.notices.send(user, 'passkeyAdded', request);
    return toInfo(row);
  }

  async rename(
    auth: AuthContext,
    passkeyId: string,
    body: RenamePasskeyBody,
    request: FastifyRequest,
  ): Promise<PasskeyInfo> {
    const before = await this.ownPasskey(auth, passkeyId);
    const [row] = await this.s.db
      .update(passkeys)
      .set({ name: body.name.trim() || body.name })
      .where(and(eq(passkeys.id, before.id), eq(passkeys.userId, auth.userId)))
      .returning();
    if (!row) throw notFound(PASSKEY_MESSAGES.notFound, 'PASSKEY_NOT_FOUND');
    await this.s.audit.record(request, {
      event: 'passkey.renamed',
      userId: auth.userId,
      details: { passkeyId: row.id, name: row.name, before: before.name },
    });
    return toInfo(row);
  }

  /** Removing a way in is a sensitive change: it needs recent authentication, as resetting a second factor does. */
  async remove(auth: AuthContext, passkeyId: string, request: FastifyRequest): Promise<void> {
    await this.s.recentAuth.require(auth);
    const row = await this.ownPasskey(auth, passkeyId);
    const removed = await this.s.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, row.id), eq(passkeys.userId, auth.userId)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw notFound(PASSKEY_MESSAGES.notFound, 'PASSKEY_NOT_FOUND');
    await this.s.audit.record(request, {
      event: 'passkey.removed',
      userId: auth.userId,
      details: { passkeyId: row.id, name: row.name },
    });
    this.notices.send(await this.user(auth.userId), 'passkeyRemoved', request);
  }

  /** Sign-in with no password: any passkey of this site (discoverable), chosen in the browser's prompt or autofill. */
  async signInOptions(ip: string): Promise<PasskeyCeremonyData<PublicKeyCredentialRequestOptionsJSON>> {
    await this.admitPublicChallenge(ip);
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'required',
    });
    const challengeId = await this.openChallenge('sign-in', options.challenge, {});
    return { challengeId, options };
  }

  async signIn(body: PasskeyLoginBody, request: FastifyRequest): Promise<{ data: LoginData; msg: string }> {
    const challenge = await this.consumeChallenge(body.challengeId, 'sign-in');
    const passkey = await this.verifyAssertion(body.credential, challenge.challenge, request, {
      during: 'sign-in',
    });
    const user = await findUserById(this.s.db, passkey.userId);
    if (!user) throw badRequest(PASSKEY_MESSAGES.refused, 'PASSKEY_REFUSED');
    if (user.disabled) {
      await this.s.audit.record(request, {
        event: 'login.failure',
        userId: user.id,
        email: user.email,
        details: { reason: 'blocked', method: 'passkey' },
      });
      throw forbidden(PASSKEY_MESSAGES.blocked, 'ACCOUNT_BLOCKED');
    }
    const tokens = await this.s.sessions.startLogin(user.id, request, { passkey: true });
    await this.s.audit.record(request, {
      event: 'login.success',
      userId: user.id,
      email: user.email,
      details: { method: 'passkey', passkeyId: passkey.id, name: passkey.name },
    });
    return { data: await this.loginData(user, tokens), msg: PASSKEY_MESSAGES.success };
  }

  /** The second step of a password login: only the passkeys of the account that typed its password. */
  async secondStepOptions(
    body: PasskeySecondStepOptionsBody,
    ip: string,
  ): Promise<PasskeyCeremonyData<PublicKeyCredentialRequestOptionsJSON>> {
    await this.admitPublicChallenge(ip);
    const login = await this.openLoginChallenge(body.tokenId);
    const own = await this.s.db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, login.userId));
    if (own.length === 0) throw badRequest('login.methodUnavailable', 'METHOD_UNAVAILABLE');
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'required',
      allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
    });
    const challengeId = await this.openChallenge('second-step', options.challenge, {
      userId: login.userId,
      loginChallengeId: login.id,
    });
    return { challengeId, options };
  }

  async secondStep(
    body: PasskeySecondStepBody,
    request: FastifyRequest,
  ): Promise<{ data: LoginData; msg: string }> {
    const login = await this.openLoginChallenge(body.tokenId);
    const challenge = await this.consumeChallenge(body.challengeId, 'second-step');
    if (challenge.loginChallengeId !== login.id)
      throw badRequest(PASSKEY_MESSAGES.expired, 'PASSKEY_CHALLENGE_EXPIRED');
    const passkey = await this.verifyAssertion(body.credential, challenge.challenge, request, {
      during: 'second-step',
      userId: login.userId,
    });
    const consumed = await this.s.db
      .update(loginChallenges)
      .set({ consumedAt: this.s.clock.now() })
      .where(and(eq(loginChallenges.id, login.id), isNull(loginChallenges.consumedAt)))
      .returning({ id: loginChallenges.id });
    if (consumed.length === 0) throw badRequest(PASSKEY_MESSAGES.loginChallengeExpired, 'CHALLENGE_EXPIRED');
    const user = await findUserById(this.s.db, login.userId);
    if (!user || user.disabled) throw badRequest(PASSKEY_MESSAGES.loginChallengeExpired, 'CHALLENGE_EXPIRED');
    const tokens = await this.s.sessions.startLogin(user.id, request, { passkey: true });
    await this.s.audit.record(request, {
      event: 'two-factor.success',
      userId: user.id,
      details: { type: 'passkey', passkeyId: passkey.id },
    });
    await this.s.audit.record(request, {
      event: 'login.success',
      userId: user.id,
      email: user.email,
      details: { secondFactor: 'passkey' },
    });
    return { data: await this.loginData(user, tokens), msg: PASSKEY_MESSAGES.success };
  }

  private async loginData(
    user: UserRow,
    tokens: { accessToken: string; refreshToken: string },
  ): Promise<LoginData> {
    return {
      twoFactorEnabled: user.twoFactorEnabled,
      email: { id: user.email, verified: Boolean(user.emailVerifiedAt) },
      logo: null,
      twoFactorEnabledInOrg: await twoFactorEnforcedForUser(this.s.db, user.id),
      ...tokens,
    };
  }

  /**
   * Checks a signed assertion against the stored passkey it names, then moves the counter forward. A passkey of
   * another account than `userId` (second step), an unknown one, a wrong origin or relying party, or a bad signature
   * answer the same refusal; a valid signature whose counter did not move forward is a cloned authenticator's mark:
   * refused and written to the activity log.
   */
  private async verifyAssertion(
    credential: PasskeyAuthenticationCredential,
    expectedChallenge: string,
    request: FastifyRequest,
    { during, userId }: { during: 'sign-in' | 'second-step'; userId?: string },
  ): Promise<PasskeyRow> {
    const refuse = async (reason: string, owner?: string) => {
      await this.s.audit.record(request, {
        event: 'passkey.refused',
        userId: owner ?? userId,
        details: { during, reason },
      });
      return badRequest(PASSKEY_MESSAGES.refused, 'PASSKEY_REFUSED');
    };
    const [stored] = await this.s.db.select().from(passkeys).where(eq(passkeys.credentialId, credential.id));
    if (!stored) throw await refuse('unknown-passkey');
    if (userId !== undefined && stored.userId !== userId) throw await refuse('other-account');
    // A discoverable passkey names its account too: it must be the one the credential was registered to.
    const handle = credential.response.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== stored.userId)
      throw await refuse('other-account', stored.userId);
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      result = await verifyAuthenticationResponse({
        response: credential as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpId,
        // Counted here, after the signature holds (the library compares before it checks the signature).
        credential: {
          id: stored.credentialId,
          publicKey: Buffer.from(stored.publicKey, 'base64url'),
          counter: 0,
          transports: stored.transports,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      request.log.info({ err: error }, 'passkey assertion refused');
      throw await refuse('verification', stored.userId);
    }
    if (!result.verified) throw await refuse('verification', stored.userId);
    const { newCounter, credentialBackedUp } = result.authenticationInfo;
    const now = this.s.clock.now();
    // Forward only, in one statement: two uses of one signature counter in parallel cannot both pass.
    const moved = await this.s.db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: now, backedUp: credentialBackedUp })
      .where(
        and(
          eq(passkeys.id, stored.id),
          or(noCounterKept(newCounter), sql`${passkeys.counter} < ${newCounter}`),
        ),
      )
      .returning();
    if (moved.length === 0) {
      await this.s.audit.record(request, {
        event: 'passkey.counter-rollback',
        userId: stored.userId,
        details: {
          passkeyId: stored.id,
          name: stored.name,
          stored: stored.counter,
          presented: newCounter,
          during,
        },
      });
      throw badRequest(PASSKEY_MESSAGES.counterRollback, 'PASSKEY_COUNTER_ROLLBACK');
    }
    return moved[0];
  }

  private async admitPublicChallenge(ip: string): Promise<void> {
    const taken = await this.s.throttle.take('passkey-challenge', ip, PUBLIC_CHALLENGE_LIMIT);
    if (!taken.ok)
      throw tooManyRequests(PASSKEY_MESSAGES.throttled, taken.retryAfterSeconds, 'PASSKEY_THROTTLED');
  }

  private async openChallenge(
    purpose: Purpose,
    challenge: string,
    binding: { userId?: string; sessionId?: string; loginChallengeId?: string },
  ): Promise<string> {
    const challengeId = newOpaqueToken();
    const now = this.s.clock.now();
    // The login page asks for a sign-in challenge at each visit (its autofill): expired ones go as new ones come,
    // through the expiry index, so the table holds about five minutes of visits.
    await this.s.db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
    await this.s.db.insert(passkeyChallenges).values({
      id: sha256(challengeId),
      purpose,
      challenge,
      userId: binding.userId ?? null,
      sessionId: binding.sessionId ?? null,
      loginChallengeId: binding.loginChallengeId ?? null,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      createdAt: now,
    });
    return challengeId;
  }

  /** Uses the challenge up in one statement, before any check: a refused answer cannot be retried with it either. */
  private async consumeChallenge(challengeId: string, purpose: Purpose) {
    const now = this.s.clock.now();
    const [row] = await this.s.db
      .update(passkeyChallenges)
      .set({ consumedAt: now })
      .where(
        and(
          eq(passkeyChallenges.id, sha256(challengeId)),
          eq(passkeyChallenges.purpose, purpose),
          isNull(passkeyChallenges.consumedAt),
          gt(passkeyChallenges.expiresAt, now),
        ),
      )
      .returning();
    if (!row) throw badRequest(PASSKEY_MESSAGES.expired, 'PASSKEY_CHALLENGE_EXPIRED');
    return row;
  }

  /** The password login waiting for its second factor, as POST /v1/two-factor/verify opens it. */
  private async openLoginChallenge(tokenId: string) {
    const [login] = await this.s.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.id, sha256(tokenId)));
    if (!login || login.consumedAt || login.expiresAt.getTime() <= this.s.clock.now().getTime())
      throw badRequest(PASSKEY_MESSAGES.loginChallengeExpired, 'CHALLENGE_EXPIRED');
    return login;
  }

  private async ownPasskey(auth: AuthContext, passkeyId: string): Promise<PasskeyRow> {
    const [row] = await this.s.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, auth.userId)));
    if (!row) throw notFound(PASSKEY_MESSAGES.notFound, 'PASSKEY_NOT_FOUND');
    return row;
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await findUserById(this.s.db, userId);
    if (!user) throw notFound(PASSKEY_MESSAGES.notFound, 'PASSKEY_NOT_FOUND');
    return user;
  }
}

/**
 * Authenticators that keep no signature counter (most synced passkeys) always report 0: with 0 stored too, nothing
 * can be compared and the use is let through, as WebAuthn says.
 */
function noCounterKept(newCounter: number) {
  return newCounter === 0 ? sql`${passkeys.counter} = 0` : sql`false`;
}
