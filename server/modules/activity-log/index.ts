import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { replyLanguage } from '../../i18n/localise-replies';
import { defineServerModule } from '../server-module';
import { ACTIVITY_MESSAGES, ActivityLogService } from './activity-log-service';
import { activityLogSeed } from './seed';
import { SIGN_IN_HISTORY_MESSAGE, signInHistory } from './sign-in-history';
import { USER_SESSION_MESSAGES, UserSessionService } from './user-session-service';

/**
 * The activity log (docs/activity-log.md): the caller's own events and their organisation's (`activity.view`),
 * the CSV export, the caller's signed-in sessions, and "this wasn't me" on a sign-in.
 */
export default defineServerModule({
  name: 'activity-log',
  seed: activityLogSeed,
  needs: [
    'db',
    'clock',
    'config',
    'i18n',
    'access',
    'gate',
    'sessions',
    'audit',
    'mailer',
    'links',
    'authenticate',
  ],
  plugin: async (app, { authenticate, ...services }) => {
    const log = new ActivityLogService(services);
    const userSessions = new UserSessionService(services);
    const route = contractRouter(app, authenticate);
    const language = (request: Parameters<typeof replyLanguage>[1]) => replyLanguage(services.i18n, request);

    route(endpoints.activityLogs, async (request) => ({
      data: await log.list(request.auth, request.query, language(request), request.ip),
      msg: ACTIVITY_MESSAGES.list,
    }));

    route(endpoints.signInHistory, async (request) => ({
      data: await signInHistory(services.db, request.auth, services.clock.now(), request.query.timeZone),
      msg: SIGN_IN_HISTORY_MESSAGE,
    }));

    route(endpoints.exportActivityLogs, async (request, reply) => {
      const csv = await log.export(request.auth, request.query, language(request), request.ip);
      const day = services.clock.now().toISOString().slice(0, 10);
      // A stream is sent as it is: Fastify serialises only objects, so the JSON schema of the entry never applies.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${request.query.type}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv) as never;
    });

    route(endpoints.reportActivity, async (request) => {
      const event = await log.ownSignIn(request.auth, request.params.id);
      await userSessions.reportNotMe(request.auth, event.id, request);
      return { data: null, msg: USER_SESSION_MESSAGES.reported };
    });

    route(endpoints.userSessions, async (request) => ({
      data: { items: await userSessions.list(request.auth) },
      msg: USER_SESSION_MESSAGES.list,
    }));

    route(endpoints.endUserSession, async (request) => {
      await userSessions.end(request.auth, request.params.sessionId, request);
      return { data: null, msg: USER_SESSION_MESSAGES.ended };
    });

    route(endpoints.endOtherUserSessions, async (request) => ({
      data: { ended: await userSessions.endOthers(request.auth, request) },
      msg: USER_SESSION_MESSAGES.othersEnded,
    }));
  },
});
