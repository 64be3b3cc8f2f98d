import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../http/types';
import { call, createTestApp } from '../test/test-app';
import { InvalidUserAccount, createUserAccount, type NewUserAccount } from './create-user-account';

// A production install: no demo data, so the account made here is the only one.
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://portal.example.com',
};
const OWNER: NewUserAccount = {
  email: ' Ada@Example.COM ',
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'Engine#1843x',
  organization: 'Analytical Engines',
};

let app: App;
beforeAll(async () => {
  app = await createTestApp({ env: PRODUCTION, seedIfEmpty: false });
});
afterAll(() => app.close());

const create = (input: NewUserAccount) => createUserAccount(app.services, input);

it('creates an owner who logs in at once and owns a personal and a business organisation', async () => {
  await create(OWNER);
  const login = await call(app, {
    url: '/v1/login',
    body: { email: 'ada@example.com', password: OWNER.password, captcha: 'test' },
  });
  expect(login.statusCode).toBe(200);
  const list = await call(app, { url: '/v1/organization-list', token: login.json.data.accessToken });
  expect(list.statusCode).toBe(200);
  const owned = (
    list.json.data.organizationList as { organizationName: string; accountType: string; role: string }[]
  )
    .map(({ organizationName, accountType, role }) => `${organizationName} (${accountType}, ${role})`)
    .sort();
  expect(owned).toEqual(['Ada Lovelace (personal, owner)', 'Analytical Engines (business, owner)']);
  // With no demo data, the product's portals still exist, so the new owner can enter the account portal.
  const token = login.json.data.accessToken;
  const portalList = await call(app, { url: '/v1/portal', token });
  const account = (portalList.json.data.portal as { id: string; key: string }[]).find(
    (p) => p.key === 'kreanoAccount',
  );
  expect(account).toBeDefined();
  const business = (
    list.json.data.organizationList as { organizationId: string; accountType: string }[]
  ).find((o) => o.accountType === 'business')!;
  const access = await call(app, {
    url: '/v1/organization/access',
    token,
    body: { orgId: business.organizationId, portalId: account!.id },
  });
  expect(access.statusCode).toBe(200);
});

it('refuses what sign-up refuses: a weak or common password, a bad email, a taken address', async () => {
  const problems = async (input: NewUserAccount) => {
    const error = await create(input).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(InvalidUserAccount);
    return (error as InvalidUserAccount).problems.map((problem) => problem.field);
  };
  expect(await problems({ ...OWNER, email: 'grace@example.com', password: 'short' })).toEqual(['password']);
  expect(await problems({ ...OWNER, email: 'grace@example.com', password: 'Password@123' })).toEqual([
    'password',
  ]);
  expect(await problems({ ...OWNER, email: 'not-an-email' })).toEqual(['email']);
  expect(await problems(OWNER)).toEqual(['email']);
  // Business names are unique whatever the case, and follow the organisation name rule.
  expect(
    await problems({ ...OWNER, email: 'grace@example.com', organization: 'analytical ENGINES' }),
  ).toEqual(['organization']);
  expect(await problems({ ...OWNER, email: 'grace@example.com', organization: 'A' })).toEqual([
    'organization',
  ]);
  const refused = await call(app, {
    url: '/v1/login',
    body: { email: 'grace@example.com', password: 'short', captcha: 'test' },
  });
  expect(refused.statusCode).toBe(400);
});

it('creates a user without a business organisation when none is named', async () => {
  await create({
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    password: 'Cobol#1959x',
  });
  const login = await call(app, {
    url: '/v1/login',
    body: { email: 'grace@example.com', password: 'Cobol#1959x', captcha: 'test' },
  });
  const list = await call(app, { url: '/v1/organization-list', token: login.json.data.accessToken });
  expect(
    (list.json.data.organizationList as { organizationName: string }[]).map(
      (organization) => organization.organizationName,
    ),
  ).toEqual(['Grace Hopper']);
});
