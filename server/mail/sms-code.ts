import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../http/errors';
import type { MessageKey } from '../i18n/message';
import type { OneTimeCodes } from '../security/one-time-codes';
import { SmsNotSent, type SmsProvider } from './sms';

const SMS_NOT_SENT = 'sms.notSent' satisfies MessageKey;

/**
 * Texts a code just issued for `purpose`. When the gateway does not accept it, the code is withdrawn (it never
 * counted as sent: no resend wait, not usable) and the caller answers 502 SMS_NOT_SENT 'We could not send the text
 * message. Try again, or choose another method'; the gateway's error code goes to the log, the number does not.
 */
export async function textCode(
  s: { sms: SmsProvider; codes: OneTimeCodes },
  log: FastifyBaseLogger,
  code: { userId: string; purpose: string },
  to: string,
  text: string,
): Promise<void> {
  try {
    await s.sms.send(to, text);
  } catch (error) {
    if (!(error instanceof SmsNotSent)) throw error;
    await s.codes.withdraw(code.userId, code.purpose);
    log.warn({ providerCode: error.providerCode }, 'text message not sent');
    throw new HttpError(502, SMS_NOT_SENT, 'SMS_NOT_SENT');
  }
}
