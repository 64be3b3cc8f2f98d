import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { AccountService } from './account-service';
import { LoginService } from './login-service';

/** Password login with its second factor, sign-up, email verification and password recovery. */
export default defineServerModule({
  name: 'auth',
  needs: [
    'db',
    'clock',
    'config',
    'audit',
    'hasher',
    'passwordRules',
    'throttle',
    'captcha',
    'codes',
    'recoveryCodes',
    'mailer',
    'sms',
    'links',
    'sessions',
    'i18n',
    'authenticate',
  ],
  plugin: async (app, { authenticate, ...services }) => {
    const login = new LoginService(services);
    const accounts = new AccountService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.login, (request) => login.login(request.body, request));
    route(endpoints.register, (request) => accounts.register(request.body, request));
    route(endpoints.forgetPassword, (request) => accounts.forgotPassword(request.body, request));
    route(endpoints.resendEmail, (request) => accounts.resendEmail(request.body, request));
    route(endpoints.resetPassword, (request) => accounts.resetPassword(request.body, request));
    route(endpoints.verifyEmail, (request) => accounts.verifyEmail(request.body, request));
    // The tokenId from login is the credential of these two: no access token exists until the second factor passes.
    route(endpoints.verifyTwoFactor, (request) => login.verify(request.body, request));
    route(endpoints.requestTwoFactorOtp, (request) => login.sendCode(request.body, request));
  },
});
