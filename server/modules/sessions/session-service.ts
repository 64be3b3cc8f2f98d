import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditTrail } from '../../audit/audit-trail';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { TWO_FACTOR_REQUIRED } from '../../../contract/v1/security-codes';
import { memberships, organizations } from '../organizations/schema';
import { refreshTokens, sessions } from './schema';
import { users } from '../users/schema';
import { unauthorized } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import type { AccessTokens } from '../../security/access-tokens';
import { hmac, newId, newOpaqueToken, sha256 } from '../../security/random';

/** Who is calling, established from a verified access token and a live session. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  familyId: string;
  organizationId: string | null;
  role: string | null;
  portal: string | null;
  /** The account's remembered language (docs/server-messages.md); null when none is known yet. */
  language?: string | null;
  /** The login was made with a passkey: it counts as two-factor authentication (docs/passkeys.md). */
  passkey?: boolean;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const SESSION_EXPIRED = 'http.sessionExpired' satisfies MessageKey;
/** A refresh refused because the session's organisation now enforces two-factor authentication. */
const TWO_FACTOR_MISSING_MESSAGE = 'organizations.twoFactorRequired' satisfies MessageKey;

export const SESSION_MESSAGES = {
  loggedOut: 'sessions.loggedOut',
  refreshed: 'sessions.refreshed',
} satisfies Record<string, MessageKey>;

/** How long a login lives and how a rotated refresh token is treated (server/README.md "Security"). */
export interface SessionPolicy {
  /** Absolute lifetime of a login (SESSION_MAX_AGE): refreshing never extends it. */
  maxAgeSeconds: number;
  /** A refresh token unused this long is refused and its session ends (SESSION_IDLE_TIMEOUT). */
  idleSeconds: number;
  /** A rotated token presented again this soon is answered with the session's current pair (REFRESH_REUSE_GRACE_SECONDS). */
  reuseGraceSeconds: number;
}

/**
 * How far a retried token may be behind the current one: tabs and retries within a few seconds rotate a
 * token a handful of times at most.
 */
const MAX_GRACE_STEPS = 8;

type SessionRow = typeof sessions.$inferSelect;
interface AccessScope {
  id: string;
  userId: string;
  organizationId: string | null;
  role: string | null;
  portalKey: string | null;
}
type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * The session behind an access token, read on every authenticated request: prepared once, so neither the query
 * builder nor PostgreSQL's planner works on it again (docs/performance.md, "Where the time went"). It is read
 * afresh each time: a revoked session or a disabled user fails the very next request.
 */
function liveSessionQuery(db: Db) {
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      familyId: sessions.familyId,
      organizationId: sessions.organizationId,
      role: sessions.role,
      portalKey: sessions.portalKey,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      passkey: sessions.passkey,
      disabled: users.disabled,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_authenticate');
}

