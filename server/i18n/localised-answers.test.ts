import { minutes, seconds } from '../clock';
import type { App } from '../http/types';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { FakeClock, call, createTestApp, loginAs, mailbox, type Call } from '../test/test-app';

/**
 * The server answers in the language of the request (Accept-Language) and mails in the language of the account
 * it writes to (docs/server-messages.md). English answers are the ones every other server test checks.
 */
const clock = new FakeClock();
let app: App;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const FR = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' };
const inFrench = (c: Call) => call(app, { ...c, headers: { ...FR, ...c.headers } });

async function register(email: string, headers: Record<string, string>, password = 'Str0ng!Pass') {
  return call(app, {
    url: '/v1/register',
    headers,
    body: { firstName: 'Camille', lastName: 'Martin', email, password },
  });
}

/** Mail goes out after the answer (server/mail/mailer.ts): wait for it before reading the mailbox. */
async function newestMail(email: string) {
  await app.services.mailer.idle();
  return (await mailbox(app, email))[0]!;
}

async function verify(email: string) {
  const mail = await newestMail(email);
  const link = new URL(mail!.links[0]!);
  const verified = await call(app, {
    url: '/v1/verify-email',
    body: {
      token: link.searchParams.get('verificationToken'),
      organizationId: link.searchParams.get('organizationToken'),
    },
  });
  expect(verified.statusCode).toBe(200);
}

