import { Type, type Static } from 'typebox';
import { Envelope, Nullable, OpaqueId, PortalKey } from './common';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

/**
 * One card of the app dashboard (docs/api-contract.md 'App list item'), for the active organisation of the caller.
 * First-party apps open a portal of the product family (`portalKey`); third-party apps are partner products
 * an admin or owner switches on per organisation.
 */
export const AppListItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  referenceLink: Type.String(),
  /** First-party: the organisation has access to the app's portal. Third-party: the organisation enabled it. */
  canLaunch: Type.Boolean(),
  thirdParty: Type.Boolean(),
  /** Third-party only: launching goes through POST /v1/app/sso instead of opening `appUrl`. */
  ssoIntegrationCompleted: Type.Boolean(),
  /** Where the app lives. In development (dev routes on) the server's landings under /dev. */
  appUrl: Type.String(),
  /** The human name of the first-party portal; null for third-party apps. */
  portalName: Nullable(Type.String()),
  /** Not in docs/api-contract.md: the first-party portal's key, which is what the launch call scopes the token to. */
  portalKey: Nullable(PortalKey),
  /** Suffix of the browser tab name a first-party app opens in (config `appTabPrefix` + tabName). */
  tabName: Type.String(),
});
export type AppListItem = Static<typeof AppListItem>;

/** GET /v1/apps: the list is the envelope's data (docs/api-contract.md). */
export const AppListData = Type.Array(AppListItem);
export type AppListData = Static<typeof AppListData>;
export const AppListResponse = Envelope(AppListData);

export const AppIdBody = Type.Object({ appId: OpaqueId('appId') }, strict);
export type AppIdBody = Static<typeof AppIdBody>;

/**
 * POST /v1/app/launch `{ appId }`: a first-party launch. The answer is the organisation's access to that portal
 * in launch form: a single-use token valid for `expiresIn` seconds (about 60), never an access or refresh token.
 * The portal opens `portalUrl?token=…&portalId=…&orgId=…`; the receiving portal trades the token at POST /v1/token.
 */
export const AppLaunchData = Type.Object({
  token: Type.String(),
  portalUrl: Type.String(),
  portalId: Type.String(),
  orgId: Type.String(),
  expiresIn: Type.Integer(),
});
export type AppLaunchData = Static<typeof AppLaunchData>;
export const AppLaunchResponse = Envelope(AppLaunchData);

/**
 * POST /v1/app/sso `{ appId }`: a third-party launch with completed SSO (docs/api-contract.md 'Third-party SSO token response').
 * The portal opens `url + token` in a new tab without an opener. The token is single use, about 60 s, and only
 * the app it was issued for can trade it (POST /v1/app/sso/exchange).
 */
export const AppSsoData = Type.Object({ token: Type.String(), url: Type.String() });
export type AppSsoData = Static<typeof AppSsoData>;
export const AppSsoResponse = Envelope(AppSsoData);

/**
 * PATCH /v1/app/status `{ appId, enabled }`: the enable/disable call docs/api-contract.md leaves unnamed. Admin or owner of
 * the active organisation only (403 otherwise), third-party apps only. Answers the updated card; `msg` is the
 * success message to show.
 */
export const AppStatusBody = Type.Object({ appId: OpaqueId('appId'), enabled: Type.Boolean() }, strict);
export type AppStatusBody = Static<typeof AppStatusBody>;
export const AppItemResponse = Envelope(AppListItem);

/**
 * PATCH /v1/app/config `{ appId, ssoIntegrationCompleted }` (docs/api-contract.md names the path only): records whether the
 * organisation finished the partner's single sign-on set-up. Admin or owner only, third-party apps only.
 */
export const AppConfigBody = Type.Object(
  { appId: OpaqueId('appId'), ssoIntegrationCompleted: Type.Boolean() },
  strict,
);
export type AppConfigBody = Static<typeof AppConfigBody>;

/**
 * POST /v1/token `{ token }` (docs/api-contract.md 'exists as a constant'): the receiving first-party portal (or the account
 * portal's token-auth screen) trades a launch token for its own session, scoped to the organisation and portal
 * the token was issued for. Works once, within about 60 s; any failure is the same 400.
 */
export const LaunchTokenBody = Type.Object({ token: OpaqueId('Token') }, strict);
export type LaunchTokenBody = Static<typeof LaunchTokenBody>;
export const LaunchTokenData = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  orgId: Type.String(),
  portalId: Type.String(),
  portalKey: PortalKey,
});
export type LaunchTokenData = Static<typeof LaunchTokenData>;
export const LaunchTokenResponse = Envelope(LaunchTokenData);

/**
 * POST /v1/app/sso/exchange `{ token, appId }`: the partner app learns who arrived. It gets an identity, never
 * tokens of this API. Works once, within about 60 s, and only for the app the token was issued to.
 */
export const SsoExchangeBody = Type.Object({ token: OpaqueId('Token'), appId: OpaqueId('appId') }, strict);
export type SsoExchangeBody = Static<typeof SsoExchangeBody>;
export const SsoIdentity = Type.Object({
  appId: Type.String(),
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
  }),
  organization: Type.Object({ id: Type.String(), name: Type.String() }),
  role: Type.String(),
});
export type SsoIdentity = Static<typeof SsoIdentity>;
export const SsoExchangeResponse = Envelope(SsoIdentity);

const OPENAPI_TAG = 'Apps';

/**
 * Apps
 */
export const appEndpoints = {
  apps: endpoint(
    { method: 'GET', path: '/v1/apps', auth: 'session', tag: OPENAPI_TAG },
    { response: AppListResponse },
  ),
  launchApp: endpoint(
    {
      method: 'POST',
      path: '/v1/app/launch',
      auth: 'session',
      tag: OPENAPI_TAG,
      description:
        'A first-party launch: a single-use token (about 60 s) the target portal trades at POST /v1/token.',
    },
    { body: AppIdBody, response: AppLaunchResponse },
  ),
  appSso: endpoint(
    {
      method: 'POST',
      path: '/v1/app/sso',
      auth: 'session',
      tag: OPENAPI_TAG,
      description:
        'A third-party launch with completed SSO: open `url + token`. The partner trades the token at POST /v1/app/sso/exchange.',
    },
    { body: AppIdBody, response: AppSsoResponse },
  ),
  setAppStatus: endpoint(
    {
      method: 'PATCH',
      path: '/v1/app/status',
      auth: 'session',
      permission: 'apps.manage',
      tag: OPENAPI_TAG,
      description: 'Enables or disables a third-party app for the active organisation.',
    },
    { body: AppStatusBody, response: AppItemResponse },
  ),
  setAppConfig: endpoint(
    {
      method: 'PATCH',
      path: '/v1/app/config',
      auth: 'session',
      permission: 'apps.manage',
      tag: OPENAPI_TAG,
      description: "Records whether the organisation completed a third-party app's single sign-on set-up.",
    },
    { body: AppConfigBody, response: AppItemResponse },
  ),
  exchangeLaunchToken: endpoint(
    {
      method: 'POST',
      path: '/v1/token',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        'Trades a first-party launch token for a session of the receiving portal. Single use, about 60 s.',
    },
    { body: LaunchTokenBody, response: LaunchTokenResponse },
  ),
  exchangeSsoToken: endpoint(
    {
      method: 'POST',
      path: '/v1/app/sso/exchange',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        'The partner app learns who arrived (an identity, never API tokens). Single use, about 60 s, bound to the app.',
    },
    { body: SsoExchangeBody, response: SsoExchangeResponse },
  ),
} as const;
