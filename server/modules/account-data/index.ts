import type texts from '../../../locales/en/account-data.server.json';
import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { AccountDeletionService, DELETION_MESSAGES } from './account-deletion-service';
import { DATA_EXPORT_MESSAGES, DataExportService } from './data-export-service';

// This feature's answers and mails (locales/<lang>/account-data.server.json), typed as message keys.
declare module '../../i18n/message' {
  interface FeatureServerTexts {
    'account-data': typeof texts;
  }
}

/**
 * "Your data and leaving" (docs/account-settings.md; GDPR art. 15, 17 and 20): a copy of the signed-in user's data,
 * prepared in the background and downloaded by them alone, and the deletion of their account.
 */
export default defineServerModule({
  name: 'account-data',
  needs: ['db', 'clock', 'i18n', 'access', 'gate', 'audit', 'mailer', 'links', 'recentAuth', 'authenticate'],
  plugin: async (app, { authenticate, ...services }) => {
    const exports = new DataExportService(services);
    const deletion = new AccountDeletionService(services);
    const route = contractRouter(app, authenticate);
    // A copy being prepared finishes before the database closes.
    app.addHook('onClose', () => exports.idle());

    route(endpoints.dataExport, async (request) => ({
      data: { export: await exports.latest(request.auth, request) },
      msg: DATA_EXPORT_MESSAGES.status,
    }));
    route(endpoints.requestDataExport, async (request) => ({
      data: { export: await exports.request(request.auth, request) },
      msg: DATA_EXPORT_MESSAGES.requested,
    }));
    route(endpoints.dataExportFile, async (request, reply) => {
      const file = await exports.file(request.auth, request.params.exportId, request.query.format, request);
      // Bytes are sent as they are: the entry's schema describes the file, Fastify serialises only objects.
      void reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
      return reply as never;
    });
    route(endpoints.accountDeletionCheck, async (request) => ({
      data: { ownedOrganizations: await deletion.ownedOrganizations(request.auth) },
      msg: DELETION_MESSAGES.check,
    }));
    route(endpoints.deleteAccount, async (request) => {
      await deletion.delete(request.auth, request.body, request);
      return { data: null, msg: DELETION_MESSAGES.deleted };
    });
  },
});
