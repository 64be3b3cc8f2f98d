import type { Outbox } from './outbox';

/** Delivers text messages; a deployment plugs in its SMS gateway here. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

/** Development provider: the message lands in the outbox, readable at /dev/mailbox. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(private readonly outbox: Outbox) {}

  send(to: string, text: string): Promise<void> {
    return this.outbox.write({ channel: 'sms', to, subject: 'SMS', text });
  }
}
