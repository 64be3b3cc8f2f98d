import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, loginAs } from '../../test/test-app';
import { ipAllowLists } from './schema';

let app: App;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  // A real socket: the allow-list must see the address a TCP connection comes from, not a header.
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

interface Answer {
  status: number;
  json: { data?: any; msg: string; code?: string; errors?: { field: string; msg: string }[] };
}

/** A real HTTP request to the listening app, sent from `from` (127.0.0.1 or 127.0.0.2: both loopback on Linux). */
function send(
  from: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function enterAcme(email: string, from = '127.0.0.1'): Promise<{ login: string; org: string }> {
  const login = await loginAs(app, email);
  const access = await send(from, 'POST', '/v1/organization/access', login.accessToken, {
    portalId: 'kreanoAccount',
    orgId: DEMO_IDS.acme,
  });
  expect(access.status, JSON.stringify(access.json)).toBe(200);
  return { login: login.accessToken, org: access.json.data.accessToken };
}

const saveList = (from: string, token: string, ranges: string[]) =>
  send(from, 'PATCH', '/v1/ip', token, { ranges });

describe('GET /v1/detect-ip', () => {
  it("answers the address the caller's connection comes from", async () => {
    const { org } = await enterAcme('bob@example.com');
    expect((await send('127.0.0.2', 'GET', '/v1/detect-ip', org)).json.data).toEqual({ ip: '127.0.0.2' });
    expect((await send('127.0.0.1', 'GET', '/v1/detect-ip', org)).json.data).toEqual({ ip: '127.0.0.1' });
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const { org } = await enterAcme('bob@example.com');
    const answer = await send('127.0.0.2', 'GET', '/v1/detect-ip', org, undefined, {
      'x-forwarded-for': '127.0.0.1',
    });
    expect(answer.json.data).toEqual({ ip: '127.0.0.2' });
  });
});

describe('GET/PATCH /v1/ip', () => {
  it('saves normalised IPv4 and IPv6 ranges and records the change', async () => {
    const { org } = await enterAcme('demo@example.com');
    const empty = await send('127.0.0.1', 'GET', '/v1/ip', org);
    expect(empty.json.data).toEqual({ ranges: [], callerIp: '127.0.0.1' });
    const saved = await saveList('127.0.0.1', org, [
      ' 127.0.0.1/8 ',
      '2001:DB8::1/32',
      '203.0.113.7',
      '127.0.0.0/8',
      '::1',
    ]);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({
      msg: 'IP allow-list saved',
      data: { ranges: ['127.0.0.0/8', '2001:db8::/32', '203.0.113.7/32', '::1/128'] },
    });
    expect((await send('127.0.0.1', 'GET', '/v1/ip', org)).json.data.ranges).toEqual([
      '127.0.0.0/8',
      '2001:db8::/32',
      '203.0.113.7/32',
      '::1/128',
    ]);
    const [audit] = await app.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.eventType, 'ip-allow-list.updated'));
    expect(audit).toMatchObject({ organizationId: DEMO_IDS.acme });
    expect(audit.details).toEqual({
      before: [],
      after: ['127.0.0.0/8', '2001:db8::/32', '203.0.113.7/32', '::1/128'],
    });
    expect((await saveList('127.0.0.1', org, [])).json.data.ranges).toEqual([]);
  });

  it('refuses entries that are not addresses or ranges, naming each, and stores nothing', async () => {
    const { org } = await enterAcme('demo@example.com');
    const answer = await saveList('127.0.0.1', org, [
      '127.0.0.1',
      '10.0.0.0/33',
      'example.com',
      '10.1',
      '2001:db8::/129',
    ]);
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([
      { field: 'ranges.1', msg: '10.0.0.0/33 is not a valid IP address or CIDR range' },
      { field: 'ranges.2', msg: 'example.com is not a valid IP address or CIDR range' },
      { field: 'ranges.3', msg: '10.1 is not a valid IP address or CIDR range' },
      { field: 'ranges.4', msg: '2001:db8::/129 is not a valid IP address or CIDR range' },
    ]);
    expect(
      await app.database.db.select().from(ipAllowLists).where(eq(ipAllowLists.organizationId, DEMO_IDS.acme)),
    ).toEqual([expect.objectContaining({ ranges: [] })]);
    const tooMany = await saveList(
      '127.0.0.1',
      org,
      Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.msg).toBe('The IP allow-list can hold at most 100 ranges');
    const notAList = await send('127.0.0.1', 'PATCH', '/v1/ip', org, { ranges: 'x' });
    expect(notAList.status).toBe(400);
  });

  it("refuses a list that excludes the saver's own address (no self-lockout)", async () => {
    const { org } = await enterAcme('demo@example.com');
    const answer = await saveList('127.0.0.2', org, ['127.0.0.1/32', '10.0.0.0/8']);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'IP_SELF_LOCKOUT',
      msg: 'This list does not include your current IP address (127.0.0.2). Add it to keep your access',
    });
  });

  it('needs settings.manage: a plain member can neither read nor change the list', async () => {
    const { org } = await enterAcme('bob@example.com');
    expect((await send('127.0.0.1', 'GET', '/v1/ip', org)).status).toBe(403);
    const change = await saveList('127.0.0.1', org, ['127.0.0.1']);
    expect(change.status).toBe(403);
    expect(change.json.code).toBe('PERMISSION_DENIED');
  });
});

