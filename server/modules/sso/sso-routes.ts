import { SsoLoginBody, SsoLoginResponse, SsoRegisterBody } from '../../../contract/v1/sso';
import type { App } from '../../http/types';
import type { Services } from '../../services';
import { SsoService } from './sso-service';

const tags = ['Single sign-on'];

/** Spec §7.3: both calls are unauthenticated; the partner's signed token is the credential. */
export function registerSsoRoutes(app: App, services: Services): void {
  const sso = new SsoService(services);

  app.post('/v1/sso/login', { schema: { tags, body: SsoLoginBody, response: { 200: SsoLoginResponse } } }, (request) =>
    sso.login(request.body, request),
  );

  app.post('/v1/sso/register', { schema: { tags, body: SsoRegisterBody, response: { 200: SsoLoginResponse } } }, (request) =>
    sso.register(request.body, request),
  );
}
