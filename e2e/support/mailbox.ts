import { expect, type APIRequestContext } from '@playwright/test';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

/**
 * Waits for the newest message to `to` (mail or SMS, from the server's development outbox) that `match` accepts.
 * Journeys read verification links and one-time codes from here, exactly as a person would from their inbox.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  match: (message: MailMessage) => boolean = () => true,
  timeout = 15_000,
): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as MailMessage[] | { data: MailMessage[] };
        const messages = Array.isArray(body) ? body : body.data;
        found = messages.find(match);
        return Boolean(found);
      },
      { timeout, message: `no message to ${to} arrived` },
    )
    .toBe(true);
  return found!;
}

/** The first link of a message that points at `path` on the portal (e.g. '/email-verification'). */
export function linkTo(message: MailMessage, path: string): string {
  const link = message.links.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`"${message.subject}" has no link to ${path}: ${message.links.join(', ')}`);
  return link;
}

/** The 6-digit one-time code in a message. */
export function codeIn(message: MailMessage): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match) throw new Error(`"${message.subject}" holds no 6-digit code`);
  return match[1]!;
}

/** A unique address per test run, so journeys never collide with seed data or each other. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
