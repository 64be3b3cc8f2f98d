import { Type } from 'typebox';
import type { App } from '../http/types';
import { escapeHtml } from '../mail/templates';
import type { Services } from '../services';

const OutboxMessageSchema = Type.Object({
  id: Type.String(),
  channel: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  links: Type.Array(Type.String()),
  createdAt: Type.String(),
});

/** The development mailbox: what the outbox holds, for people and for end-to-end tests. Never in production. */
export function registerMailboxRoutes(app: App, services: Services): void {
  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 256 })) }, { additionalProperties: false }),
        response: { 200: Type.Array(OutboxMessageSchema) },
      },
    },
    async (request) => {
      await services.mailer.idle();
      return services.outbox.list({ to: request.query.to });
    },
  );

  app.delete('/dev/mailbox/messages', { schema: { hide: true } }, async (_request, reply) => {
    await services.outbox.clear();
    return reply.status(204).send();
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    await services.mailer.idle();
    const messages = await services.outbox.list({ limit: 100 });
    const items = messages
      .map((m) => {
        const links = m.links.map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`).join('');
        return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${escapeHtml(m.channel)} to <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt)}</p><pre>${escapeHtml(m.text)}</pre>${links ? `<ul>${links}</ul>` : ''}</article>`;
      })
      .join('');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title><style>body{font-family:Arial,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style></head><body><h1>Dev mailbox</h1><p>${messages.length} message(s), newest first. Mail and SMS sent without SMTP_URL land here.</p>${items}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
