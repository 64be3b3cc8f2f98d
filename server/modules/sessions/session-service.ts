import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditTrail } from '../../audit/audit-trail';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { memberships, organizations, refreshTokens, sessions, users } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import type { AccessTokens } from '../../security/access-tokens';
import { newId, newOpaqueToken, sha256 } from '../../security/random';

/** Who is calling, established from a verified access token and a live session. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  familyId: string;
  organizationId: string | null;
  role: string | null;
  portal: string | null;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const SESSION_EXPIRED = 'Session expired. Please log in again';

/**
 * Sessions and their tokens. Refresh tokens are random, stored as hashes, rotated on every use, and bounded by
 * the session's absolute lifetime; presenting a rotated one revokes the whole login (reuse detection).
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tokens: AccessTokens,
    private readonly maxAgeSeconds: number,
    private readonly audit: AuditTrail,
  ) {}

  async startLogin(userId: string): Promise<TokenPair> {
    const now = this.clock.now();
    const id = newId();
    await this.db.insert(sessions).values({
      id,
      familyId: id,
      userId,
      expiresAt: new Date(now.getTime() + this.maxAgeSeconds * 1000),
      createdAt: now,
    });
    return this.issue({ id, userId, organizationId: null, role: null, portalKey: null });
  }

  /** A child session scoped to one organisation and portal; it ends with the login it came from. */
  async startOrganizationSession(
    parent: AuthContext,
    scope: { organizationId: string; role: string; portalKey: string },
  ): Promise<TokenPair> {
    const [parentRow] = await this.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, parent.sessionId));
    if (!parentRow) throw unauthorized(SESSION_EXPIRED);
    const id = newId();
    await this.db.insert(sessions).values({
      id,
      familyId: parent.familyId,
      userId: parent.userId,
      organizationId: scope.organizationId,
      role: scope.role,
      portalKey: scope.portalKey,
      expiresAt: parentRow.expiresAt,
      createdAt: this.clock.now(),
    });
    return this.issue({ id, userId: parent.userId, organizationId: scope.organizationId, role: scope.role, portalKey: scope.portalKey });
  }

  private async issue(session: {
    id: string;
    userId: string;
    organizationId: string | null;
    role: string | null;
    portalKey: string | null;
  }): Promise<TokenPair> {
    const refreshToken = newOpaqueToken();
    await this.db.insert(refreshTokens).values({
      id: newId(),
      sessionId: session.id,
      tokenHash: sha256(refreshToken),
      createdAt: this.clock.now(),
    });
    const accessToken = await this.tokens.sign({
      sub: session.userId,
      sid: session.id,
      ...(session.organizationId
        ? { org: session.organizationId, role: session.role ?? undefined, portal: session.portalKey ?? undefined }
        : {}),
    });
    return { accessToken, refreshToken };
  }

  async refresh(rawToken: string | undefined, request: FastifyRequest): Promise<TokenPair> {
    if (!rawToken) throw unauthorized(SESSION_EXPIRED, 'REFRESH_TOKEN_MISSING');
    const now = this.clock.now();
    const [row] = await this.db
      .select({ token: refreshTokens, session: sessions, userDisabled: users.disabled })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(rawToken)));
    if (!row) throw unauthorized(SESSION_EXPIRED, 'REFRESH_TOKEN_INVALID');
    const { token, session } = row;
    if (token.rotatedAt) return this.reuseDetected(session, request);
    if (session.revokedAt || session.expiresAt.getTime() <= now.getTime() || row.userDisabled) {
      throw unauthorized(SESSION_EXPIRED, 'SESSION_ENDED');
    }
    const rotated = await this.db
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) return this.reuseDetected(session, request);

    let role = session.role;
    if (session.organizationId) {
      // Membership or organisation state may have changed since the token was issued.
      const [membership] = await this.db
        .select({ role: memberships.role, enabled: organizations.enabled })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(and(eq(memberships.organizationId, session.organizationId), eq(memberships.userId, session.userId)));
      if (!membership || !membership.enabled) {
        await this.revokeSession(session.id, 'organization-access-lost');
        throw unauthorized(SESSION_EXPIRED, 'SESSION_ENDED');
      }
      role = membership.role;
    }
    return this.issue({ id: session.id, userId: session.userId, organizationId: session.organizationId, role, portalKey: session.portalKey });
  }

  private async reuseDetected(session: typeof sessions.$inferSelect, request: FastifyRequest): Promise<never> {
    await this.revokeFamily(session.familyId, 'refresh-token-reuse');
    await this.audit.record(request, {
      event: 'refresh.reuse',
      userId: session.userId,
      organizationId: session.organizationId,
      details: { sessionId: session.id },
    });
    throw unauthorized(SESSION_EXPIRED, 'REFRESH_TOKEN_REUSED');
  }

  /** Verifies the bearer token and that its session is still live and its user enabled. */
  async authenticate(bearer: string): Promise<AuthContext | null> {
    const claims = await this.tokens.verify(bearer);
    if (!claims) return null;
    const [row] = await this.db
      .select({ session: sessions, disabled: users.disabled })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, claims.sid));
    if (!row || row.disabled || row.session.userId !== claims.sub) return null;
    if (row.session.revokedAt || row.session.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    return {
      userId: claims.sub,
      sessionId: row.session.id,
      familyId: row.session.familyId,
      organizationId: row.session.organizationId,
      role: claims.role ?? row.session.role,
      portal: row.session.portalKey,
    };
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

  async revokeAllForUser(userId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
