import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { portals } from '../modules/organizations/schema';
import { users } from '../modules/users/schema';
import type { App } from '../http/types';
import { call, createTestApp, loginAs } from '../test/test-app';
import { DEMO_PASSWORD, resetDatabase, seedDemoData } from './demo-data';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('reseeds a used database: everything emptied, demo world back, demo logins work', async () => {
  const { db, hasher, clock } = app.services;
  await call(app, { url: '/v1/register', body: { firstName: 'Temp', lastName: 'User', email: 'temp@example.com', password: 'Str0ng!Pass' } });
  await app.services.mailer.idle();
  const [before] = await db.select({ n: count() }).from(users);

  await resetDatabase(db);
  expect(Number((await db.select({ n: count() }).from(outbox))[0].n)).toBe(0);
  await seedDemoData(db, hasher, clock.now());

  const [after] = await db.select({ n: count() }).from(users);
  expect(Number(after.n)).toBe(Number(before.n) - 1);
  expect(Number((await db.select({ n: count() }).from(portals))[0].n)).toBe(7);
  await loginAs(app, 'demo@example.com', DEMO_PASSWORD);
  const temp = await call(app, { url: '/v1/login', body: { email: 'temp@example.com', password: 'Str0ng!Pass' } });
  expect(temp.json.msg).toBe('Invalid email or password');
});
