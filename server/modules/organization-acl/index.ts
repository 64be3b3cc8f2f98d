import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { ORGANIZATION_ACL_MESSAGES, OrganizationAdminService } from './organization-admin-service';
import { ROLE_MESSAGES, RoleService } from './role-service';
import { organizationAclSeed } from './seed';

/**
 * Business organisations and access control (docs/access-control.md): creating, renaming and handing over an
 * organisation, its roles and the matrix of roles × permissions. The permission of each endpoint is checked by the
 * router (`access`) from the caller's current role; the services apply the rules of contract/v1/acl-rules.ts.
 */
export default defineServerModule({
  name: 'organization-acl',
  needs: ['access', 'audit', 'authenticate', 'clock', 'config', 'db', 'hasher', 'i18n', 'links', 'mailer', 'throttle'],
  seed: organizationAclSeed,
  plugin: async (app, { authenticate, ...services }) => {
    const organizations = new OrganizationAdminService(services);
    const roles = new RoleService(services);
    const route = contractRouter(app, authenticate, services.access);

    route(endpoints.createOrganization, async (request) => ({
      data: await organizations.create(request.auth, request.body, request),
      msg: ORGANIZATION_ACL_MESSAGES.created,
    }));

    route(endpoints.organizationNameAvailable, async (request) => {
      const available = await organizations.nameAvailable(request.auth, request.query);
      return {
        data: { available },
        msg: available ? ORGANIZATION_ACL_MESSAGES.nameAvailable : ORGANIZATION_ACL_MESSAGES.nameTaken,
      };
    });

    route(endpoints.organization, async (request) => ({
      data: await organizations.details(request.auth),
      msg: ORGANIZATION_ACL_MESSAGES.details,
    }));

    route(endpoints.updateOrganization, async (request) => ({
      data: await organizations.update(request.auth, request.body, request),
      msg: ORGANIZATION_ACL_MESSAGES.updated,
    }));

    route(endpoints.organizationSize, async (request) => ({
      data: await organizations.size(request.auth),
      msg: ORGANIZATION_ACL_MESSAGES.size,
    }));

    route(endpoints.transferOwnership, async (request) => ({
      data: await organizations.transferOwnership(request.auth, request.body, request),
      msg: ORGANIZATION_ACL_MESSAGES.ownershipTransferred,
    }));

    route(endpoints.roles, async (request) => ({
      data: { roles: await roles.roles(request.auth, request.query.owner === true) },
      msg: ROLE_MESSAGES.roles,
    }));

    route(endpoints.createRole, async (request) => ({
      data: { role: await roles.create(request.auth, request.body, request) },
      msg: ROLE_MESSAGES.roleCreated,
    }));

    route(endpoints.renameRole, async (request) => ({
      data: { role: await roles.rename(request.auth, request.params.roleId, request.body.name, request) },
      msg: ROLE_MESSAGES.roleRenamed,
    }));

    route(endpoints.deleteRole, async (request) => {
      await roles.remove(request.auth, request.params.roleId, request);
      return { data: null, msg: ROLE_MESSAGES.roleDeleted };
    });

    route(endpoints.acl, async (request) => ({
      data: await roles.matrix(request.auth),
      msg: ROLE_MESSAGES.acl,
    }));

    route(endpoints.updateAcl, async (request) => ({
      data: { role: await roles.setPermissions(request.auth, request.body, request) },
      msg: ROLE_MESSAGES.aclUpdated,
    }));

    route(endpoints.permissionCatalogue, async () => ({
      data: roles.catalogue(),
      msg: ROLE_MESSAGES.permissions,
    }));

    route(endpoints.myPermissions, async (request) => ({
      data: await roles.mine(request.auth),
      msg: ROLE_MESSAGES.permissions,
    }));
  },
});
