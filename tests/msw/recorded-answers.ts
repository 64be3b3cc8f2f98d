/**
 * MSW answers that record what the portal sent, for plugins' component tests (each plugin's testing fixtures
 * re-export them): one endpoint answered with data or a failure, and GET /v1/acl/me for a role.
 */
import type { EndpointRoute } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';
import { DEFAULT_ROLE_PERMISSIONS, type Permission } from '@contract/v1/permissions';
import { HttpResponse, type JsonBodyType } from 'msw';
import { onEndpoint } from './endpoint-handlers';
import { server } from './server';

/** The organisation the fixtures' sessions select. */
const ORG_ID = 'org-1';

export interface Recorded {
  bodies: any[];
  queries: Record<string, string>[];
  params: Record<string, string>[];
  count: number;
}

type Responder = (request: {
  body: any;
  query: Record<string, string>;
  params: Record<string, string>;
}) => JsonBodyType;

/**
 * Answers one endpoint with `data` (or a function of the request) and records what the portal sent. A failure
 * answers `{ msg, code }` with `status`.
 */
export function answer(
  route: EndpointRoute,
  data: JsonBodyType | Responder,
  options: { msg?: string; status?: number; code?: string; delayMs?: number } = {},
): Recorded {
  const recorded: Recorded = { bodies: [], queries: [], params: [], count: 0 };
  server.use(
    onEndpoint(route, async ({ request, params }) => {
      recorded.count += 1;
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      const query = Object.fromEntries(new URL(request.url).searchParams);
      recorded.bodies.push(body);
      recorded.queries.push(query);
      recorded.params.push(params as Record<string, string>);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.status && options.status >= 400) {
        return HttpResponse.json(
          { msg: options.msg ?? 'Refused', code: options.code ?? 'TEST' },
          { status: options.status },
        );
      }
      const value =
        typeof data === 'function' ? data({ body, query, params: params as Record<string, string> }) : data;
      return HttpResponse.json({ data: value, msg: options.msg ?? '' });
    }),
  );
  return recorded;
}

export function refuse(route: EndpointRoute, status: number, msg: string, code = 'TEST'): Recorded {
  return answer(route, null, { status, msg, code });
}

/** GET /v1/acl/me for `role` holding its default permissions (or `permissions`). */
export function myAccess(role: string, permissions?: readonly Permission[]) {
  const held = permissions ?? (DEFAULT_ROLE_PERMISSIONS as Record<string, readonly Permission[]>)[role] ?? [];
  return answer(endpoints.myPermissions, {
    organizationId: ORG_ID,
    role,
    roleName: null,
    permissions: [...held],
  });
}
