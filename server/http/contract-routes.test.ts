import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../contract/v1/constants';
import { endpointPath, type Endpoint } from '../../contract/v1/endpoint';
import { endpoints } from '../../contract/v1/endpoints';
import { call, createTestApp } from '../test/test-app';
import { INFRASTRUCTURE_PATHS, refuseOffContractRoutes } from './contract-guard';
import { contractRouter } from './contract-route';
import type { App } from './types';

const table: Endpoint[] = Object.values(endpoints);
const key = (method: string, path: string) => `${method} ${path}`;

/**
 * Every method and path the instance serves, read back from Fastify's own route tree (printRoutes), so a route
 * registered by any means, not only through the contract router, shows up here.
 */
function servedRoutes(app: App): string[] {
  const served: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    segments.length = depth;
    segments.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) served.push(key(method, segments.join('')));
  }
  return served;
}

const isInfrastructure = (path: string) =>
  path === INFRASTRUCTURE_PATHS.openApi ||
  path === INFRASTRUCTURE_PATHS.health ||
  path === INFRASTRUCTURE_PATHS.cspReport ||
  path === INFRASTRUCTURE_PATHS.stripeWebhook ||
  path === INFRASTRUCTURE_PATHS.docs ||
  path.startsWith(`${INFRASTRUCTURE_PATHS.docs}/`);

const samplePath = (endpoint: Endpoint) =>
  endpointPath(
    endpoint,
    Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, 'x'])),
  );

describe('the server serves the endpoint table, nothing more and nothing less', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('registers every entry of contract/v1/endpoints.ts, and under /v1 only those besides docs, health and CSP reports', () => {
    const served = servedRoutes(app).filter((route) => !route.startsWith('HEAD '));
    const underApi = served.filter((route) => route.split(' ')[1].startsWith(`${API_PREFIX}/`));
    const offTable = underApi.filter((route) => !isInfrastructure(route.split(' ')[1]));
    expect(offTable.sort()).toEqual(table.map((e) => key(e.method, e.path)).sort());
    // The infrastructure that is served is only the documentation and the probes, and it is there.
    expect(underApi.filter((route) => isInfrastructure(route.split(' ')[1]))).toEqual(
      expect.arrayContaining([
        key('GET', INFRASTRUCTURE_PATHS.openApi),
        key('GET', INFRASTRUCTURE_PATHS.health),
        key('POST', INFRASTRUCTURE_PATHS.cspReport),
      ]),
    );
    // The same from the other side: Fastify finds each entry by method and path.
    for (const e of table)
      expect(app.hasRoute({ method: e.method, url: e.path }), key(e.method, e.path)).toBe(true);
  });

  it("asks for a session exactly where the entry says `auth: 'session'`", async () => {
    for (const e of table) {
      const response = await call(app, {
        method: e.method,
        url: samplePath(e),
        body: e.method === 'GET' ? undefined : {},
      });
      const label = `${key(e.method, e.path)} (${e.auth})`;
      if (e.auth === 'session')
        expect(response.json, label).toEqual({ msg: expect.any(String), code: 'TOKEN_MISSING' });
      else expect(response.json?.code, label).not.toBe('TOKEN_MISSING');
    }
  });

  it('documents each entry under its tag, with bearer security for session endpoints', async () => {
    const { json } = await call(app, { url: INFRASTRUCTURE_PATHS.openApi });
    for (const e of table) {
      const operation = json.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(operation, key(e.method, e.path)).toBeDefined();
      expect(operation.tags).toEqual([e.tag]);
      expect(operation.security).toEqual(e.auth === 'session' ? [{ bearerAuth: [] }] : undefined);
      if (e.description) expect(operation.description).toBe(e.description);
    }
  });
});

describe('an off-contract /v1 route', () => {
  const bare = () => Fastify().withTypeProvider<TypeBoxTypeProvider>();

  it('is refused when registered, naming the route; other paths and table entries are not', async () => {
    const app = bare();
    refuseOffContractRoutes(app);
    expect(() => app.get(`${API_PREFIX}/extra`, async () => ({}))).toThrow(
      `GET ${API_PREFIX}/extra is not in the /v1 endpoint table`,
    );
    expect(() => app.post(endpoints.user.path, async () => ({}))).toThrow(
      `POST ${endpoints.user.path} is not in the /v1 endpoint table`,
    );
    expect(() => app.get('/dev/anything', async () => ({}))).not.toThrow();
    expect(() => app.get(endpoints.user.path, async () => ({}))).not.toThrow();
    await app.close();
  });
});

describe('a handler registered from an entry', () => {
  it('is typed by the entry: request parts and the 200 envelope', async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    const route = contractRouter(app, async () => undefined);
    route(endpoints.login, async (request) => {
      const email: string = request.body.email;
      // @ts-expect-error the login body has no such field
      void request.body.organizationId;
      throw new Error(`not called: ${email}`);
    });
    // @ts-expect-error the user endpoint answers { userInfo }, not a list
    route(endpoints.user, async () => ({ data: [], msg: 'ok' }));
    // @ts-expect-error every answer carries msg
    route(endpoints.logout, async () => ({ data: null }));
    route(endpoints.resendEmail, async () => ({ data: null, msg: 'sent' }));
    // The checks above are tsc's (npm run typecheck); here, only that the routes were declared from their entries.
    expect(app.hasRoute({ method: 'POST', url: endpoints.login.path })).toBe(true);
    expect(app.hasRoute({ method: 'POST', url: endpoints.resendEmail.path })).toBe(true);
  });
});
