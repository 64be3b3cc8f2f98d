import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';
import { newId } from '../security/random';

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  createdAt: string;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** URLs in a message, so end-to-end tests can follow a mail link without parsing HTML. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])].map((url) => url.replace(/[.,;)]+$/, ''));
}

/** Where mail and SMS go when no real provider is configured: a table the dev mailbox reads. */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async write(message: {
    channel: 'email' | 'sms';
    to: string;
    subject: string;
    text: string;
    html?: string | null;
  }) {
    await this.db.insert(outbox).values({
      id: newId(),
      channel: message.channel,
      to: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      createdAt: this.clock.now(),
    });
  }

  /** Newest first. */
  async list(options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(outbox)
      .where(options.to ? and(eq(outbox.to, options.to.toLowerCase())) : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.seq))
      .limit(options.limit ?? 200);
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      links: extractLinks(row.text),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async clear(): Promise<void> {
    await this.db.delete(outbox);
  }
}
