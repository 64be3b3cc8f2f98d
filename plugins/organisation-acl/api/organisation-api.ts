import { HttpClient, inject, injectable } from '@core';
import type { EndpointBody, EndpointQuery } from '@contract/v1/endpoint';
import { endpoints, type Endpoints } from '@contract/v1/endpoints';

/**
 * The organisation plugin's /v1 calls, one method per endpoint of the contract's table. Every call is about the
 * organisation of the caller's access token (docs/access-control.md); failures are shown by the HTTP client
 * (docs/api-errors.md), and the calls that change something also show the server's success message.
 * @example
 * const { data } = await useService(OrganisationApi).members({ offset: 1, limit: 10 }, signal);
 */
@injectable()
export class HttpOrganisationApi {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {}

  // Organisation

  /** Whether a name is free; silent, the form shows the answer under the field. */
  nameAvailable(query: EndpointQuery<Endpoints['organizationNameAvailable']>, signal?: AbortSignal) {
    return this.http.call(endpoints.organizationNameAvailable, { query }, { signal, silent: true });
  }

  create(body: EndpointBody<Endpoints['createOrganization']>, signal?: AbortSignal) {
    return this.http.call(endpoints.createOrganization, { body }, { signal });
  }

  details(signal?: AbortSignal) {
    return this.http.call(endpoints.organization, undefined, { signal });
  }

  /** Members, pending invitations, owned organisations and the limit. */
  size(signal?: AbortSignal) {
    return this.http.call(endpoints.organizationSize, undefined, { signal });
  }

  transferOwnership(body: EndpointBody<Endpoints['transferOwnership']>, signal?: AbortSignal) {
    return this.http.call(endpoints.transferOwnership, { body }, { signal, showSuccess: true });
  }

  // Members and invitations

  members(query: EndpointQuery<Endpoints['organizationMembers']>, signal?: AbortSignal) {
    return this.http.call(endpoints.organizationMembers, { query }, { signal });
  }

  invite(body: EndpointBody<Endpoints['inviteMember']>, signal?: AbortSignal) {
    return this.http.call(endpoints.inviteMember, { body }, { signal, showSuccess: true });
  }

  resend(body: EndpointBody<Endpoints['resendInvitation']>, signal?: AbortSignal) {
    return this.http.call(endpoints.resendInvitation, { body }, { signal, showSuccess: true });
  }

  changeRole(body: EndpointBody<Endpoints['updateMemberRole']>, signal?: AbortSignal) {
    return this.http.call(endpoints.updateMemberRole, { body }, { signal, showSuccess: true });
  }

  remove(id: string, signal?: AbortSignal) {
    return this.http.call(endpoints.removeMember, { params: { id } }, { signal, showSuccess: true });
  }

  leave(body: EndpointBody<Endpoints['leaveOrganization']>, signal?: AbortSignal) {
    return this.http.call(endpoints.leaveOrganization, { body }, { signal, showSuccess: true });
  }

  // Roles and access control

  roles(query: EndpointQuery<Endpoints['roles']>, signal?: AbortSignal) {
    return this.http.call(endpoints.roles, { query }, { signal });
  }

  createRole(body: EndpointBody<Endpoints['createRole']>, signal?: AbortSignal) {
    return this.http.call(endpoints.createRole, { body }, { signal, showSuccess: true });
  }

  renameRole(roleId: string, body: EndpointBody<Endpoints['renameRole']>, signal?: AbortSignal) {
    return this.http.call(endpoints.renameRole, { params: { roleId }, body }, { signal, showSuccess: true });
  }

  deleteRole(roleId: string, signal?: AbortSignal) {
    return this.http.call(endpoints.deleteRole, { params: { roleId } }, { signal, showSuccess: true });
  }

  acl(signal?: AbortSignal) {
    return this.http.call(endpoints.acl, undefined, { signal });
  }

  updateAcl(body: EndpointBody<Endpoints['updateAcl']>, signal?: AbortSignal) {
    return this.http.call(endpoints.updateAcl, { body }, { signal, showSuccess: true });
  }

  permissionCatalogue(signal?: AbortSignal) {
    return this.http.call(endpoints.permissionCatalogue, undefined, { signal });
  }

  // Organisation settings

  detectIp(signal?: AbortSignal) {
    return this.http.call(endpoints.detectIp, undefined, { signal });
  }

  ipAllowList(signal?: AbortSignal) {
    return this.http.call(endpoints.ipAllowList, undefined, { signal });
  }

  updateIpAllowList(body: EndpointBody<Endpoints['updateIpAllowList']>, signal?: AbortSignal) {
    return this.http.call(endpoints.updateIpAllowList, { body }, { signal, showSuccess: true });
  }

  cronConfig(signal?: AbortSignal) {
    return this.http.call(endpoints.cronConfig, undefined, { signal });
  }

  updateCronConfig(body: EndpointBody<Endpoints['updateCronConfig']>, signal?: AbortSignal) {
    return this.http.call(endpoints.updateCronConfig, { body }, { signal, showSuccess: true });
  }
}

/** What the organisation screens call: {@link HttpOrganisationApi}'s methods, typed by the endpoint table. */
export { OrganisationApi } from './organisation-api-token';
