/** The organisation settings' endpoints; their schemas live with the members' in ./organization-members.ts. */
import {
  CronConfigBody,
  CronConfigResponse,
  DetectIpResponse,
  IpAllowListBody,
  IpAllowListResponse,
} from './organization-members';
import { endpoint } from './endpoint';

const OPENAPI_TAG = 'Organisation settings';

/**
 * Organisation settings: IP allow-list and scheduled jobs (docs/access-control.md)
 */
export const organizationSettingsEndpoints = {
  detectIp: endpoint(
    {
      method: 'GET',
      path: '/v1/detect-ip',
      auth: 'session',
      scope: 'account',
      tag: OPENAPI_TAG,
      description:
        "The caller's address as the server sees it (a trusted proxy's forwarded address only with TRUST_PROXY).",
    },
    { response: DetectIpResponse },
  ),
  ipAllowList: endpoint(
    {
      method: 'GET',
      path: '/v1/ip',
      auth: 'session',
      permission: 'settings.manage',
      ownerOutsideAllowList: true,
      tag: OPENAPI_TAG,
    },
    { response: IpAllowListResponse },
  ),
  updateIpAllowList: endpoint(
    {
      method: 'PATCH',
      path: '/v1/ip',
      auth: 'session',
      permission: 'settings.manage',
      ownerOutsideAllowList: true,
      tag: OPENAPI_TAG,
      description:
        "Replaces the organisation's IP allow-list (CIDR ranges, IPv4 and IPv6; empty = any address). A list that excludes the caller's own address is refused, and so is one that excludes the owner's last sign-in address unless the owner saves it. The owner may call it from outside the list.",
    },
    { body: IpAllowListBody, response: IpAllowListResponse },
  ),
  cronConfig: endpoint(
    {
      method: 'GET',
      path: '/v1/cron/config',
      auth: 'session',
      permission: 'settings.manage',
      tag: OPENAPI_TAG,
    },
    { response: CronConfigResponse },
  ),
  updateCronConfig: endpoint(
    {
      method: 'PATCH',
      path: '/v1/cron/config',
      auth: 'session',
      permission: 'settings.manage',
      tag: OPENAPI_TAG,
      description: 'Activity-log retention (days) and the weekly members digest mail to owners and admins.',
    },
    { body: CronConfigBody, response: CronConfigResponse },
  ),
} as const;
