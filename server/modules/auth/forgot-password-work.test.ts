import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../http/types';
import { startSmtpStandIn, type SmtpStandIn } from '../../test/smtp-stand-in';
import { call, createTestApp } from '../../test/test-app';

/**
 * #33 finding 10: forgot-password for an address with an account and one without leaves the same database work
 * behind (on the embedded database that work runs on the server's thread, where a difference times who has an
 * account). Counted, not timed: every database statement the request and its deferred work start. Mail goes to a
 * local SMTP server, as in production.
 */
let smtp: SmtpStandIn;
let app: App;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  app = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** The statements (by kind) a forgot-password for `email` starts, its deferred work included. */
async function statementsFor(email: string, ip: string): Promise<Record<string, number>> {
  const db = app.database.db;
  const kinds = ['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const;
  const spies = kinds.map((kind) => [kind, vi.spyOn(db, kind)] as const);
  try {
    const answer = await call(app, { url: '/v1/forget-password', body: { email }, ip });
    expect(answer.statusCode).toBe(200);
    await app.services.mailer.idle();
    return Object.fromEntries(spies.map(([kind, spy]) => [kind, spy.mock.calls.length]));
  } finally {
    spies.forEach(([, spy]) => spy.mockRestore());
  }
}

describe('forgot-password', () => {
  it('starts the same database statements for an existing and an unknown address; only the first gets mail', async () => {
    const known = await statementsFor('bob@example.com', '10.90.0.1');
    expect(smtp.received).toHaveLength(1);
    const unknown = await statementsFor('nobody-here@example.com', '10.90.0.2');
    expect(smtp.received).toHaveLength(1);
    expect(unknown).toEqual(known);
    // The count sees the work: the throttle's slot, the token statement and the audit entry at least.
    expect(Object.values(known).reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(3);
  });
});
