import { createMailTemplates, createSmsTemplates } from './templates';
import { serverI18n } from '../i18n/server-i18n';

const mail = createMailTemplates(serverI18n());
const sms = createSmsTemplates(serverI18n());
const link = 'https://portal.test/email-verification?verificationToken=abc&organizationToken=';

describe('mail templates', () => {
  it('writes the verification mail in English by default, exactly as before', () => {
    const message = mail.verifyEmail('jo@example.com', 'Jo', link);
    expect(message.subject).toBe('Verify your email');
    expect(message.text).toBe(
      `Hello Jo,\n\nPlease confirm your email address to finish creating your account. The link is valid for 24 hours.\n\nVerify email: ${link}`,
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
