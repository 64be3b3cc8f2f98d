import { Type } from 'typebox';
import type { App } from '../http/types';
import { escapeHtml } from '../mail/templates';
import { signPartnerToken } from '../modules/sso/partner-token';
import { SsoApplications } from '../modules/sso/sso-applications';
import type { Services } from '../services';

const LaunchQuery = Type.Object(
  {
    applicationId: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 3, maxLength: 256 }),
    givenName: Type.Optional(Type.String({ maxLength: 50 })),
    familyName: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);

const PageQuery = Type.Object({ returned: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * A stand-in for a partner application (development only): pick an application and an email, press the button,
 * and land on the portal's `/sso?token=…&applicationId=…` with a freshly signed token, as a partner link would.
 * Only HS256 applications can be simulated: for the others only the partner holds the private key.
 * The applications' redirect URLs in the demo data point back here (`?returned=<id>`).
 */
export function registerPartnerSimulator(app: App, services: Services): void {
  const applications = new SsoApplications(services.db, services.clock, services.audit);

  app.get('/dev/partner', { schema: { hide: true, querystring: PageQuery } }, async (request, reply) => {
    const list = await applications.list();
    const returned = request.query.returned ? list.find((a) => a.id === request.query.returned) : undefined;
    const options = list
      .map((a) => {
        const usable = a.algorithm === 'HS256';
        const note = !usable ? ' (public key: only the partner can sign)' : a.enabled ? '' : ' (disabled: the portal refuses it)';
        return `<option value="${escapeHtml(a.id)}"${usable ? '' : ' disabled'}>${escapeHtml(a.name)}${escapeHtml(note)}</option>`;
      })
      .join('');
    const rows = list
      .map(
        (a) =>
          `<tr><td>${escapeHtml(a.id)}</td><td>${escapeHtml(a.name)}</td><td>${a.algorithm}</td><td>${yesNo(a.requireTerms)}</td><td>${yesNo(a.requirePassword)}</td><td>${yesNo(a.enabled)}</td><td>${escapeHtml(a.redirectUrl)}</td></tr>`,
      )
      .join('');
    const banner = returned
      ? `<p class="banner" role="status">Back at ${escapeHtml(returned.name)}: the portal sent you here.</p>`
      : '';
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner simulator</title><style>body{font-family:Arial,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}form{display:grid;gap:.75rem;max-width:28rem}label{display:grid;gap:.25rem}input,select,button{font:inherit;padding:.4rem}table{border-collapse:collapse;margin-top:2rem}td,th{border:1px solid #ddd;padding:.3rem .6rem;text-align:left}.banner{background:#eef6ff;border:1px solid #9cc3f5;padding:.75rem;border-radius:6px}</style></head><body>
<h1>Partner simulator</h1>${banner}
<p>Signs a partner token for the chosen application and opens the portal's single sign-on page with it. Development only.</p>
<form method="get" action="/dev/partner/launch">
<label>Application<select name="applicationId" required>${options}</select></label>
<label>Email<input name="email" type="email" required maxlength="256" autocomplete="off"></label>
<label>First name (optional)<input name="givenName" maxlength="50"></label>
<label>Last name (optional)<input name="familyName" maxlength="50"></label>
<button type="submit">Sign in to the portal</button>
</form>
<table><caption>Registered applications (npm run sso:app -- list)</caption><thead><tr><th>Id</th><th>Name</th><th>Algorithm</th><th>Terms</th><th>Password</th><th>Enabled</th><th>Redirect URL</th></tr></thead><tbody>${rows}</tbody></table>
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
  });

  app.get('/dev/partner/launch', { schema: { hide: true, querystring: LaunchQuery } }, async (request, reply) => {
    const { applicationId, email, givenName, familyName } = request.query;
    const application = await applications.find(applicationId);
    if (!application || application.algorithm !== 'HS256') {
      return reply.status(400).send({ msg: 'Only registered HS256 applications can be simulated', code: 'NOT_SIMULATABLE' });
    }
    const token = await signPartnerToken(application, application.verificationKey, {
      email,
      givenName: givenName || undefined,
      familyName: familyName || undefined,
      audience: services.config.ssoAudience,
      now: services.clock.now(),
    });
    const search = new URLSearchParams({ token, applicationId });
    return reply.redirect(`/sso?${search.toString()}`, 302);
  });
}
