import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, SessionService } from '../modules/sessions/session-service';
import { SESSION_EXPIRED } from '../modules/sessions/session-service';
import type { ServerI18n } from '../i18n/server-i18n';
import type { OrganizationGate } from '../security/organization-gate';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` hook; only routes whose contract entry says `auth: 'session'` may read it. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** The contract entry's `scope` (contract/v1/endpoint.ts): 'account' calls skip the organisation gate. */
    scope?: 'account';
    /** The contract entry's `ownerOutsideAllowList`: the owner passes the gate from outside the IP allow-list. */
    ownerOutsideAllowList?: true;
  }
}

/** Hook for routes that need a bearer access token (the contract router runs it first, on request). */
export function authenticator(sessions: SessionService, i18n: ServerI18n, gate?: OrganizationGate) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized(SESSION_EXPIRED, 'TOKEN_MISSING');
    const context = await sessions.authenticate(match[1]);
    if (!context) throw unauthorized(SESSION_EXPIRED, 'TOKEN_INVALID');
    request.auth = context;
    // An organisation token on an organisation-scoped call: still a member, from an allowed address
    // (docs/access-control.md). Checked here, once, so no feature can forget it.
    if (gate && context.organizationId && request.routeOptions.config.scope !== 'account') {
      await gate.admit(context, request.ip, {
        ownerOutsideAllowList: request.routeOptions.config.ownerOutsideAllowList === true,
      });
    }
    // The portal sends its language on every call: switching language while signed in is remembered here,
    // written only when it changed (docs/server-messages.md).
    const language = i18n.requestedLanguage(request.headers['accept-language']);
    if (language && language !== context.language) {
      await sessions.rememberLanguage(context.userId, language);
      request.auth = { ...context, language };
    }
  };
}
