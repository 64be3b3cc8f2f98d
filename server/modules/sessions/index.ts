import { endpoints } from '../../../contract/v1/endpoints';
import { REFRESH_TOKEN_HEADER } from '../../../contract/v1/constants';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { SESSION_MESSAGES } from './session-service';

/**
 * Logout and refresh-token rotation. The SessionService itself is a shared service (server/services.ts): the
 * `authenticate` hook and the features that open sessions use it.
 */
export default defineServerModule({
  name: 'sessions',
  needs: ['sessions', 'audit', 'authenticate'],
  plugin: async (app, { sessions, audit, authenticate }) => {
    const route = contractRouter(app, authenticate);

    route(endpoints.logout, async (request) => {
      await sessions.revokeFamily(request.auth.familyId, 'logout');
      await audit.record(request, {
        event: 'logout',
        userId: request.auth.userId,
        organizationId: request.auth.organizationId,
      });
      return { data: null, msg: SESSION_MESSAGES.loggedOut };
    });

    route(endpoints.refresh, async (request) => {
      const header = request.headers[REFRESH_TOKEN_HEADER];
      const raw = typeof header === 'string' && header.length > 0 ? header : undefined;
      return { data: await sessions.refresh(raw, request), msg: SESSION_MESSAGES.refreshed };
    });
  },
});
