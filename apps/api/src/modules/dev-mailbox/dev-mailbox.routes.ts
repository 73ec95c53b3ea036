import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { listMailbox, type MailboxEntry } from './dev-mailbox.service.ts';

const mailboxQuery = z.strictObject({
  to: z.string().max(254).optional(),
  template: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A plain page a developer or tester reads in the browser; no script, so the strict CSP holds. */
function renderMailbox(mails: MailboxEntry[], filter: { to?: string | undefined }): string {
  const items = mails
    .map(
      (m) => `<article>
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">#${m.id} · ${escapeHtml(m.createdAt)} · <span class="tag">${escapeHtml(m.template)}</span> · ${escapeHtml(m.status)}</p>
  <p class="meta">An: <b>${escapeHtml(m.to)}</b> · Von: ${escapeHtml(m.from)}${m.replyTo ? ` · Antwort an: ${escapeHtml(m.replyTo)}` : ''}</p></header>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev-Postfach</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:56rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .25rem}
article{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.meta{margin:.15rem 0;color:#475569;font-size:.875rem}.tag{background:#e0f2fe;border-radius:.25rem;padding:0 .3rem}
pre{white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:.875rem;background:#f1f5f9;padding:.75rem;border-radius:.375rem}
</style></head>
<body><main>
<h1>Dev-Postfach${filter.to ? ` für ${escapeHtml(filter.to)}` : ''}</h1>
<p class="meta">Ausgehende E-Mails aus der Tabelle mail_outbox (nur außerhalb der Produktion). JSON: <a href="/api/dev/mailbox">/api/dev/mailbox</a></p>
${items || '<p>Keine E-Mails.</p>'}
</main></body></html>`;
}

/** Outside production: the mail outbox, readable at /dev/mailbox (HTML) and /api/dev/mailbox (JSON). */
export async function devMailboxRoutes(app: App) {
  // server.ts registers this only outside production; refuse here too, should that ever change.
  if (app.config.env === 'production') return;

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['system'],
        summary: 'Outbox mails, newest first (not in production)',
        querystring: mailboxQuery,
      },
    },
    async (request) => listMailbox({ db: app.db, ...request.query }),
  );

  app.get('/dev/mailbox', { schema: { hide: true, querystring: mailboxQuery } }, async (request, reply) => {
    const mails = await listMailbox({ db: app.db, ...request.query });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailbox(mails, { to: request.query.to }));
  });
}
