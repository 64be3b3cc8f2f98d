import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { ssoSeed } from './seed';
import { SsoService } from './sso-service';

/** Partner single sign-on: both calls are public, the partner's signed token is the credential. */
export default defineServerModule({
  name: 'sso',
  needs: [
    'db',
    'clock',
    'config',
    'audit',
    'hasher',
    'passwordRules',
    'links',
    'sessions',
    'i18n',
    'authenticate',
  ],
  seed: ssoSeed,
  plugin: async (app, { authenticate, ...services }) => {
    const sso = new SsoService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.ssoLogin, (request) => sso.login(request.body, request));
    route(endpoints.ssoRegister, (request) => sso.register(request.body, request));
  },
});
