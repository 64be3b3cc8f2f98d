import nodemailer, { type Transporter } from 'nodemailer';
import { summariseError } from '../error-summary';
import type { Outbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Logger {
  error(object: unknown, message?: string): void;
}

/**
 * Sends through nodemailer: real SMTP when SMTP_URL is set, otherwise nodemailer renders the message and it is
 * stored in the outbox for the dev mailbox.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly outbox: Outbox,
    private readonly from: string,
    private readonly smtpUrl: string | null,
    private readonly log: Logger,
  ) {
    this.transport = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
    if (!this.smtpUrl) await this.outbox.write({ channel: 'email', ...message });
  }

  /**
   * Sends without making the caller wait: answers that must not reveal whether an account exists
   * (forgot-password, resend-email, register) take the same time whether or not a mail goes out.
   */
  sendLater(message: MailMessage): void {
    this.later(() => this.send(message), message.subject);
  }

  /** Runs mail-producing work (token creation + send) after the answer, tracked like sendLater. */
  later(work: () => Promise<void>, label: string): void {
    // Begun once the answer is on its way: the embedded database runs on this thread, so work started now would
    // delay the answer, and that delay would tell that the account exists (server/security/suite/enumeration.test.ts).
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      // Class and code only: a failed insert's message holds the whole mail, links and tokens included.
      .catch((error: unknown) =>
        this.log.error({ err: summariseError(error), job: label }, 'mail delivery failed'),
      )
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves when every background send has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.transport.close();
  }
}
