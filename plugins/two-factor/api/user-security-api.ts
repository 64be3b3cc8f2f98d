import { HttpClient, inject, injectable, type ApiResult } from '@core';
import type { EndpointBody } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';

/** The body of an endpoint of the table, by name. */
type Body<K extends keyof Endpoints> = EndpointBody<Endpoints[K]>;

/** The mobile half of `POST /v1/two-factor/setup`: the number the code was texted to, and that code. */
export type MobileSetupBody = Required<Pick<Body<'setupTwoFactor'>, 'phoneNumber' | 'code'>>;

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
 * The signed-in user's profile, password and second factors, one line per endpoint of the contract's table.
 * Errors are shown by the HTTP client; changes show the server's success message. Every two-factor change
 * answers the profile as it now is, so the screen needs no second call.
 * @example
 * const api = useService(UserSecurityApi);
 * const { data } = await api.profile(signal);
 */
@injectable()
export class HttpUserSecurityApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  profile(signal?: AbortSignal) {
    return this.http.call(endpoints.user, undefined, { signal });
  }

  updateProfile(body: Body<'updateUser'>, signal?: AbortSignal) {
    return this.http.call(endpoints.updateUser, { body }, { signal, showSuccess: true });
  }

  /** Silent: the form shows a refusal at its field. */
  changePassword(body: Body<'changePassword'>, signal?: AbortSignal) {
    return this.http.call(endpoints.changePassword, { body }, { signal, showSuccess: true, silent: true });
  }

  /** A fresh secret and the otpauth URL for the QR code; nothing is enabled until {@link confirmAuthenticator}. */
  startAuthenticatorSetup(signal?: AbortSignal) {
    return this.http
      .call(endpoints.setupTwoFactor, { body: { type: 'totp' } }, { signal })
      .then(answerWith('secret'));
  }

  /** Silent: the dialog shows a refused code under the code field. */
  confirmAuthenticator(body: Body<'confirmTwoFactor'>, signal?: AbortSignal) {
    return this.http.call(endpoints.confirmTwoFactor, { body }, { signal, showSuccess: true, silent: true });
  }

  /** Texts a code to the number; `otp` comes back where the server exposes codes (development). */
  requestPhoneOtp(body: Body<'sendPhoneOtp'>, signal?: AbortSignal) {
    return this.http.call(endpoints.sendPhoneOtp, { body }, { signal, showSuccess: true });
  }

  /** Silent: the dialog shows a refused code under the code field. */
  verifyMobile(body: MobileSetupBody, signal?: AbortSignal) {
    const setup = { type: 'otp', ...body } as const;
    return this.http
      .call(endpoints.setupTwoFactor, { body: setup }, { signal, showSuccess: true, silent: true })
      .then(answerWith('userInfo'));
  }

  resetTwoFactor(body: Body<'resetTwoFactor'>, signal?: AbortSignal) {
    return this.http.call(endpoints.resetTwoFactor, { body }, { signal, showSuccess: true });
  }

  configureTwoFactor(body: Body<'configureTwoFactor'>, signal?: AbortSignal) {
    return this.http.call(endpoints.configureTwoFactor, { body }, { signal, showSuccess: true });
  }

  passkeys(signal?: AbortSignal) {
    return this.http.call(endpoints.passkeys, undefined, { signal });
  }

  /** Creation options for the browser; the pipeline asks the user to confirm it is them first when needed. */
  passkeyRegistrationOptions(signal?: AbortSignal) {
    return this.http.call(endpoints.passkeyRegistrationOptions, undefined, { signal });
  }

  registerPasskey(body: Body<'registerPasskey'>, signal?: AbortSignal) {
    return this.http.call(endpoints.registerPasskey, { body }, { signal, showSuccess: true });
  }

  renamePasskey(passkeyId: string, body: Body<'renamePasskey'>, signal?: AbortSignal) {
    return this.http.call(
      endpoints.renamePasskey,
      { params: { passkeyId }, body },
      { signal, showSuccess: true },
    );
  }

  /** How many recovery codes are left (docs/recovery-codes.md). */
  recoveryCodes(signal?: AbortSignal) {
    return this.http.call(endpoints.recoveryCodes, undefined, { signal });
  }

  /** A new set, shown once; the pipeline asks the user to confirm it is them first when needed. */
  /** No toast: the dialog that shows the codes says what happened, and a toast sat over its title on a phone. */
  generateRecoveryCodes(signal?: AbortSignal) {
    return this.http.call(endpoints.generateRecoveryCodes, undefined, { signal });
  }

  removePasskey(passkeyId: string, signal?: AbortSignal) {
    return this.http.call(endpoints.removePasskey, { params: { passkeyId } }, { signal, showSuccess: true });
  }
}

/** What the profile and security screens call: {@link HttpUserSecurityApi}'s methods, typed by the table. */
export { UserSecurityApi } from './user-security-api-token';
