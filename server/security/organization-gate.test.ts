/**
 * The organisation gate on live tokens (issue #33, finding 11): disabling an organisation stopped new entries but
 * not the tokens already issued, which kept listing members, reading bills and inviting for up to 15 minutes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { organizations } from '../modules/organizations/schema';
import { DEMO_IDS } from '../seed/demo-data';
import { call, createTestApp } from '../test/test-app';
import { organizationToken } from './suite/suite-app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const setEnabled = (enabled: boolean) =>
  app.database.db.update(organizations).set({ enabled }).where(eq(organizations.id, DEMO_IDS.acme));

describe('a disabled organisation', () => {
  it("refuses its members' unexpired tokens at their next request, and lets them in again once enabled", async () => {
    const token = await organizationToken(app, 'alice@example.com', DEMO_IDS.acme);
    const calls = [
      { url: '/v1/organization/member' },
      { url: '/v1/bill' },
      { url: '/v1/organization/member', body: { email: 'gate-check@example.com', role: 'member' } },
    ];
    expect((await call(app, { ...calls[0], token })).statusCode).toBe(200);

    await setEnabled(false);
    try {
      for (const request of calls) {
        const response = await call(app, { ...request, token });
        expect(response.statusCode, `${request.url}: ${response.body}`).toBe(403);
        expect(response.json).toMatchObject({ code: 'ORGANIZATION_DISABLED', msg: 'Account is disabled. Please contact admin' });
      }
    } finally {
      await setEnabled(true);
    }
    expect((await call(app, { ...calls[0], token })).statusCode).toBe(200);
  });
});