describe('the allow-list in force', () => {
  afterAll(async () => {
    await app.database.db.delete(ipAllowLists).where(eq(ipAllowLists.organizationId, DEMO_IDS.acme));
  });

  it('refuses a request from 127.0.0.2 while allowing 127.0.0.1 (same token)', async () => {
    const owner = await enterAcme('demo@example.com');
    const member = await enterAcme('bob@example.com');
    expect((await send('127.0.0.2', 'GET', '/v1/apps', member.org)).status).toBe(200);

    expect((await saveList('127.0.0.1', owner.org, ['127.0.0.1/32'])).status).toBe(200);

    const refused = await send('127.0.0.2', 'GET', '/v1/apps', member.org);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'IP_NOT_ALLOWED',
      msg: 'Access from your IP address (127.0.0.2) is not allowed for this organisation. Contact the account owner or admin',
    });
    expect((await send('127.0.0.1', 'GET', '/v1/apps', member.org)).status).toBe(200);
    // Permissioned calls too, and the owner is no exception.
    expect((await send('127.0.0.2', 'GET', '/v1/organization/member', owner.org)).status).toBe(403);
    expect((await send('127.0.0.1', 'GET', '/v1/organization/member', owner.org)).status).toBe(200);
    // In French too.
    const french = await send('127.0.0.2', 'GET', '/v1/apps', member.org, undefined, {
      'accept-language': 'fr',
    });
    expect(french.json.msg).toContain("L'accès depuis votre adresse IP (127.0.0.2) n'est pas autorisé");
  });

  it('issues no organisation token to an address outside the list', async () => {
    const login = await loginAs(app, 'bob@example.com');
    const outside = await send('127.0.0.2', 'POST', '/v1/organization/access', login.accessToken, {
      portalId: 'kreanoAccount',
      orgId: DEMO_IDS.acme,
    });
    expect(outside.status).toBe(403);
    expect(outside.json.code).toBe('IP_NOT_ALLOWED');
    const inside = await send('127.0.0.1', 'POST', '/v1/organization/access', login.accessToken, {
      portalId: 'kreanoAccount',
      orgId: DEMO_IDS.acme,
    });
    expect(inside.status).toBe(200);
  });

  it('leaves calls about the person working, so a refused member can switch organisation or log out', async () => {
    const member = await enterAcme('bob@example.com');
    expect((await send('127.0.0.2', 'GET', '/v1/organization-list', member.org)).status).toBe(200);
    expect((await send('127.0.0.2', 'GET', '/v1/user', member.org)).status).toBe(200);
    expect((await send('127.0.0.2', 'GET', '/v1/detect-ip', member.org)).json.data.ip).toBe('127.0.0.2');
  });

  it("keeps each organisation's list its own (IDOR): Acme's list does not touch Globex", async () => {
    const [globex] = await app.database.db
      .select()
      .from(ipAllowLists)
      .where(eq(ipAllowLists.organizationId, DEMO_IDS.globex));
    expect(globex).toBeUndefined();
    // No organisation id is taken from the request: naming another one is an unknown field.
    const owner = await enterAcme('demo@example.com');
    const named = await send('127.0.0.1', 'PATCH', '/v1/ip', owner.org, {
      ranges: ['127.0.0.1'],
      orgId: DEMO_IDS.globex,
    });
    expect(named.status).toBe(400);
    expect(named.json.errors).toContainEqual({ field: 'orgId', msg: 'Unknown field: orgId' });
  });
});

