import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { displayAddress } from '../../security/ip-ranges';
import { defineServerModule } from '../server-module';
import { IP_MESSAGES, IpAllowListService } from './ip-allow-list-service';

/**
 * The caller's address and the organisation's IP allow-list (docs/access-control.md, IP allow-list). The client
 * address is the socket's, or a trusted proxy's forwarded one when TRUST_PROXY names that proxy (server/config.ts).
 */
export default defineServerModule({
  name: 'ip-allow-list',
  needs: ['db', 'clock', 'audit', 'gate', 'access', 'authenticate'],
  plugin: async (app, { authenticate, ...services }) => {
    const allowList = new IpAllowListService(services);
    const route = contractRouter(app, authenticate, services.access);

    route(endpoints.detectIp, async (request) => ({
      data: { ip: displayAddress(request.ip) },
      msg: IP_MESSAGES.detected,
    }));

    route(endpoints.ipAllowList, async (request) => ({
      data: await allowList.read(request.auth, request),
      msg: IP_MESSAGES.list,
    }));

    route(endpoints.updateIpAllowList, async (request) => ({
      data: await allowList.replace(request.auth, request.body, request),
      msg: IP_MESSAGES.saved,
    }));
  },
});
