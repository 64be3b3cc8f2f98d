import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { EmailChangeService } from './email-change-service';

/**
 * Changing the login address (docs/account-settings.md#changing-the-email-address): the signed-in request, and the
 * two mailed links (confirm from the new address, undo from the old one), which work without signing in.
 */
export default defineServerModule({
  name: 'email-change',
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
    const changes = new EmailChangeService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.requestEmailChange, (request) => changes.request(request.auth, request.body, request));
    route(endpoints.confirmEmailChange, (request) => changes.confirm(request.body, request));
    route(endpoints.undoEmailChange, (request) => changes.undo(request.body, request));
  },
});
