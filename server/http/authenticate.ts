import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, SessionService } from '../modules/sessions/session-service';
import { SESSION_EXPIRED } from '../modules/sessions/session-service';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` pre-handler; only routes that use it may read it. */
    auth: AuthContext;
  }
}

/** Pre-handler for routes that need a bearer access token. */
export function authenticator(sessions: SessionService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized(SESSION_EXPIRED, 'TOKEN_MISSING');
    const context = await sessions.authenticate(match[1]);
    if (!context) throw unauthorized(SESSION_EXPIRED, 'TOKEN_INVALID');
    request.auth = context;
  };
}
