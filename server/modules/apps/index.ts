import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { APP_MESSAGES, AppService } from './app-service';
import { appsSeed } from './seed';

/** The app dashboard and launcher: first-party portals and partner apps, and the single-use launch tokens. */
export default defineServerModule({
  name: 'apps',
  needs: ['db', 'clock', 'config', 'audit', 'links', 'sessions', 'authenticate', 'access'],
  seed: appsSeed,
  plugin: async (app, { authenticate, access, ...services }) => {
    const appsService = new AppService(services);
    // setAppStatus and setAppConfig need `apps.manage` (contract/v1/endpoints.ts), checked by the router.
    const route = contractRouter(app, authenticate, access);

    route(endpoints.apps, async (request) => ({
      data: await appsService.list(request.auth),
      msg: APP_MESSAGES.list,
    }));

    route(endpoints.launchApp, async (request) => ({
      data: await appsService.launch(request.auth, request.body.appId, request),
      msg: APP_MESSAGES.launched,
    }));

    route(endpoints.appSso, async (request) => ({
      data: await appsService.ssoToken(request.auth, request.body.appId, request),
      msg: APP_MESSAGES.ssoIssued,
    }));

    route(endpoints.setAppStatus, async (request) => ({
      data: await appsService.setStatus(request.auth, request.body, request),
      msg: request.body.enabled ? APP_MESSAGES.enabled : APP_MESSAGES.disabled,
    }));

    route(endpoints.setAppConfig, async (request) => ({
      data: await appsService.setConfig(request.auth, request.body, request),
      msg: APP_MESSAGES.configured,
    }));

    // Called by the receiving side, which holds nothing but the token: the contract marks both public.
    route(endpoints.exchangeLaunchToken, async (request) => ({
      data: await appsService.exchangeLaunchToken(request.body.token, request),
      msg: APP_MESSAGES.exchanged,
    }));

    route(endpoints.exchangeSsoToken, async (request) => ({
      data: await appsService.exchangeSsoToken(request.body, request),
      msg: APP_MESSAGES.exchanged,
    }));
  },
});
