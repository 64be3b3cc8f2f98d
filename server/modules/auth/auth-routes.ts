import {
  ForgetPasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
  ResendEmailBody,
  ResetPasswordBody,
  TwoFactorOtpBody,
  TwoFactorOtpResponse,
  TwoFactorVerifyBody,
  VerifyEmailBody,
} from '../../../contract/v1/auth';
import { MessageOnly } from '../../../contract/v1/common';
import type { App, Authenticate } from '../../http/types';
import type { Services } from '../../services';
import { AccountService } from './account-service';
import { LoginService } from './login-service';

const tags = ['Authentication'];

export function registerAuthRoutes(app: App, services: Services, authenticate: Authenticate): void {
  const login = new LoginService(services);
  const accounts = new AccountService(services);

  app.post('/v1/login', { schema: { tags, body: LoginBody, response: { 200: LoginResponse } } }, (request) =>
    login.login(request.body, request),
  );

  app.post('/v1/register', { schema: { tags, body: RegisterBody, response: { 200: RegisterResponse } } }, (request) =>
    accounts.register(request.body, request),
  );

  app.post('/v1/forget-password', { schema: { tags, body: ForgetPasswordBody, response: { 200: MessageOnly } } }, (request) =>
    accounts.forgotPassword(request.body, request),
  );

  app.post('/v1/resend-email', { schema: { tags, body: ResendEmailBody, response: { 200: MessageOnly } } }, (request) =>
    accounts.resendEmail(request.body, request),
  );

  app.patch('/v1/reset-password', { schema: { tags, body: ResetPasswordBody, response: { 200: MessageOnly } } }, (request) =>
    accounts.resetPassword(request.body, request),
  );

  app.post('/v1/verify-email', { schema: { tags, body: VerifyEmailBody, response: { 200: MessageOnly } } }, (request) =>
    accounts.verifyEmail(request.body, request),
  );

  app.post(
    '/v1/logout',
    { preHandler: authenticate, schema: { tags, security: [{ bearerAuth: [] }], response: { 200: MessageOnly } } },
    async (request) => {
      await services.sessions.revokeFamily(request.auth.familyId, 'logout');
      await services.audit.record(request, { event: 'logout', userId: request.auth.userId, organizationId: request.auth.organizationId });
      return { data: null, msg: 'Logged out successfully' };
    },
  );

  // The tokenId from login is the credential here: no access token exists until the second factor passes.
  app.post('/v1/two-factor/verify', { schema: { tags, body: TwoFactorVerifyBody, response: { 200: LoginResponse } } }, (request) =>
    login.verify(request.body, request),
  );

  app.patch('/v1/two-factor/otp', { schema: { tags, body: TwoFactorOtpBody, response: { 200: TwoFactorOtpResponse } } }, (request) =>
    login.sendCode(request.body, request),
  );
}
