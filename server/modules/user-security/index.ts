import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { PasswordChangeService } from './password-change-service';
import { TwoFactorSettingsService } from './two-factor-settings-service';

/** The signed-in user's password and second factors. The profile itself is in modules/users. */
export default defineServerModule({
  name: 'user-security',
  needs: [
    'db',
    'clock',
    'config',
    'audit',
    'hasher',
    'passwordRules',
    'throttle',
    'codes',
    'sms',
    'i18n',
    'links',
    'mailer',
    'recentAuth',
    'authenticate',
  ],
  plugin: async (app, { authenticate, ...services }) => {
    const passwords = new PasswordChangeService(services);
    const twoFactor = new TwoFactorSettingsService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.changePassword, (request) => passwords.change(request.auth, request.body, request));
    route(endpoints.setupTwoFactor, (request) => twoFactor.setup(request.auth, request.body, request));
    route(endpoints.confirmTwoFactor, (request) => twoFactor.confirm(request.auth, request.body, request));
    route(endpoints.resetTwoFactor, (request) => twoFactor.reset(request.auth, request.body, request));
    route(endpoints.configureTwoFactor, (request) =>
      twoFactor.configure(request.auth, request.body, request),
    );
    route(endpoints.sendPhoneOtp, (request) => twoFactor.sendPhoneCode(request.auth, request.body, request));
  },
});
