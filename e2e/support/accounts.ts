import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkTo, uniqueEmail, waitForMail, type MailMessage } from './mailbox';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A password the server accepts (docs/validation-rules.md rules, not on the common-password list) and no other run
 * shares. It ends with a letter: 'Str0ng!' and six digits would read as the common word 'strong' plus digits.
 */
export function uniquePassword(): string {
  return `Str0ng!${Math.random().toString(36).slice(2, 8)}q`;
}

/** A fresh account with a unique address, not yet registered. */
export function newAccount(prefix: string, firstName = 'Robin', lastName = 'Journey'): TestAccount {
  return { email: uniqueEmail(prefix), password: uniquePassword(), firstName, lastName };
}

/**
 * The ids of the messages `to` already holds, so a journey can wait for the next one and never act on an
 * older mail (a stale code or a link that a newer one has replaced).
 */
export async function mailIds(request: APIRequestContext, to: string): Promise<Set<string>> {
  const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as MailMessage[];
  return new Set(messages.map((message) => message.id));
}

/** The first message with `subject` to `to` that is not among `seen`. */
export function waitForNewMail(
  request: APIRequestContext,
  to: string,
  subject: string,
  seen: Set<string> = new Set(),
): Promise<MailMessage> {
  return waitForMail(request, to, (message) => message.subject === subject && !seen.has(message.id));
}

/**
 * A verified account made through the API (sign-up, then the mailed verification link), for journeys
 * about something else than signing up; the sign-up journeys go through the screens instead.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  prefix: string,
): Promise<TestAccount> {
  const account = newAccount(prefix);
  const { email, password, firstName, lastName } = account;
  const registered = await request.post('/v1/register', { data: { firstName, lastName, email, password } });
  expect(registered.ok()).toBe(true);
  const link = new URL(
    linkTo(await waitForNewMail(request, email, 'Verify your email'), '/email-verification'),
  );
  const verified = await request.post('/v1/verify-email', {
    data: {
      token: link.searchParams.get('verificationToken'),
      organizationId: link.searchParams.get('organizationToken'),
    },
  });
  expect(verified.ok()).toBe(true);
  return account;
}

/** A name no other run has taken (organisations are unique by name, case-insensitively). */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs `account` in through the API (no second factor) and returns its access token. */
export async function apiLogin(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post('/v1/login', {
    data: { email: account.email, password: account.password, captcha: 'e2e' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Creates an organisation named `name` owned by the holder of `token`; returns its id. */
export async function apiCreateOrganization(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string> {
  const response = await request.post('/v1/organization', {
    data: { organizationName: name },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { organizationId: string } }).data.organizationId;
}

/** Signs `page` in through the screens as the demo owner (seed data, server/README.md) and enters Acme. */
export async function signInAsDemoOwner(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: /Acme Pty Ltd/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/apps$/);
}
