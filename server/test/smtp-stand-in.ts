import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: envelope and raw RFC 5322 source. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server for tests, where the app's SMTP_URL points: it keeps every message it is handed. */
export interface SmtpStandIn {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Called after each message is kept (a test waiting for one sets it). */
  onMessage: () => void;
  close(): Promise<void>;
}

/** Plain SMTP on loopback: no certificate to make, and nodemailer sends without STARTTLS when none is offered. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const standIn: SmtpStandIn = {
    url: '',
    received: [],
    onMessage: () => undefined,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        standIn.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        standIn.onMessage();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return standIn;
}
