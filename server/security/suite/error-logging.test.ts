/**
 * A failure inside the server is logged by its class and code only (issue #17, finding 3: the log line of a
 * failed sign-up held the SQL, the new user's email and argon2id hash). Real database errors are provoked with a
 * CHECK constraint the test adds, so the driver's error carries the statement, its parameters and the failing
 * row, exactly as it would in production.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { createLogger } from '../../logging';
import { call, createTestApp } from '../../test/test-app';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: App;
beforeAll(async () => {
  app = await createTestApp({ logger: createLogger('debug', sink) });
});
afterAll(() => app.close());
beforeEach(() => {
  lines.length = 0;
});

type LogLine = { level: number; msg: string; err?: Record<string, unknown> } & Record<string, unknown>;
const logged = () => lines.map((line) => JSON.parse(line) as LogLine);
const failures = () => logged().filter((line) => line.level >= 50);

// What must never reach a log line: SQL, a driver's parameter list or failing row, a stack frame.
const INTERNALS = ['insert into', 'Failed query', 'params:', 'Failing row', '"stack"', '    at ', '$argon2'];

function expectNothingLeaked(secrets: string[]) {
  const text = lines.join('');
  for (const leak of [...INTERNALS, ...secrets])
    expect(text, `the log holds ${JSON.stringify(leak)}`).not.toContain(leak);
}

it('logs a failed sign-up by error class and SQLSTATE, without the statement, the email or the password hash', async () => {
  await app.database.db.execute(
    sql.raw(`ALTER TABLE users ADD CONSTRAINT suite_refuses_users CHECK (email NOT LIKE 'refused-%')`),
  );
  const email = 'refused-signup@example.com';
  const password = 'Str0ng!Pass';
  const response = await call(app, {
    url: '/v1/register',
    body: { firstName: 'Leak', lastName: 'Check', email, password },
  });
  expect(response.statusCode).toBe(500);
  expect(response.json).toEqual({ msg: 'Please try again', code: 'INTERNAL_ERROR' });

  const [failure, ...more] = failures();
  expect(more).toEqual([]);
  expect(failure.msg).toBe('request failed');
  // Enough to find the failure: the error's class, PostgreSQL's code (23514 check_violation) and the route.
  expect(failure.err).toEqual({
    type: 'DrizzleQueryError',
    cause: { type: expect.any(String), errorCode: '23514' },
  });
  expect(failure.route).toBe('POST /v1/register');
  expectNothingLeaked([email, password, 'Leak']);
});

it('logs a failed background mail the same way, without the address or the reset link', async () => {
  await app.database.db.execute(
    sql.raw(
      `ALTER TABLE outbox ADD CONSTRAINT suite_refuses_outbox CHECK (recipient <> 'alice@example.com')`,
    ),
  );
  const response = await call(app, { url: '/v1/forget-password', body: { email: 'alice@example.com' } });
  // The answer never depends on the mail (it is sent after the answer, in the background).
  expect(response.statusCode).toBe(200);
  await app.services.mailer.idle();

  const [failure, ...more] = failures();
  expect(more).toEqual([]);
  expect(failure.msg).toBe('mail delivery failed');
  expect(failure.err).toEqual({
    type: 'DrizzleQueryError',
    cause: { type: expect.any(String), errorCode: '23514' },
  });
  expectNothingLeaked(['alice@example.com', 'http://portal.test/reset-password', 'verificationToken']);
});

it('keeps error messages out of every logger call, whoever logs', () => {
  const error = Object.assign(
    new Error('Failed query: select "email" from users\nparams: someone@example.com'),
    { code: 'E_TEST' },
  );
  error.cause = Object.assign(new Error('duplicate key'), {
    code: '23505',
    detail: 'Key (email)=(someone@example.com) already exists.',
  });
  app.log.error({ err: error }, 'something failed');
  app.log.warn({ error }, 'something else failed');
  const [first, second] = logged();
  expect(first.err).toEqual({
    type: 'Error',
    errorCode: 'E_TEST',
    cause: { type: 'Error', errorCode: '23505' },
  });
  expect(second.error).toEqual({
    type: 'Error',
    errorCode: 'E_TEST',
    cause: { type: 'Error', errorCode: '23505' },
  });
  expectNothingLeaked(['someone@example.com', 'duplicate key']);
});
