import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { replyLanguage } from '../../i18n/localise-replies';
import { defineServerModule } from '../server-module';
import { MEMBER_MESSAGES, MemberService } from './member-service';
import { organizationMembersSeed } from './seed';

/**
 * Members and invitations of the active organisation: the paged list, invite, resend, change role, remove, and
 * leaving an organisation (docs/access-control.md, Members and invitations).
 */
export default defineServerModule({
  name: 'organization-members',
  needs: ['db', 'clock', 'audit', 'links', 'mailer', 'i18n', 'access', 'throttle', 'config', 'authenticate'],
  seed: organizationMembersSeed,
  plugin: async (app, { authenticate, ...services }) => {
    const members = new MemberService(services);
    const route = contractRouter(app, authenticate, services.access);
    // Success messages with values are written here; plain keys are translated on the way out (docs/server-messages.md).
    const say = (
      request: Parameters<typeof replyLanguage>[1],
      key: Parameters<typeof services.i18n.t>[0],
      params: Record<string, string>,
    ) => services.i18n.t(key, replyLanguage(services.i18n, request), params);

    route(endpoints.organizationMembers, async (request) => ({
      data: await members.list(request.auth, request.query),
      msg: MEMBER_MESSAGES.list,
    }));

    route(endpoints.inviteMember, async (request) => {
      const row = await members.invite(request.auth, request.body, request);
      return { data: row, msg: say(request, MEMBER_MESSAGES.invited, { email: row.email }) };
    });

    route(endpoints.resendInvitation, async (request) => {
      const row = await members.resend(request.auth, request.body, request);
      return { data: row, msg: say(request, MEMBER_MESSAGES.resent, { email: row.email }) };
    });

    route(endpoints.updateMemberRole, async (request) => ({
      data: await members.changeRole(request.auth, request.body, request),
      msg: MEMBER_MESSAGES.roleChanged,
    }));

    route(endpoints.removeMember, async (request) => {
      const kind = await members.remove(request.auth, request.params.id, request);
      return {
        data: null,
        msg: kind === 'member' ? MEMBER_MESSAGES.removed : MEMBER_MESSAGES.invitationRevoked,
      };
    });

    route(endpoints.leaveOrganization, async (request) => {
      const organizationName = await members.leave(request.auth, request.body.orgId, request);
      return { data: null, msg: say(request, MEMBER_MESSAGES.left, { organizationName }) };
    });
  },
});