describe('errors in the language of the request', () => {
  it('refuses a login in French with the same code', async () => {
    const body = { email: 'demo@example.com', password: 'Wrong#Pass1', captcha: 'test' };
    const french = await inFrench({ url: '/v1/login', body });
    expect(french.statusCode).toBe(400);
    expect(french.json).toEqual({
      msg: 'Adresse e-mail ou mot de passe incorrect',
      code: 'INVALID_CREDENTIALS',
    });
    const english = await call(app, { url: '/v1/login', body });
    expect(english.json).toEqual({ msg: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a too common password at sign-up in French, on the password field', async () => {
    const response = await register('common@example.com', FR, 'Password1!');
    expect(response.statusCode).toBe(400);
    const tooCommon = 'Ce mot de passe est trop courant. Veuillez choisir un mot de passe moins prévisible';
    expect(response.json).toEqual({
      msg: tooCommon,
      code: 'PASSWORD_TOO_COMMON',
      errors: [{ field: 'password', msg: tooCommon }],
    });
  });

  it("words validation failures with the portal forms' French texts and the rule set's limits", async () => {
    const response = await inFrench({
      url: '/v1/register',
      body: {
        firstName: 'Camille',
        lastName: 'Martin',
        email: `${'a'.repeat(250)}@example.com`,
        password: 'Ab1!',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.code).toBe('VALIDATION_FAILED');
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', msg: "L'adresse e-mail ne peut pas dépasser 256 caractères" },
        { field: 'password', msg: 'Le mot de passe doit contenir au moins 7 caractères !' },
      ]),
    );
    const unknown = await inFrench({
      url: '/v1/login',
      body: { email: 'demo@example.com', password: 'x', extra: 1 },
    });
    expect(unknown.json.errors).toContainEqual({ field: 'extra', msg: 'Champ inconnu : extra' });
    // A wording the contract gives one endpoint, and a malformed request's, are keys of the server's texts too.
    expect((await inFrench({ url: '/v1/resend-email', body: { email: '' } })).json.msg).toBe(
      "L'adresse e-mail est manquante",
    );
    const badType = await inFrench({
      method: 'PATCH',
      url: '/v1/two-factor/otp',
      body: { tokenId: 'x', type: 'fax' },
    });
    expect(badType.json.errors).toContainEqual({
      field: 'type',
      msg: "Type d'authentification à deux facteurs invalide",
    });
  });

  it('fills values into a French message', async () => {
    const tokenId = (
      await inFrench({ url: '/v1/login', body: { email: 'email2fa@example.com', password: DEMO_PASSWORD } })
    ).json.data.tokenId;
    const send = () =>
      inFrench({ method: 'PATCH', url: '/v1/two-factor/otp', body: { tokenId, type: 'email' } });
    expect((await send()).json.msg).toBe('Code de vérification envoyé');
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(again.json.code).toBe('OTP_RESEND_TOO_SOON');
    expect(again.json.msg).toMatch(/^Veuillez patienter encore \d+ s avant de demander un nouveau code$/);
    // The code went out in the account's language: none was remembered for this demo account, so the request's.
    expect((await newestMail('email2fa@example.com')).subject).toBe('Votre code de vérification');
  });

  it('answers an unknown route and an expired session in French', async () => {
    expect((await inFrench({ url: '/v1/nothing-here' })).json).toEqual({
      msg: 'Introuvable',
      code: 'NOT_FOUND',
    });
    const expired = await inFrench({ url: '/v1/user', token: 'not-a-token' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json.msg).toBe('Votre session a expiré. Veuillez vous reconnecter');
  });

  it('falls back to English for a language it does not ship', async () => {
    const response = await call(app, {
      url: '/v1/login',
      headers: { 'accept-language': 'de-DE' },
      body: { email: 'demo@example.com', password: 'Wrong#Pass1' },
    });
    expect(response.json.msg).toBe('Invalid email or password');
  });
});

describe('successes in the language of the request', () => {
  it('confirms a password change, a profile read, a 2FA switch and a logout in French', async () => {
    await register('change@example.com', FR);
    await verify('change@example.com');
    const { accessToken } = await loginAs(app, 'change@example.com', 'Str0ng!Pass');
    const changed = await inFrench({
      method: 'PATCH',
      url: '/v1/change-password',
      token: accessToken,
      body: { currentPassword: 'Str0ng!Pass', newPassword: 'N3w#Passw0rd' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json.msg).toBe('Mot de passe modifié avec succès');
    // The portal's own French text for this rule, reused rather than copied into the server's file.
    const same = await inFrench({
      method: 'PATCH',
      url: '/v1/change-password',
      token: accessToken,
      body: { currentPassword: 'N3w#Passw0rd', newPassword: 'N3w#Passw0rd' },
    });
    expect(same.json).toMatchObject({
      msg: 'Désolé, vous avez saisi votre mot de passe actuel comme nouveau mot de passe',
      code: 'PASSWORD_UNCHANGED',
    });
    expect((await inFrench({ url: '/v1/user', token: accessToken })).json.msg).toBe(
      "Informations de l'utilisateur récupérées",
    );
    const twoFactorOn = await inFrench({
      method: 'PATCH',
      url: '/v1/two-factor/config',
      token: accessToken,
      body: { enable: true },
    });
    expect(twoFactorOn.json.msg).toBe('Authentification à deux facteurs activée');
    const loggedOut = await inFrench({ url: '/v1/logout', token: accessToken, body: {} });
    expect(loggedOut.json).toEqual({ data: null, msg: 'Déconnexion réussie' });
  });
});

describe('mail in the language of the account', () => {
  it('writes to a French sign-up in French whatever language later requests arrive in', async () => {
    expect((await register('lea@example.com', FR)).json.msg).toBe(
      'Inscription réussie. Consultez vos e-mails pour vérifier votre compte',
    );
    expect((await newestMail('lea@example.com')).subject).toBe('Vérifiez votre adresse e-mail');

    await verify('lea@example.com');

    // Someone signs up again with this address from an English browser: the warning is in the owner's language.
    // (Sign-up mails an address once per 15-minute window: server/README.md, Security.)
    clock.advance(minutes(15) + seconds(1));
    await register('lea@example.com', { 'accept-language': 'en' });
    expect((await newestMail('lea@example.com')).subject).toBe('Vous avez déjà un compte');

    await call(app, { url: '/v1/forget-password', body: { email: 'lea@example.com' } });
    expect((await newestMail('lea@example.com')).subject).toBe('Réinitialisez votre mot de passe');
  });

  it('remembers a language switched while signed in, and ignores requests that name none', async () => {
    await register('noah@example.com', FR);
    await verify('noah@example.com');
    const { accessToken } = await loginAs(app, 'noah@example.com', 'Str0ng!Pass');
    // No Accept-Language (a script): nothing changes.
    await call(app, { url: '/v1/user', token: accessToken });
    await call(app, { url: '/v1/forget-password', body: { email: 'noah@example.com' } });
    expect((await newestMail('noah@example.com')).subject).toBe('Réinitialisez votre mot de passe');

    // The portal switched to English: its next call says so, and the next mail follows.
    const profile = await call(app, {
      url: '/v1/user',
      token: accessToken,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(profile.json.msg).toBe('User details fetched successfully');
    await call(app, { url: '/v1/forget-password', headers: FR, body: { email: 'noah@example.com' } });
    expect((await newestMail('noah@example.com')).subject).toBe('Reset your password');
  });
});
