/**
 * The /v1 endpoint table: every call of the contract, once, merged from the features' endpoint groups. Each
 * feature declares its group next to its schemas (`export const billingEndpoints = { … } as const` in
 * contract/v1/billing.ts, with its OpenAPI tag); this file only lists the groups, and the merge refuses an endpoint
 * name or a method and path declared twice. Adding a feature's endpoints = its group in its own file + one line here.
 *
 * The server registers each route from its entry (server/http/contract-route.ts), so validation and OpenAPI follow
 * from it; the portal calls `http.call(endpoints.login, { body }, { signal })`, so a wrong body or a missing
 * response field is a type error. The portal imports endpoints from this file only: the browser build answers it
 * with the table without its schemas (tooling/vite-contract-endpoints.ts), so no TypeBox code reaches a page.
 */
import { mergeEndpointGroups } from './endpoint-groups';
import { accountDataEndpoints } from './account-data';
import { activityLogEndpoints } from './activity-log';
import { appEndpoints } from './apps';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { brandingEndpoints } from './branding';
import { chartEndpoints } from './charts';
import { emailChangeEndpoints } from './email-change';
import { identityVerificationEndpoints } from './identity-verification';
import { organizationEndpoints } from './organization';
import { organizationAclEndpoints } from './organization-acl';
import { organizationMemberEndpoints } from './organization-members';
import { organizationSettingsEndpoints } from './organization-settings';
import { recoveryCodeEndpoints } from './recovery-codes';
import { ssoEndpoints } from './sso';
import { userEndpoints } from './user';
import { userSecurityEndpoints } from './user-security';

export const endpointGroups = {
  auth: authEndpoints,
  organization: organizationEndpoints,
  organizationAcl: organizationAclEndpoints,
  branding: brandingEndpoints,
  user: userEndpoints,
  userSecurity: userSecurityEndpoints,
  apps: appEndpoints,
  sso: ssoEndpoints,
  organizationMembers: organizationMemberEndpoints,
  activityLog: activityLogEndpoints,
  organizationSettings: organizationSettingsEndpoints,
  billing: billingEndpoints,
  identityVerification: identityVerificationEndpoints,
  recoveryCodes: recoveryCodeEndpoints,
  charts: chartEndpoints,
  emailChange: emailChangeEndpoints,
  accountData: accountDataEndpoints,
} as const;

export const endpoints = mergeEndpointGroups(endpointGroups);

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