/** A refresh token by its hash, with its session and whether its user is disabled: prepared once, as above. */
function refreshTokenQuery(db: Db) {
  return db
    .select({
      token: refreshTokens,
      session: sessions,
      userDisabled: users.disabled,
      // An organisation session whose organisation now enforces 2FA the user has off is not renewed.
      // A passkey login is two factors in one (docs/passkeys.md).
      twoFactorMissing: sql<boolean>`coalesce(${organizations.enforceTwoFactor}, false) and not ${users.twoFactorEnabled} and not ${sessions.passkey}`,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
    .where(eq(refreshTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_refresh_token');
}

/**
 * Sessions and their tokens. Refresh tokens are stored as hashes, rotated on every use, and bounded by the
 * session's absolute lifetime and an idle timeout; presenting a rotated one revokes the whole login (reuse
 * detection), except within a short grace window.
 *
 * The grace window (Auth0's reuse interval, Okta's grace period): several tabs, or a retry whose answer a bad
 * network lost, present the same token within seconds. Each rotated token's successor is derived from it
 * (an HMAC under the server's key), so the server can recompute the session's current refresh token from a
 * token it rotated moments ago and answer every such caller with the same current pair: one chain per session,
 * no second branch for a thief to keep. Past the window, reuse revokes the family as before. Instances that
 * share JWT_SECRET derive the same successors, so the window holds across them.
 */
export class SessionService {
  private readonly chainKey: Uint8Array;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tokens: AccessTokens,
    private readonly policy: SessionPolicy,
    private readonly audit: AuditTrail,
    signingKey: Uint8Array,
  ) {
    // Its own key, so a successor is never an HMAC any other feature computes with the signing key.
    this.chainKey = Buffer.from(hmac(signingKey, 'refresh-token-chain'), 'base64url');
    this.liveSession = liveSessionQuery(db);
    this.refreshTokenRow = refreshTokenQuery(db);
  }

  /** The token that replaces `rawToken` when it is rotated. */
  private successorOf(rawToken: string): string {
    return hmac(this.chainKey, rawToken);
  }

  /** `request`: where the login comes from, shown in the user's sessions list (docs/activity-log.md). */
  /**
   * `proven: false` for a login nobody typed a secret for (a partner's SSO token alone): it is not recent
   * authentication, so the first sensitive change asks for the password or a second factor (#33 finding 12).
   */
  async startLogin(
    userId: string,
    request?: FastifyRequest,
    { proven = true, passkey = false }: { proven?: boolean; passkey?: boolean } = {},
  ): Promise<TokenPair> {
    const now = this.clock.now();
    const id = newId();
    return this.open({
      id,
      familyId: id,
      userId,
      expiresAt: new Date(now.getTime() + this.policy.maxAgeSeconds * 1000),
      // A password or second factor just proven: sensitive changes are allowed for REAUTH_WINDOW without asking
      // again (server/security/recent-authentication.ts).
      authenticatedAt: proven ? now : null,
      passkey,
      ip: request?.ip ?? null,
      userAgent: request?.headers['user-agent']?.slice(0, 512) ?? null,
      createdAt: now,
    });
  }

  /** A child session scoped to one organisation and portal; it ends with the login it came from. */
  async startOrganizationSession(
    parent: AuthContext,
    scope: { organizationId: string; role: string; portalKey: string },
  ): Promise<TokenPair> {
    const [parentRow] = await this.db
      .select({ expiresAt: sessions.expiresAt, passkey: sessions.passkey })
      .from(sessions)
      .where(eq(sessions.id, parent.sessionId));
    if (!parentRow) throw unauthorized(SESSION_EXPIRED);
    return this.open({
      id: newId(),
      familyId: parent.familyId,
      userId: parent.userId,
      organizationId: scope.organizationId,
      role: scope.role,
      portalKey: scope.portalKey,
      expiresAt: parentRow.expiresAt,
      passkey: parentRow.passkey,
      createdAt: this.clock.now(),
    });
  }

  /**
   * Writes a new session and the first refresh token of its chain in one statement (one round trip and one commit
   * per login: docs/performance.md, "Where the time went"), and signs its first access token.
   */
  private async open(session: typeof sessions.$inferInsert): Promise<TokenPair> {
    const refreshToken = newOpaqueToken();
    const written = this.db.$with('opened').as(this.db.insert(sessions).values(session).returning({ id: sessions.id }));
    await this.db.with(written).insert(refreshTokens).values({
      id: newId(),
      sessionId: session.id,
      tokenHash: sha256(refreshToken),
      createdAt: this.clock.now(),
    });
    const { id, userId, organizationId = null, role = null, portalKey = null } = session;
    return { accessToken: await this.signAccess({ id, userId, organizationId, role, portalKey }), refreshToken };
  }

  private signAccess(session: AccessScope): Promise<string> {
    return this.tokens.sign({
      sub: session.userId,
      sid: session.id,
      ...(session.organizationId
        ? {
            org: session.organizationId,
            role: session.role ?? undefined,
            portal: session.portalKey ?? undefined,
          }
        : {}),
    });
  }

  async refresh(rawToken: string | undefined, request: FastifyRequest): Promise<TokenPair> {
    if (!rawToken) throw unauthorized(SESSION_EXPIRED, 'REFRESH_TOKEN_MISSING');
    const now = this.clock.now();
    const row = await this.findRefreshToken(rawToken);
    if (!row) throw unauthorized(SESSION_EXPIRED, 'REFRESH_TOKEN_INVALID');
    const { token, session } = row;
    if (token.rotatedAt) return this.refreshRotated(rawToken, token, session, request);
    this.assertLive(session, row.userDisabled, now);
    this.assertTwoFactorKept(row.twoFactorMissing);
    if (now.getTime() - token.createdAt.getTime() > this.policy.idleSeconds * 1000) {
      await this.revokeSession(session.id, 'idle');
      throw unauthorized(SESSION_EXPIRED, 'SESSION_IDLE');
    }
    // The successor is written in the same statement that marks this token rotated (one round trip, one commit):
    // a caller that finds it rotated (another tab, another instance) always finds the successor too. Racing
    // callers: one marks it rotated and writes the successor, the others find it rotated and follow the chain.
    const successor = this.successorOf(rawToken);
    const written = this.db.$with('successor').as(
      this.db
        .insert(refreshTokens)
        .values({ id: newId(), sessionId: session.id, tokenHash: sha256(successor), createdAt: now })
        .onConflictDoNothing({ target: refreshTokens.tokenHash })
        .returning({ id: refreshTokens.id }),
    );
    const rotated = await this.db
      .with(written)
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id, rotatedAt: refreshTokens.rotatedAt });
    if (rotated.length === 0) {
      // Another caller rotated it between our read and our update: the same as arriving just after it.
      const again = await this.findRefreshToken(rawToken);
      if (!again?.token.rotatedAt) throw unauthorized(SESSION_EXPIRED, 'REFRESH_TOKEN_INVALID');
      return this.refreshRotated(rawToken, again.token, again.session, request);
    }
    return { accessToken: await this.accessTokenFor(session), refreshToken: successor };
  }

  private async findRefreshToken(rawToken: string) {
    const [row] = await this.refreshTokenRow.execute({ tokenHash: sha256(rawToken) });
    return row;
  }

  /**
   * An organisation that turned on "enforce 2FA" after this session entered it: the session is not renewed (the
   * portal signs the member in again, and entering the organisation asks for 2FA). The session itself stays, so
   * the user's other tabs and organisations are not signed out by this refusal.
   */
  private assertTwoFactorKept(twoFactorMissing: boolean): void {
    if (twoFactorMissing) throw unauthorized(TWO_FACTOR_MISSING_MESSAGE, TWO_FACTOR_REQUIRED);
  }

  private assertLive(session: SessionRow, userDisabled: boolean, now: Date): void {
    if (session.revokedAt || session.expiresAt.getTime() <= now.getTime() || userDisabled) {
      throw unauthorized(SESSION_EXPIRED, 'SESSION_ENDED');
    }
  }

  /**
   * A token presented after it was rotated: within the grace window, the session's current pair (the chain
   * followed from this token to the one not yet rotated); otherwise reuse.
   */
  private async refreshRotated(
    rawToken: string,
    token: RefreshTokenRow,
    session: SessionRow,
    request: FastifyRequest,
  ): Promise<TokenPair> {
    const now = this.clock.now();
    const graceMs = this.policy.reuseGraceSeconds * 1000;
    const sinceRotation = token.rotatedAt ? now.getTime() - token.rotatedAt.getTime() : Infinity;
    if (graceMs === 0 || sinceRotation > graceMs) return this.reuseDetected(session, request);
    let candidate = rawToken;
    for (let step = 0; step < MAX_GRACE_STEPS; step++) {
      candidate = this.successorOf(candidate);
      const next = await this.findRefreshToken(candidate);
      // No successor of this session (rotated before successors were derived, or by another key): reuse.
      if (!next || next.token.sessionId !== session.id) break;
      if (!next.token.rotatedAt) {
        this.assertLive(next.session, next.userDisabled, now);
        this.assertTwoFactorKept(next.twoFactorMissing);
        return { accessToken: await this.accessTokenFor(next.session), refreshToken: candidate };
      }
    }
    return this.reuseDetected(session, request);
  }

  /** A new access token of the session, with the role its membership has now (organisation sessions). */
  private async accessTokenFor(session: SessionRow): Promise<string> {
    let role = session.role;
    if (session.organizationId) {
      // Membership or organisation state may have changed since the token was issued.
      const [membership] = await this.db
        .select({ role: memberships.role, enabled: organizations.enabled })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(
          and(eq(memberships.organizationId, session.organizationId), eq(memberships.userId, session.userId)),
        );
      if (!membership || !membership.enabled) {
        await this.revokeSession(session.id, 'organization-access-lost');
        throw unauthorized(SESSION_EXPIRED, 'SESSION_ENDED');
      }
      role = membership.role;
    }
    return this.signAccess({
      id: session.id,
      userId: session.userId,
      organizationId: session.organizationId,
      role,
      portalKey: session.portalKey,
    });
  }

  private async reuseDetected(session: SessionRow, request: FastifyRequest): Promise<never> {
    await this.revokeFamily(session.familyId, 'refresh-token-reuse');
    await this.audit.record(request, {
      event: 'refresh.reuse',
      userId: session.userId,
      organizationId: session.organizationId,
      details: { sessionId: session.id },
    });
    throw unauthorized(SESSION_EXPIRED, 'REFRESH_TOKEN_REUSED');
  }

  /** Read on every authenticated request (`liveSessionQuery`). */
  private readonly liveSession: ReturnType<typeof liveSessionQuery>;
  /** Read on every refresh (`refreshTokenQuery`). */
  private readonly refreshTokenRow: ReturnType<typeof refreshTokenQuery>;

  /** Verifies the bearer token and that its session is still live and its user enabled. */
  async authenticate(bearer: string): Promise<AuthContext | null> {
    const claims = await this.tokens.verify(bearer);
    if (!claims) return null;
    const [session] = await this.liveSession.execute({ sessionId: claims.sid });
    if (!session || session.disabled || session.userId !== claims.sub) return null;
    if (session.revokedAt || session.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    return {
      userId: claims.sub,
      sessionId: session.id,
      familyId: session.familyId,
      organizationId: session.organizationId,
      role: claims.role ?? session.role,
      portal: session.portalKey,
      language: session.language,
      passkey: session.passkey,
    };
  }

  /** The account's language follows the one its user works in (docs/server-messages.md). */
  async rememberLanguage(userId: string, language: string): Promise<void> {
    await this.db.update(users).set({ language }).where(eq(users.id, userId));
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every login of the user except `keepFamilyId`'s (the one that asked for the change that ends them). */
  async revokeOthersForUser(userId: string, keepFamilyId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(
        and(eq(sessions.userId, userId), ne(sessions.familyId, keepFamilyId), isNull(sessions.revokedAt)),
      );
  }

  async revokeAllForUser(userId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
