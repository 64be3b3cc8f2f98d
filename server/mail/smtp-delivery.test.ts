import type { App } from '../http/types';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../test/smtp-stand-in';
import { call, createTestApp, mailbox } from '../test/test-app';

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes non-ASCII headers. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** RFC 2045 quoted-printable: soft line breaks and =XX bytes of UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return decodeHeader(line?.slice(name.length + 1).trim() ?? '');
}

/**
 * The decoded text/plain part of a (possibly multipart) message. Parts are split at the message's own boundary
 * lines: a token in the body may hold '--' too (base64url), which must not end the part.
 */
function plainText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary
    ? raw.split(new RegExp(`\\r?\\n--${escapeRegExp(boundary)}(?:--)?(?:\\r?\\n|$)`))
    : [raw];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p));
  if (!part) throw new Error(`no text/plain part in:\n${raw}`);
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!))
    return Buffer.from(content, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) return decodeQuotedPrintable(content);
  return content;
}

let smtp: SmtpStandIn;
let app: App;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kreano <no-reply@kreano.test>' },
  });
});

afterAll(async () => {
  await app?.close();
  await smtp.close();
});

function nextMessageTo(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const check = () => {
      const found = smtp.received.find((m) => m.to.includes(address));
      if (!found) return;
      clearTimeout(timer);
      resolve(found);
    };
    smtp.onMessage = check;
    check();
  });
}

describe('mail over real SMTP (SMTP_URL)', () => {
  it('delivers the verification mail of a French sign-up in French, with a link that verifies the account', async () => {
    const email = 'camille@example.com';
    const registered = await call(app, {
      url: '/v1/register',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
      body: { firstName: 'Camille', lastName: 'Dupont', email, password: 'Str0ng!Pass' },
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json.msg).toBe('Inscription réussie. Consultez vos e-mails pour vérifier votre compte');

    const message = await nextMessageTo(email);
    expect(message.from).toBe('no-reply@kreano.test');
    expect(header(message.raw, 'Subject')).toBe('Vérifiez votre adresse e-mail');
    const text = plainText(message.raw);
    expect(text).toContain('Bonjour Camille,');
    expect(text).toContain('Le lien est valable 24 heures.');

    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    expect(`${link.origin}${link.pathname}`).toBe('http://portal.test/email-verification');
    const verified = await call(app, {
      url: '/v1/verify-email',
      headers: { 'accept-language': 'fr' },
      body: {
        token: link.searchParams.get('verificationToken'),
        organizationId: link.searchParams.get('organizationToken'),
      },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json.msg).toBe('Adresse e-mail vérifiée');

    // Delivered over SMTP, so nothing landed in the development outbox.
    expect(await mailbox(app, email)).toEqual([]);
  });
});
