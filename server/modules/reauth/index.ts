import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { ReauthService } from './reauth-service';

/**
 * Recent authentication (docs/two-factor.md#recent-authentication): `POST /v1/reauth` and `POST /v1/reauth/code`.
 * The check itself is the shared `recentAuth` service, which the features with sensitive changes call.
 */
export default defineServerModule({
  name: 'reauth',
  needs: [
    'db',
    'clock',
    'config',
    'audit',
    'hasher',
    'throttle',
    'codes',
    'mailer',
    'i18n',
    'recentAuth',
    'authenticate',
  ],
  plugin: async (app, { authenticate, ...services }) => {
    const reauth = new ReauthService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.reauthenticate, (request) => reauth.reauthenticate(request.auth, request.body, request));
    route(endpoints.requestReauthCode, (request) => reauth.sendEmailCode(request.auth, request));
  },
});
