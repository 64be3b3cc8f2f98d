import type { Outbox } from './outbox';

/**
 * Delivers text messages: the outbox in development, Twilio in production (SMS_PROVIDER, docs/production.md).
 * `send` resolves only once the gateway accepted the message, and throws SmsNotSent otherwise.
 */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

/** The gateway refused the message, failed or did not answer in time: nothing was sent. */
export class SmsNotSent extends Error {
  constructor(
    /** The gateway's error code, for the log (Twilio's `21211` for an invalid number…); null when none. */
    readonly providerCode: number | null,
  ) {
    super(`the text message was not sent${providerCode ? ` (provider code ${providerCode})` : ''}`);
    this.name = 'SmsNotSent';
  }
}

/** Development provider: the message lands in the outbox, readable at /dev/mailbox. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(private readonly outbox: Outbox) {}

  send(to: string, text: string): Promise<void> {
    return this.outbox.write({ channel: 'sms', to, subject: 'SMS', text });
  }
}
