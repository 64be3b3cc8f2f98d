import { createMailTemplates, createSmsTemplates, type MailBrand, type MailTemplates } from './templates';
import type { MailMessage } from './mailer';
import { serverI18n } from '../i18n/server-i18n';
import { deploymentLookOf } from '../web/deployment-look';

const mail = createMailTemplates(serverI18n());
const sms = createSmsTemplates(serverI18n());
const link = 'https://portal.test/email-verification?verificationToken=abc&organizationToken=';

describe('mail templates', () => {
  it('writes the verification mail in English by default, signed by the product', () => {
    const message = mail.verifyEmail('jo@example.com', 'Jo', link);
    expect(message.subject).toBe('Verify your email');
    expect(message.text).toBe(
      `Hello Jo,\n\nPlease confirm your email address to finish creating your account. The link is valid for 24 hours.\n\nVerify email: ${link}\n\nThe Kreano team`,
    );
    expect(message.html).toContain('<html lang="en">');
  });

  it('writes the verification mail in French', () => {
    const message = mail.verifyEmail('jo@example.com', 'Jo', link, 'fr');
    expect(message.subject).toBe('Vérifiez votre adresse e-mail');
    expect(message.text).toContain('Bonjour Jo,');
    expect(message.text).toContain(`Vérifier mon adresse e-mail: ${link}`);
    expect(message.html).toContain('<html lang="fr">');
    expect(message.html).toContain('Le lien est valable 24 heures.');
  });

  it('writes the verification mail in Arabic, laid out right to left', () => {
    const message = mail.verifyEmail('jo@example.com', 'Jo', link, 'ar');
    expect(message.subject).toBe('تحقق من بريدك الإلكتروني');
    expect(message.text).toContain('مرحبًا Jo،');
    expect(message.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('translates every other mail and the SMS code', () => {
    expect(mail.resetPassword('a@b.c', 'Jo', 'https://x/reset', 'fr').subject).toBe(
      'Réinitialisez votre mot de passe',
    );
    expect(mail.alreadyRegistered('a@b.c', 'Jo', 'https://x/login', 'https://x/forgot', 'fr').text).toContain(
      'Réinitialiser votre mot de passe : https://x/forgot',
    );
    const invitation = mail.invitation('a@b.c', 'Acme', 'Alice Smith', 'https://x/invite', 'fr');
    expect(invitation.subject).toBe('Vous êtes invité à rejoindre Acme');
    expect(invitation.text).toContain('Alice Smith vous invite à rejoindre Acme.');
    expect(mail.loginCode('a@b.c', 'Jo', '123456', 'fr').text).toContain(
      'Votre code de vérification est 123456.',
    );
    expect(sms.loginCode('123456', 'fr')).toBe(
      'Votre code de vérification est 123456. Il expire dans 10 minutes.',
    );
    expect(sms.loginCode('123456')).toBe('Your verification code is 123456. It expires in 10 minutes.');
  });

  it('escapes names in the HTML part', () => {
    const message = mail.invitation('a@b.c', '<Acme & Co>', '"Eve"', 'https://x/invite?a=1&b=2', 'fr');
    expect(message.html).toContain('&lt;Acme &amp; Co&gt;');
    expect(message.html).toContain('&quot;Eve&quot;');
    expect(message.html).not.toContain('<Acme');
  });
});

describe('mail in the deployment look', () => {
  const acme = deploymentLookOf({
    brandName: 'Acme Docs',
    logoUrl: 'https://cdn.acme.test/logo.png',
    theme: { preset: 'ocean' },
  });
  const product = deploymentLookOf({ brandName: 'Kreano', theme: { preset: 'default' } });
  const org: MailBrand = { name: 'Globex', logoUrl: 'https://x/logo/globex', primaryColor: '#f5a623' };

  /** Every mail template with sample arguments, so a new template is rendered here by adding one line. */
  const everyMail = (templates: MailTemplates): [string, MailMessage][] => [
    ['verifyEmail', templates.verifyEmail('a@b.c', 'Jo', 'https://x/verify')],
    ['alreadyRegistered', templates.alreadyRegistered('a@b.c', 'Jo', 'https://x/login', 'https://x/forgot')],
    ['resetPassword', templates.resetPassword('a@b.c', 'Jo', 'https://x/reset')],
    ['invitation', templates.invitation('a@b.c', 'Globex', 'Alice', 'https://x/invite')],
    ['emailChangeConfirm', templates.emailChangeConfirm('a@b.c', 'Jo', 'https://x/confirm', 30)],
    ['emailChanged', templates.emailChanged('a@b.c', 'Jo', 'new@b.c', 'https://x/undo', 7)],
    ['emailChangeTaken', templates.emailChangeTaken('a@b.c', 'Jo', 'https://x/login')],
    [
      'membersDigest',
      templates.membersDigest(
        'a@b.c',
        'Jo',
        { organizationName: 'Globex', members: 3, pending: 1, joined: 1, expired: 0 },
        'https://x/members',
      ),
    ],
    ['ownershipReceived', templates.ownershipReceived('a@b.c', 'Jo', 'Globex', 'Alice')],
    ['ownershipHandedOver', templates.ownershipHandedOver('a@b.c', 'Jo', 'Globex', 'Bob')],
    ['loginCode', templates.loginCode('a@b.c', 'Jo', '123456')],
    [
      'secondFactorLocked',
      templates.secondFactorLocked({ to: 'a@b.c', firstName: 'Jo', attempts: 5, minutes: 15, resetUrl: 'https://x/r' }),
    ],
    [
      'securityNotice',
      templates.securityNotice({
        to: 'a@b.c',
        firstName: 'Jo',
        change: 'passwordChanged',
        at: new Date('2026-01-01T00:00:00Z'),
        resetUrl: 'https://x/r',
      }),
    ],
  ];

  it('covers every template', () => {
    const names = everyMail(createMailTemplates(serverI18n(), () => acme)).map(([name]) => name);
    expect(names.sort()).toEqual(Object.keys(createMailTemplates(serverI18n())).sort());
  });

  it.each(everyMail(createMailTemplates(serverI18n(), () => acme)))(
    '%s names the white-label product and wears its logo and colours',
    (_, message) => {
      expect(message.text).toContain('The Acme Docs team');
      expect(message.html).toContain('alt="Acme Docs"');
      expect(message.html).toContain('src="https://cdn.acme.test/logo.png"');
      expect(message.html).toContain('background:#006d77');
      expect(message.html).not.toContain('Kreano');
      expect(message.html.toLowerCase()).not.toContain('#0b1f44');
    },
  );

  it.each(everyMail(createMailTemplates(serverI18n(), () => product)))(
    '%s names the product and wears its navy under the product config',
    (_, message) => {
      expect(message.text).toContain('The Kreano team');
      expect(message.html).toContain('<strong style="font-size:18px">Kreano</strong>');
      expect(message.html).toContain('background:#0b1f44');
      expect(message.html).not.toContain('Acme Docs');
    },
  );

  it("puts an organisation's branding on top of the deployment's where the mail concerns it", () => {
    const mail = createMailTemplates(serverI18n(), () => acme);
    const message = mail.invitation('a@b.c', 'Globex', 'Alice', 'https://x/invite', 'en', org);
    expect(message.html).toContain('<img src="https://x/logo/globex" alt="Globex"');
    expect(message.html).toContain('background:#f5a623;color:#1b2233');
    expect(message.html).toContain('background:#006d77;color:#ffffff');
  });

  it('signs in the language of the mail, right to left in Arabic', () => {
    const mail = createMailTemplates(serverI18n(), () => acme);
    expect(mail.resetPassword('a@b.c', 'Jo', 'https://x/r', 'fr').text).toContain("L'équipe Acme Docs");
    const arabic = mail.resetPassword('a@b.c', 'Jo', 'https://x/r', 'ar');
    expect(arabic.text).toContain('فريق Acme Docs');
    expect(arabic.html).toContain('dir="rtl"');
  });
});
