import { MessageOnly } from '../../../contract/v1/common';
import {
  ChangePasswordBody,
  PhoneOtpBody,
  PhoneOtpResponse,
  TwoFactorConfigBody,
  TwoFactorConfirmationBody,
  TwoFactorResetBody,
  TwoFactorSetupBody,
  TwoFactorSetupResponse,
  UserSecurityResponse,
} from '../../../contract/v1/user-security';
import type { App, Authenticate } from '../../http/types';
import type { Services } from '../../services';
import { PasswordChangeService } from './password-change-service';
import { TwoFactorSettingsService } from './two-factor-settings-service';

const tags = ['User security'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's password and second factors (spec §7.2). The profile itself is in modules/users. */
export function registerUserSecurityRoutes(app: App, services: Services, authenticate: Authenticate): void {
  const passwords = new PasswordChangeService(services);
  const twoFactor = new TwoFactorSettingsService(services);

  app.patch(
    '/v1/change-password',
    { preHandler: authenticate, schema: { tags, security, body: ChangePasswordBody, response: { 200: MessageOnly } } },
    (request) => passwords.change(request.auth, request.body, request),
  );

  app.post(
    '/v1/two-factor/setup',
    { preHandler: authenticate, schema: { tags, security, body: TwoFactorSetupBody, response: { 200: TwoFactorSetupResponse } } },
    (request) => twoFactor.setup(request.auth, request.body, request),
  );

  app.post(
    '/v1/two-factor/confirmation',
    { preHandler: authenticate, schema: { tags, security, body: TwoFactorConfirmationBody, response: { 200: UserSecurityResponse } } },
    (request) => twoFactor.confirm(request.auth, request.body, request),
  );

  app.post(
    '/v1/two-factor/reset',
    { preHandler: authenticate, schema: { tags, security, body: TwoFactorResetBody, response: { 200: UserSecurityResponse } } },
    (request) => twoFactor.reset(request.auth, request.body, request),
  );

  app.patch(
    '/v1/two-factor/config',
    { preHandler: authenticate, schema: { tags, security, body: TwoFactorConfigBody, response: { 200: UserSecurityResponse } } },
    (request) => twoFactor.configure(request.auth, request.body, request),
  );

  app.patch(
    '/v1/otp',
    { preHandler: authenticate, schema: { tags, security, body: PhoneOtpBody, response: { 200: PhoneOtpResponse } } },
    (request) => twoFactor.sendPhoneCode(request.auth, request.body, request),
  );
}
