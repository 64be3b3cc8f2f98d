import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { SmsNotSent, type SmsProvider } from './sms';

/** TWILIO_* settings (docs/production.md, "Twilio"). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio phone number (E.164) or a Messaging Service id (`MG…`). */
  from: string;
  /** Another address for Twilio's REST API (an egress proxy; the tests' stand-in); null = api.twilio.com. */
  apiBaseUrl: string | null;
  /** How long one send may take before it counts as not sent. */
  timeoutMs?: number;
}

const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio's own HTTP client with a time limit, sending to another base address when one is set: the SDK's seam for
 * its transport (`httpClient`).
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_API, this.baseUrl) });
  }
}

/**
 * Text messages through Twilio's Messages API, with its official SDK. A message counts as sent only when Twilio
 * accepted it (queued); any refusal, error or timeout throws SmsNotSent, with Twilio's error code for the log.
 */
export class TwilioSmsProvider implements SmsProvider {
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioSettings) {
    const baseUrl = settings.apiBaseUrl?.replace(/\/+$/, '') ?? TWILIO_API;
    this.client = twilio(settings.accountSid, settings.authToken, {
      httpClient: new RebasedRequestClient(baseUrl, settings.timeoutMs ?? 10_000),
    });
  }

  async send(to: string, text: string): Promise<void> {
    const sender = this.settings.from.startsWith('MG')
      ? { messagingServiceSid: this.settings.from }
      : { from: this.settings.from };
    try {
      const message = await this.client.messages.create({ to, body: text, ...sender });
      if (message.status === 'failed' || message.status === 'undelivered')
        throw new SmsNotSent(message.errorCode);
    } catch (error) {
      if (error instanceof SmsNotSent) throw error;
      throw new SmsNotSent((error as { code?: number }).code ?? null);
    }
  }
}
