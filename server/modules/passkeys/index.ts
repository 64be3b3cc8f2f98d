import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { PASSKEY_MESSAGES, PasskeyService } from './passkey-service';

/**
 * Passkeys (docs/passkeys.md): the signed-in user's list, registration, name and removal; sign-in with a passkey and
 * no password; a passkey as the second step of a password login.
 */
export default defineServerModule({
  name: 'passkeys',
  needs: [
    'db',
    'clock',
    'config',
    'audit',
    'i18n',
    'links',
    'mailer',
    'recentAuth',
    'sessions',
    'throttle',
    'authenticate',
  ],
  plugin: async (app, { authenticate, ...services }) => {
    const passkeys = new PasskeyService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.passkeys, async (request) => ({
      data: { passkeys: await passkeys.list(request.auth) },
      msg: PASSKEY_MESSAGES.list,
    }));
    route(endpoints.passkeyRegistrationOptions, async (request) => ({
      data: await passkeys.registrationOptions(request.auth),
      msg: PASSKEY_MESSAGES.options,
    }));
    route(endpoints.registerPasskey, async (request) => ({
      data: await passkeys.register(request.auth, request.body, request),
      msg: PASSKEY_MESSAGES.added,
    }));
    route(endpoints.renamePasskey, async (request) => ({
      data: await passkeys.rename(request.auth, request.params.passkeyId, request.body, request),
      msg: PASSKEY_MESSAGES.renamed,
    }));
    route(endpoints.removePasskey, async (request) => {
      await passkeys.remove(request.auth, request.params.passkeyId, request);
      return { data: null, msg: PASSKEY_MESSAGES.removed };
    });
    // Public: no access token exists yet. The challenge id is the attempt's credential, the tokenId the login's.
    route(endpoints.passkeyLoginOptions, async (request) => ({
      data: await passkeys.signInOptions(request.ip),
      msg: PASSKEY_MESSAGES.options,
    }));
    route(endpoints.passkeyLogin, (request) => passkeys.signIn(request.body, request));
    route(endpoints.passkeySecondStepOptions, async (request) => ({
      data: await passkeys.secondStepOptions(request.body, request.ip),
      msg: PASSKEY_MESSAGES.options,
    }));
    route(endpoints.verifyTwoFactorPasskey, (request) => passkeys.secondStep(request.body, request));
  },
});
