import type { Static, TSchema } from 'typebox';
import type { Permission } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: `public` needs nothing, `session` needs a bearer access token (the server's
 * `authenticate` hook runs before anything else), `refresh` presents the refresh-token header instead.
 */
export type EndpointAuth = 'public' | 'session' | 'refresh';

/** The schemas of one endpoint. `response` is the whole `{ data, msg }` envelope of a 200. */
export interface EndpointSchemas {
  body?: TSchema;
  query?: TSchema;
  params?: TSchema;
  response: TSchema;
}

/** What the browser keeps of an endpoint (the build strips the schemas: see tooling/vite-contract-endpoints.ts). */
export interface EndpointRoute {
  readonly method: HttpMethod;
  /** Fastify-style path, `:name` for a path parameter: `/v1/user-organization/:orgId/invitation/:invitationId`. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /**
   * Organisation-scoped endpoints only (`auth: 'session'`): the permission the caller's current role in the
   * organisation of their access token must hold. The server checks it on every request from the membership as it
   * is now, so a removed or demoted member loses the access at once (docs/access-control.md). The portal may read it
   * to hide what the user cannot do; hiding is never the protection.
   */
  readonly permission?: Permission;
  /**
   * Session endpoints only. Every session endpoint called with an organisation token is organisation-scoped: the
   * caller must still be a member and, when the organisation keeps an IP allow-list, call from inside it
   * (server/security/organization-gate.ts, docs/access-control.md). `'account'` marks the calls about the signed-in
   * person instead (profile, security, the organisation list and switch, logout): they keep working whatever the
   * organisation of the token says, so a removed or refused member can still switch organisation or log out.
   */
  readonly scope?: 'account';
  /**
   * The organisation's owner may call it from outside the IP allow-list (the gate checks everything else): the
   * owner's way back in when the list shuts them out (docs/access-control.md, "IP allow-list").
   */
  readonly ownerOutsideAllowList?: true;
  /**
   * Bytes this endpoint's body may hold, when it must differ from the server's usual limit (1 MiB): a logo upload
   * carries its file in base64. Anything over it answers 413 before validation.
   */
  readonly bodyLimit?: number;
}

/** One `/v1` call: how it is reached, who may call it, and its schemas (validation, OpenAPI and types). */
export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> extends EndpointRoute {
  /** OpenAPI grouping. */
  readonly tag: string;
  readonly description?: string;
  /** Server-only: absent in the browser build, present for types. */
  readonly schemas: S;
}

/**
 * Declares an endpoint once for both sides.
 * @example
 * export const login = endpoint({ method: 'POST', path: '/v1/login', auth: 'public', tag: 'Authentication' },
 *   { body: LoginBody, response: LoginResponse });
 */
export function endpoint<const S extends EndpointSchemas>(
  route: EndpointRoute & { tag: string; description?: string },
  schemas: S,
): Endpoint<S> {
  return { ...route, schemas };
}

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

/** The JSON body an endpoint takes (`undefined` when it takes none). */
export type EndpointBody<E extends Endpoint> = StaticOr<E['schemas']['body'], undefined>;
/** The query string an endpoint takes. */
export type EndpointQuery<E extends Endpoint> = StaticOr<E['schemas']['query'], undefined>;
/** The path parameters an endpoint takes. */
export type EndpointParams<E extends Endpoint> = StaticOr<E['schemas']['params'], undefined>;
/** The whole 200 envelope `{ data, msg }`. */
export type EndpointResponse<E extends Endpoint> = Static<E['schemas']['response']>;
/** The `data` of a 200. */
export type EndpointData<E extends Endpoint> = EndpointResponse<E> extends { data: infer D } ? D : never;

type Part<K extends string, T> = [T] extends [undefined] ? unknown : { [P in K]: T };

/** What a caller passes: only the parts the endpoint has, each typed from its schema. */
export type EndpointInput<E extends Endpoint> = Part<'body', EndpointBody<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'params', EndpointParams<E>>;

/** True when a caller must pass something. */
export type EndpointNeedsInput<E extends Endpoint> = [EndpointBody<E>, EndpointQuery<E>, EndpointParams<E>] extends [
  undefined,
  undefined,
  undefined,
]
  ? false
  : true;

/** Builds the concrete path: `/v1/user-organization/a%20b/invitation/x` from `:orgId`, `:invitationId`. */
export function endpointPath(route: EndpointRoute, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${route.method} ${route.path}`);
    return encodeURIComponent(String(value));
  });
}
