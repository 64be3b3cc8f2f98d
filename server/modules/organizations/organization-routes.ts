import { REFRESH_TOKEN_HEADER } from '../../../contract/v1/constants';
import { MessageOnly } from '../../../contract/v1/common';
import {
  AcceptInvitationBody,
  InvitationCheckResponse,
  InvitationParams,
  OrganizationAccessBody,
  OrganizationAccessResponse,
  OrganizationListResponse,
  PortalListResponse,
  PortalQuery,
  RefreshResponse,
} from '../../../contract/v1/organization';
import type { App, Authenticate } from '../../http/types';
import type { Services } from '../../services';
import { ORGANIZATION_MESSAGES, OrganizationService } from './organization-service';

const tags = ['Organisations'];
const security = [{ bearerAuth: [] }];

export function registerOrganizationRoutes(app: App, services: Services, authenticate: Authenticate): void {
  const organizations = new OrganizationService(services);

  app.get(
    '/v1/organization-list',
    { preHandler: authenticate, schema: { tags, security, response: { 200: OrganizationListResponse } } },
    async (request) => ({ data: { organizationList: await organizations.list(request.auth) }, msg: ORGANIZATION_MESSAGES.list }),
  );

  app.get(
    '/v1/portal',
    { preHandler: authenticate, schema: { tags, security, querystring: PortalQuery, response: { 200: PortalListResponse } } },
    async (request) => ({
      data: { portal: await organizations.portals(request.query.account_setting === true) },
      msg: ORGANIZATION_MESSAGES.portals,
    }),
  );

  app.post(
    '/v1/organization/access',
    { preHandler: authenticate, schema: { tags, security, body: OrganizationAccessBody, response: { 200: OrganizationAccessResponse } } },
    async (request) => ({ data: await organizations.access(request.body, request.auth, request), msg: ORGANIZATION_MESSAGES.access }),
  );

  app.post(
    '/v1/organization/refresh',
    {
      schema: {
        tags,
        description: `Rotates the refresh token sent in the \`${REFRESH_TOKEN_HEADER}\` header. A rotated token presented again ends the whole session.`,
        response: { 200: RefreshResponse },
      },
    },
    async (request) => {
      const header = request.headers[REFRESH_TOKEN_HEADER];
      const raw = typeof header === 'string' && header.length > 0 ? header : undefined;
      return { data: await services.sessions.refresh(raw, request), msg: ORGANIZATION_MESSAGES.refreshed };
    },
  );

  app.get(
    '/v1/user-organization/:orgId/invitation/:invitationId',
    { schema: { tags, params: InvitationParams, response: { 200: InvitationCheckResponse } } },
    async (request) => ({ data: await organizations.checkInvitation(request.params), msg: ORGANIZATION_MESSAGES.invitationFound }),
  );

  // The invitation id came by mail to the invited address: holding it is the proof, as for a reset link.
  app.post(
    '/v1/organization/invite',
    { schema: { tags, body: AcceptInvitationBody, response: { 200: MessageOnly } } },
    async (request) => {
      await organizations.acceptInvitation(request.body, request);
      return { data: null, msg: ORGANIZATION_MESSAGES.invitationAccepted };
    },
  );
}
