import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageHistoryData } from '../../../contract/v1/charts';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, FakeClock, loginAs } from '../../test/test-app';
import { api, enter } from '../organization-acl/test-helpers';
import { DEMO_APP_CREDENTIAL } from './seed';
import { monthsBefore } from './usage-history-service';

// 09:00 UTC = 20:00 in Sydney (Acme's zone): January 2030 in both.
const clock = new FakeClock(Date.UTC(2030, 0, 15, 9, 0, 0));
let app: App;
let owner: ReturnType<typeof api>;

beforeAll(async () => {
  app = await createTestApp({ clock });
  owner = api(app, await enter(app, 'demo@example.com', DEMO_IDS.acme));
});
afterAll(() => app.close());

const history = async (client = owner) => {
  const answer = await client.get('/v1/usage/history');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json.data as UsageHistoryData;
};

describe('monthsBefore', () => {
  it('steps back over year ends', () => {
    expect(monthsBefore('2030-01', 0)).toBe('2030-01');
    expect(monthsBefore('2030-01', 1)).toBe('2029-12');
    expect(monthsBefore('2030-03', 14)).toBe('2029-01');
  });
});

describe('GET /v1/usage/history', () => {
  it("answers the demo organisation's last 12 months, this one last, split between buckets and pay-as-you-go, with the current bucket", async () => {
    const data = await history();
    expect(data.months.map((m) => m.month)).toEqual([
      '2029-02',
      '2029-03',
      '2029-04',
      '2029-05',
      '2029-06',
      '2029-07',
      '2029-08',
      '2029-09',
      '2029-10',
      '2029-11',
      '2029-12',
      '2030-01',
    ]);
    // The seed: a year of bucket usage, pay-as-you-go in two past months and this one.
    expect(data.months.map((m) => m.fromBucket)).toEqual([
      610, 680, 650, 790, 740, 880, 930, 860, 1_020, 1_150, 1_210, 1_260,
    ]);
    expect(data.months.at(-1)!.payAsYouGo).toBe(120);
    expect(data.months.map((m) => m.payAsYouGo).filter((units) => units > 0)).toEqual([320, 180, 120]);
    expect(data.currentBucket).toEqual({
      unitsBought: 5_000,
      unitsUsed: 1_260,
      periodEnd: expect.any(String),
    });
    expect(new Date(data.currentBucket!.periodEnd).getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it('counts usage an app reports in this month', async () => {
    const before = (await history()).months.at(-1)!;
    const reported = await call(app, {
      url: '/v1/usage',
      body: { eventId: 'chart-usage-1', units: 25 },
      headers: { 'x-app-credential': DEMO_APP_CREDENTIAL.header },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const after = (await history()).months.at(-1)!;
    expect(after.fromBucket + after.payAsYouGo).toBe(before.fromBucket + before.payAsYouGo + 25);
  });

  it('gives an organisation without usage twelve empty months and no bucket', async () => {
    const dave = await loginAs(app, 'dave@example.com');
    const created = await call(app, {
      url: '/v1/organization',
      token: dave.accessToken,
      body: { organizationName: 'Chartless Co' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const other = api(app, await enter(app, 'dave@example.com', created.json.data.organizationId));
    const data = await history(other);
    expect(data.months).toHaveLength(12);
    expect(data.months.every((m) => m.fromBucket === 0 && m.payAsYouGo === 0)).toBe(true);
    expect(data.currentBucket).toBeNull();
  });

  it('needs billing.view in the organisation of the token', async () => {
    const member = api(app, await enter(app, 'bob@example.com', DEMO_IDS.acme));
    const refused = await member.get('/v1/usage/history');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json.code).toBe('PERMISSION_DENIED');
    const personal = api(app, (await loginAs(app, 'demo@example.com')).accessToken);
    expect((await personal.get('/v1/usage/history')).statusCode).toBe(403);
    expect((await call(app, { url: '/v1/usage/history' })).statusCode).toBe(401);
  });
});
