import { HttpClient, inject, injectable, type ApiResult } from '@core';
import type { EndpointBody } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';

/** The body of an endpoint of the table, by name. */
type Body<K extends keyof Endpoints> = EndpointBody<Endpoints[K]>;

export type { TotpSetupData as TwoFactorSetupData } from '@contract/v1/index';

/**
 * `POST /v1/two-factor/setup` answers the secret for `type: 'totp'` and the profile for `type: 'otp'`; the table
 * types its response as the union of both. This keeps the member that carries `key`, checked, not assumed.
 */
const answerWith =
  <K extends string>(key: K) =>
  <D extends object>({ data, msg }: ApiResult<D>): ApiResult<Extract<D, Record<K, unknown>>> => {
    if (key in data) return { data: data as Extract<D, Record<K, unknown>>, msg };
    throw new TypeError(`No ${key} in the answer`);
  };

/**
 * Every /v1 call of the authentication screens, one line per endpoint of the contract's table: bodies and
 * answers are typed by the table, so a screen cannot drift from what the server accepts and sends. Errors are
 * shown by the HTTP client unless a method says it is silent; each method resolves with `{ data, msg }` so a
 * screen can show the server's success message.
 * @example
 * const auth = useService(AuthApi);
 * const { data } = await auth.login({ email, password, captcha }, signal);
 */
@injectable()
export class HttpAuthApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  /** Silent, as every call a form sends: the form shows the refusal itself (`showServerError`). */
  login(body: Body<'login'>, signal?: AbortSignal) {
    return this.http.call(endpoints.login, { body }, { signal, silent: true });
  }

  /** Silent: the sign-up form shows the refusal. */
  register(body: Body<'register'>, signal?: AbortSignal) {
    return this.http.call(endpoints.register, { body }, { signal, silent: true });
  }

  /** The server answers the same for unknown addresses (no account enumeration). Silent: the form shows a refusal. */
  forgetPassword(body: Body<'forgetPassword'>, signal?: AbortSignal) {
    return this.http.call(endpoints.forgetPassword, { body }, { signal, silent: true });
  }

  resendEmail(body: Body<'resendEmail'>, signal?: AbortSignal) {
    return this.http.call(endpoints.resendEmail, { body }, { signal });
  }

  /** Silent: the form shows the refusal. */
  resetPassword(body: Body<'resetPassword'>, signal?: AbortSignal) {
    return this.http.call(endpoints.resetPassword, { body }, { signal, silent: true });
  }

  /** The link mailed to the new address of an email change. Silent: the screen shows why it failed. */
  confirmEmailChange(body: Body<'confirmEmailChange'>, signal?: AbortSignal) {
    return this.http.call(endpoints.confirmEmailChange, { body }, { signal, silent: true });
  }

  /** The link mailed to the old address of an email change. Silent: the screen shows why it failed. */
  undoEmailChange(body: Body<'undoEmailChange'>, signal?: AbortSignal) {
    return this.http.call(endpoints.undoEmailChange, { body }, { signal, silent: true });
  }

  /** Silent: the screen shows 'Link is expired' itself. */
  verifyEmail(body: Body<'verifyEmail'>, signal?: AbortSignal) {
    return this.http.call(endpoints.verifyEmail, { body }, { signal, silent: true });
  }

  /** Silent: the code form shows a refused code. */
  verifyTwoFactor(body: Body<'verifyTwoFactor'>, signal?: AbortSignal) {
    return this.http.call(endpoints.verifyTwoFactor, { body }, { signal, silent: true });
  }

  requestTwoFactorOtp(body: Body<'requestTwoFactorOtp'>, signal?: AbortSignal) {
    return this.http.call(endpoints.requestTwoFactorOtp, { body }, { signal });
  }

  /** Options of a passkey sign-in. Silent for the autofill, which the user never asked for: a failure only means none. */
  passkeyLoginOptions(signal?: AbortSignal, { silent = false }: { silent?: boolean } = {}) {
    return this.http.call(endpoints.passkeyLoginOptions, undefined, { signal, silent });
  }

  /** Answers like {@link login} with tokens: a passkey signs in with no password and no second step. */
  passkeyLogin(body: Body<'passkeyLogin'>, signal?: AbortSignal) {
    return this.http.call(endpoints.passkeyLogin, { body }, { signal });
  }

  passkeySecondStepOptions(body: Body<'passkeySecondStepOptions'>, signal?: AbortSignal) {
    return this.http.call(endpoints.passkeySecondStepOptions, { body }, { signal });
  }

  /** A passkey as the second step of a password login: answers like {@link verifyTwoFactor}. */
  verifyTwoFactorPasskey(body: Body<'verifyTwoFactorPasskey'>, signal?: AbortSignal) {
    return this.http.call(endpoints.verifyTwoFactorPasskey, { body }, { signal });
  }

  /** A recovery code as the second step (docs/recovery-codes.md); silent like {@link verifyTwoFactor}. */
  verifyTwoFactorRecoveryCode(body: Body<'verifyTwoFactorRecoveryCode'>, signal?: AbortSignal) {
    return this.http.call(endpoints.verifyTwoFactorRecoveryCode, { body }, { signal, silent: true });
  }

  checkInvitation(orgId: string, invitationId: string, signal?: AbortSignal) {
    return this.http.call(endpoints.checkInvitation, { params: { orgId, invitationId } }, { signal });
  }

  acceptInvitation(orgId: string, invitationId: string, signal?: AbortSignal) {
    return this.http.call(endpoints.acceptInvitation, { body: { orgId, invitationId } }, { signal });
  }

  organizationList(signal?: AbortSignal) {
    return this.http.call(endpoints.organizationList, undefined, { signal });
  }

  /** The portals of this product family (`account_setting=false`). */
  portals(signal?: AbortSignal) {
    return this.http.call(endpoints.portals, { query: { account_setting: false } }, { signal });
  }

  /**
   * `silent`: the caller shows the failure itself (the orgs screen answers an organisation that enforces 2FA with
   * its notice instead of an error).
   */
  organizationAccess(body: Body<'organizationAccess'>, signal?: AbortSignal, silent = false) {
    return this.http.call(endpoints.organizationAccess, { body }, { signal, silent });
  }

  /** The token-auth screen trades a launch token for a user session. */
  exchangeLaunchToken(body: Body<'exchangeLaunchToken'>, signal?: AbortSignal) {
    return this.http.call(endpoints.exchangeLaunchToken, { body }, { signal });
  }

  /** A fresh authenticator secret and its otpauth URL; nothing is enabled until {@link confirmTwoFactor}. */
  startAuthenticatorSetup(signal?: AbortSignal) {
    return this.http
      .call(endpoints.setupTwoFactor, { body: { type: 'totp' } }, { signal })
      .then(answerWith('secret'));
  }

  /** Answers the profile with the authenticator now on. */
  confirmTwoFactor(body: Body<'confirmTwoFactor'>, signal?: AbortSignal) {
    // Silent: the code form shows a refused code.
    return this.http.call(endpoints.confirmTwoFactor, { body }, { signal, silent: true });
  }

  /** Answers the profile with the overall switch as it now is. */
  configureTwoFactor(body: Body<'configureTwoFactor'>, signal?: AbortSignal) {
    return this.http.call(endpoints.configureTwoFactor, { body }, { signal });
  }

  changePassword(body: Body<'changePassword'>, signal?: AbortSignal) {
    return this.http.call(endpoints.changePassword, { body }, { signal });
  }
}

/** What the auth screens call: {@link HttpAuthApi}'s methods, typed by the endpoint table. */
export { AuthApi } from './auth-api-token';
