import {
  AppConfigBody,
  AppIdBody,
  AppItemResponse,
  AppLaunchResponse,
  AppListResponse,
  AppSsoResponse,
  AppStatusBody,
  LaunchTokenBody,
  LaunchTokenResponse,
  SsoExchangeBody,
  SsoExchangeResponse,
} from '../../../contract/v1/apps';
import type { App, Authenticate } from '../../http/types';
import type { Services } from '../../services';
import { APP_MESSAGES, AppService } from './app-service';

const tags = ['Apps'];
const security = [{ bearerAuth: [] }];

export function registerAppRoutes(app: App, services: Services, authenticate: Authenticate): void {
  const appsService = new AppService(services);

  app.get(
    '/v1/apps',
    { preHandler: authenticate, schema: { tags, security, response: { 200: AppListResponse } } },
    async (request) => ({ data: await appsService.list(request.auth), msg: APP_MESSAGES.list }),
  );

  app.post(
    '/v1/app/launch',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        description:
          'A first-party launch: a single-use token (about 60 s) the target portal trades at POST /v1/token.',
        body: AppIdBody,
        response: { 200: AppLaunchResponse },
      },
    },
    async (request) => ({
      data: await appsService.launch(request.auth, request.body.appId, request),
      msg: APP_MESSAGES.launched,
    }),
  );

  app.post(
    '/v1/app/sso',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        description:
          'A third-party launch with completed SSO: open `url + token`. The partner trades the token at POST /v1/app/sso/exchange.',
        body: AppIdBody,
        response: { 200: AppSsoResponse },
      },
    },
    async (request) => ({
      data: await appsService.ssoToken(request.auth, request.body.appId, request),
      msg: APP_MESSAGES.ssoIssued,
    }),
  );

  app.patch(
    '/v1/app/status',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        description:
          'Enables or disables a third-party app for the active organisation. Admin or owner only.',
        body: AppStatusBody,
        response: { 200: AppItemResponse },
      },
    },
    async (request) => ({
      data: await appsService.setStatus(request.auth, request.body, request),
      msg: request.body.enabled ? APP_MESSAGES.enabled : APP_MESSAGES.disabled,
    }),
  );

  app.patch(
    '/v1/app/config',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        description:
          "Records whether the organisation completed a third-party app's single sign-on set-up. Admin or owner only.",
        body: AppConfigBody,
        response: { 200: AppItemResponse },
      },
    },
    async (request) => ({
      data: await appsService.setConfig(request.auth, request.body, request),
      msg: APP_MESSAGES.configured,
    }),
  );

  // Called by the receiving side, which holds nothing but the token: no bearer here.
  app.post(
    '/v1/token',
    {
      schema: {
        tags,
        description:
          'Trades a first-party launch token for a session of the receiving portal. Single use, about 60 s.',
        body: LaunchTokenBody,
        response: { 200: LaunchTokenResponse },
      },
    },
    async (request) => ({
      data: await appsService.exchangeLaunchToken(request.body.token, request),
      msg: APP_MESSAGES.exchanged,
    }),
  );

  app.post(
    '/v1/app/sso/exchange',
    {
      schema: {
        tags,
        description:
          'The partner app learns who arrived (an identity, never API tokens). Single use, about 60 s, bound to the app.',
        body: SsoExchangeBody,
        response: { 200: SsoExchangeResponse },
      },
    },
    async (request) => ({
      data: await appsService.exchangeSsoToken(request.body, request),
      msg: APP_MESSAGES.exchanged,
    }),
  );
}
