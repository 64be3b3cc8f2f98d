import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { Endpoint, EndpointResponse } from '../../contract/v1/endpoint';
import type { AccessControl } from '../security/access-control';
import { requestSchema } from './request-schema';
import type { App, Authenticate } from './types';

/** The Fastify route schema an endpoint entry stands for: what the TypeBox type provider reads the types from. */
export interface ContractRouteSchema<E extends Endpoint> {
  body: E['schemas']['body'];
  querystring: E['schemas']['query'];
  params: E['schemas']['params'];
  response: { 200: E['schemas']['response'] };
}

/** The request a handler of that endpoint receives: body, query and params typed from the entry's schemas. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  ContractRouteSchema<E>,
  TypeBoxTypeProvider
>;

/** A handler must answer the entry's 200 envelope: another shape is a type error, not a serialisation surprise. */
export type ContractHandler<E extends Endpoint> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => EndpointResponse<E> | Promise<EndpointResponse<E>>;

/** Registers one endpoint of the contract table (contract/v1/endpoints.ts) on a feature's Fastify instance. */
export type ContractRouter = <E extends Endpoint>(endpoint: E, handler: ContractHandler<E>) => void;

const BEARER = [{ bearerAuth: [] }];

/**
 * The one way a /v1 route is registered: method, path, validation, OpenAPI (tag, description, bearer security),
 * the session check (`authenticate`) and the permission check (the entry's `permission`, against the caller's
 * current role: server/security/access-control.ts), both before the body is even parsed, all come from the
 * endpoint's entry, so the server cannot drift from what the portal calls.
 *
 * @example
 * const route = contractRouter(app, authenticate, access);
 * route(endpoints.user, async (request) => ({ data: { userInfo: await users.profile(request.auth) }, msg }));
 */
export function contractRouter(app: App, authenticate: Authenticate, access?: AccessControl): ContractRouter {
  return (endpoint, handler) => {
    const { body, query, params, response } = endpoint.schemas;
    const needsSession = endpoint.auth === 'session';
    const { permission } = endpoint;
    if (permission && (!needsSession || !access)) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} needs '${permission}': it must be a session endpoint registered with the access control (contractRouter(app, authenticate, access))`,
      );
    }
    const checkPermission =
      permission && access
        ? async (request: FastifyRequest) => {
            await access.require(request.auth, permission);
          }
        : null;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        tags: [endpoint.tag],
        ...(endpoint.description ? { description: endpoint.description } : {}),
        ...(needsSession ? { security: BEARER } : {}),
        ...(permission ? { 'x-permission': permission } : {}),
        // No control characters in any string, no infinite numbers, whatever the endpoint (./request-schema.ts).
        ...(body ? { body: requestSchema(body) } : {}),
        ...(query ? { querystring: requestSchema(query) } : {}),
        ...(params ? { params: requestSchema(params) } : {}),
        response: { 200: response },
      },
      // Account-level calls skip the organisation gate of organisation tokens (server/http/authenticate.ts).
      ...(endpoint.scope || endpoint.ownerOutsideAllowList
        ? { config: { scope: endpoint.scope, ownerOutsideAllowList: endpoint.ownerOutsideAllowList } }
        : {}),
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      // Who is calling is settled first: an anonymous caller learns nothing from validation, and no body is parsed for it.
      ...(needsSession
        ? { onRequest: checkPermission ? [authenticate, checkPermission] : authenticate }
        : {}),
      // The handler's types were checked against this endpoint at the call site; Fastify sees a generic route here.
      handler: handler as unknown as RouteHandlerMethod,
    });
  };
}
