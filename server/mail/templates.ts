import type { MailMessage } from './mailer';

/** Names are user input: everything interpolated into HTML is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#0b1f44;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Poppins,Arial,sans-serif"><h2>${escapeHtml(title)}</h2>${body}${button}</body></html>`;
}

function message(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  return { to, subject, text, html: layout(subject, paragraphs, action) };
}

export const mailTemplates = {
  verifyEmail: (to: string, firstName: string, url: string) =>
    message(to, 'Verify your email', [`Hello ${firstName},`, 'Please confirm your email address to finish creating your account. The link is valid for 24 hours.'], {
      label: 'Verify email',
      url,
    }),
  alreadyRegistered: (to: string, firstName: string, loginUrl: string, resetUrl: string) =>
    message(to, 'You already have an account', [
      `Hello ${firstName},`,
      'Someone tried to sign up with this email address, which already has an account. If it was you, log in instead, or reset your password if you forgot it.',
      `Log in: ${loginUrl}`,
      `Reset your password: ${resetUrl}`,
    ]),
  resetPassword: (to: string, firstName: string, url: string) =>
    message(to, 'Reset your password', [`Hello ${firstName},`, 'We received a request to reset your password. The link is valid for 1 hour. If you did not ask for this, ignore this email.'], {
      label: 'Reset password',
      url,
    }),
  invitation: (to: string, organizationName: string, inviterName: string, url: string) =>
    message(to, `You are invited to join ${organizationName}`, [`${inviterName} invited you to join ${organizationName}.`], {
      label: 'Accept invitation',
      url,
    }),
  loginCode: (to: string, firstName: string, code: string) =>
    message(to, 'Your verification code', [`Hello ${firstName},`, `Your verification code is ${code}. It expires in 10 minutes and can be used once.`]),
};

export const smsTemplates = {
  loginCode: (code: string) => `Your verification code is ${code}. It expires in 10 minutes.`,
};