describe('TRUST_PROXY', () => {
  let proxied: App;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => proxied.close());

  it('takes the client address from X-Forwarded-For only when the trusted proxy sends it', async () => {
    const login = await loginAs(proxied, 'bob@example.com');
    const viaProxy = await call(proxied, {
      url: '/v1/detect-ip',
      token: login.accessToken,
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaProxy.json.data).toEqual({ ip: '203.0.113.9' });
    const spoofed = await call(proxied, {
      url: '/v1/detect-ip',
      token: login.accessToken,
      ip: '198.51.100.4',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.json.data).toEqual({ ip: '198.51.100.4' });
  });
});

/** #33 finding 7: an admin cannot lock the owner out, and the owner can always correct the list. */
describe("the owner's access", () => {
  afterAll(async () => {
    await app.database.db.delete(ipAllowLists).where(eq(ipAllowLists.organizationId, DEMO_IDS.acme));
  });

  it("refuses an admin's list that excludes where the owner last signed in; the owner may save it", async () => {
    // The owner signs in from 127.0.0.1 (loginAs); the admin works from 127.0.0.2.
    const owner = await enterAcme('demo@example.com');
    const admin = await enterAcme('alice@example.com', '127.0.0.2');
    const refused = await saveList('127.0.0.2', admin.org, ['127.0.0.2/32']);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'IP_EXCLUDES_OWNER',
      msg: "This list does not include the address the organisation's owner last signed in from (127.0.0.1). Add it, or ask the owner to save the list",
    });
    expect(await app.database.db.select().from(ipAllowLists).where(eq(ipAllowLists.organizationId, DEMO_IDS.acme))).toEqual(
      [],
    );
    expect((await saveList('127.0.0.2', admin.org, ['127.0.0.0/30'])).status).toBe(200);
    // The owner's own choice stands, even one their last sign-in is outside of.
    expect((await saveList('127.0.0.2', owner.org, ['127.0.0.2/32'])).status).toBe(200);
  });

  it('lets the owner in from outside the list to its own settings only, and correct it', async () => {
    expect((await saveList('127.0.0.1', (await enterAcme('demo@example.com')).org, ['127.0.0.1/32'])).status).toBe(200);
    // From outside: the admin gets no token; the owner does, and it reaches the list and nothing else.
    const adminLogin = await loginAs(app, 'alice@example.com');
    const adminEntry = await send('127.0.0.2', 'POST', '/v1/organization/access', adminLogin.accessToken, {
      portalId: 'kreanoAccount',
      orgId: DEMO_IDS.acme,
    });
    expect(adminEntry.json.code).toBe('IP_NOT_ALLOWED');
    const owner = await enterAcme('demo@example.com', '127.0.0.2');
    expect((await send('127.0.0.2', 'GET', '/v1/apps', owner.org)).json.code).toBe('IP_NOT_ALLOWED');
    expect((await send('127.0.0.2', 'GET', '/v1/organization/member', owner.org)).json.code).toBe('IP_NOT_ALLOWED');
    expect((await send('127.0.0.2', 'GET', '/v1/ip', owner.org)).json.data.ranges).toEqual(['127.0.0.1/32']);
    expect((await saveList('127.0.0.2', owner.org, ['127.0.0.0/30'])).status).toBe(200);
    expect((await send('127.0.0.2', 'GET', '/v1/apps', owner.org)).status).toBe(200);
  });
});
