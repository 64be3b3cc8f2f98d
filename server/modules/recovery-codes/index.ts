import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { RECOVERY_CODE_MESSAGES, RecoveryCodeService } from './recovery-code-service';

/**
 * Recovery codes (docs/recovery-codes.md): how many the signed-in user has left, a new set, and a code as the second
 * step of a password login.
 */
export default defineServerModule({
  name: 'recovery-codes',
  needs: [
    'db',
    'clock',
    'config',
    'audit',
    'captcha',
    'codes',
    'hasher',
    'i18n',
    'links',
    'mailer',
    'recentAuth',
    'recoveryCodes',
    'sessions',
    'sms',
    'throttle',
    'authenticate',
  ],
  plugin: async (app, { authenticate, ...services }) => {
    const recovery = new RecoveryCodeService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.recoveryCodes, async (request) => ({
      data: await recovery.status(request.auth),
      msg: RECOVERY_CODE_MESSAGES.status,
    }));
    route(endpoints.generateRecoveryCodes, async (request) => ({
      data: await recovery.generate(request.auth, request),
      msg: RECOVERY_CODE_MESSAGES.generated,
    }));
    // Public: the login's tokenId is the credential until the second step passes, as for two-factor/verify.
    route(endpoints.verifyTwoFactorRecoveryCode, (request) => recovery.secondStep(request.body, request));
  },
});
