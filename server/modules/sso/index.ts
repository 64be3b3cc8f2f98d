import { endpoints } from '../../../contract/v1/endpoints';
import type texts from '../../../locales/en/sso.server.json';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { ssoSeed } from './seed';
import { SsoService } from './sso-service';

// The module's answers and mails live in locales/<lang>/sso.server.json; this makes their keys known.
declare module '../../i18n/message' {
  interface FeatureServerTexts {
    sso: typeof texts;
  }
}

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
