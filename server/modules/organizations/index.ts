import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { ORGANIZATION_MESSAGES, OrganizationService } from './organization-service';
import { organizationsSeed } from './seed';

/** Organisations, their portals and invitations: choosing the account to work in and entering it. */
export default defineServerModule({
  name: 'organizations',
  needs: ['db', 'clock', 'audit', 'gate', 'links', 'sessions', 'authenticate'],
  seed: organizationsSeed,
  plugin: async (app, { authenticate, ...services }) => {
    const organizations = new OrganizationService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.organizationList, async (request) => ({
      data: { organizationList: await organizations.list(request.auth) },
      msg: ORGANIZATION_MESSAGES.list,
    }));

    route(endpoints.portals, async (request) => ({
      data: { portal: await organizations.portals(request.query.account_setting === true) },
      msg: ORGANIZATION_MESSAGES.portals,
    }));

    route(endpoints.organizationAccess, async (request) => ({
      data: await organizations.access(request.body, request.auth, request),
      msg: ORGANIZATION_MESSAGES.access,
    }));

    route(endpoints.checkInvitation, async (request) => ({
      data: await organizations.checkInvitation(request.params),
      msg: ORGANIZATION_MESSAGES.invitationFound,
    }));

    // The invitation id came by mail to the invited address: holding it is the proof, as for a reset link.
    route(endpoints.acceptInvitation, async (request) => {
      await organizations.acceptInvitation(request.body, request);
      return { data: null, msg: ORGANIZATION_MESSAGES.invitationAccepted };
    });
  },
});
