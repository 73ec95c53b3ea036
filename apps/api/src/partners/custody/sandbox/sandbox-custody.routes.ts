import { AppError } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { canTransition, type RegistrarStatus, registrarLifecycle } from '@token/domain/wallets';
import { z } from 'zod';
import type { App } from '../../../http/types.ts';
import { acceptSandboxForms, escapeHtml, isForeignOrigin, sendSandboxPage } from '../../sandbox-pages.ts';
import { isSandboxCustody } from '../create-custody.ts';
import { type SandboxDecision, type SandboxWallet, sandboxDecisions } from './sandbox-custody.ts';

/** The registrar's delay as a person says it: seconds up to two minutes, then minutes, then hours. */
function delayText(seconds: number, locale: Locale): string {
  const [value, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 7200
        ? [Math.round(seconds / 60), 'minute']
        : [Math.round(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

const texts = {
  de: {
    title: 'Sandbox-Verwahrstelle',
    intro: (delay: number) =>
      `Diese Seite spielt die Kryptoverwahrstelle und die Registerführung für Kryptowertpapiere. Ohne Ihre Entscheidung gibt die Registerführung ein neues Wallet ${delayText(delay, 'de')} nach der Anlage frei; jede Entscheidung erreicht die Plattform als signierter Webhook.`,
    wallet: 'Wallet-ID',
    address: 'Adresse (EIP-55)',
    reference: 'Referenz der Plattform',
    status: 'Registerstatus',
    created: 'Angelegt',
    updated: 'Geändert',
    approve: 'Sofort freigeben',
    followUp: 'Weitere Angaben anfordern',
    message: 'Nachricht an den Kunden (optional)',
    reject: 'Ablehnen (Kunde wird gesperrt)',
    noActions: 'In diesem Status gibt es nichts zu entscheiden.',
    done: 'Entscheidung gespeichert. Die Plattform wird per Webhook benachrichtigt.',
    notFound: 'Dieses Wallet kennt die Sandbox-Verwahrstelle nicht.',
    refused: 'Diese Entscheidung ist im aktuellen Status nicht möglich.',
    foreign: 'Diese Entscheidung kam von einer anderen Website und wurde nicht angenommen.',
    invalid: 'Bitte wählen Sie eine Entscheidung; die Nachricht darf höchstens 2000 Zeichen lang sein.',
    list: 'Zuletzt angelegte Wallets',
    empty: 'Noch keine Wallets.',
    back: 'Alle Wallets',
    keyNote: 'Der private Schlüssel bleibt verschlüsselt bei der Verwahrstelle und wird nie angezeigt.',
    statuses: {
      approval_required: 'Freigabe erforderlich',
      approval_requested: 'Freigabe beantragt',
      approved: 'Freigegeben',
      follow_up: 'Weitere Angaben nötig',
      rejected: 'Abgelehnt (gesperrt)',
    },
  },
  en: {
    title: 'Sandbox custodian',
    intro: (delay: number) =>
      `This page plays the crypto custodian and the registrar of crypto securities. Without your decision the registrar approves a new wallet ${delayText(delay, 'en')} after it was opened; every decision reaches the platform as a signed webhook.`,
    wallet: 'Wallet id',
    address: 'Address (EIP-55)',
    reference: 'Platform reference',
    status: 'Registrar status',
    created: 'Opened',
    updated: 'Changed',
    approve: 'Approve now',
    followUp: 'Request more information',
    message: 'Message to the customer (optional)',
    reject: 'Reject (the customer is banned)',
    noActions: 'There is nothing to decide in this status.',
    done: 'Decision saved. The platform is notified by webhook.',
    notFound: 'The sandbox custodian does not know this wallet.',
    refused: 'This decision is not possible in the current status.',
    foreign: 'This decision came from another website and was not accepted.',
    invalid: 'Please choose a decision; the message may be at most 2000 characters long.',
    list: 'Recently opened wallets',
    empty: 'No wallets yet.',
    back: 'All wallets',
    keyNote: 'The private key stays encrypted at the custodian and is never shown.',
    statuses: {
      approval_required: 'Approval required',
      approval_requested: 'Approval requested',
      approved: 'Approved',
      follow_up: 'More information needed',
      rejected: 'Rejected (banned)',
    },
  },
} as const satisfies Record<Locale, unknown>;

type Notice = { kind: 'ok' | 'error'; text: string };

function page(locale: Locale, title: string, body: string): string {
  const other: Locale = locale === 'de' ? 'en' : 'de';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:48rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem}h2{font-size:1.1rem}
.sandbox{display:inline-block;background:#fef3c7;color:#92400e;border-radius:.25rem;padding:.1rem .4rem;font-size:.8rem;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem}
dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}.mono{font-family:ui-monospace,monospace}
@media (max-width:32rem){dl{grid-template-columns:1fr;gap:.1rem}dd{margin-bottom:.5rem}}
form{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem;margin:.75rem 0}
textarea{width:100%;box-sizing:border-box;min-height:4rem;font:inherit}
label{display:block;margin:0 0 .35rem}
button{font:inherit;padding:.5rem .9rem;border-radius:.375rem;border:1px solid #0f172a;background:#0f172a;color:#fff;cursor:pointer}
button.warn{background:#b91c1c;border-color:#b91c1c}
.notice{padding:.75rem;border-radius:.375rem}.ok{background:#dcfce7}.error{background:#fee2e2}
.meta{color:#475569;font-size:.875rem}
ul{padding-left:1.2rem}li{margin:.25rem 0;font-family:ui-monospace,monospace;overflow-wrap:anywhere}
</style></head>
<body><main>
<p><span class="sandbox">Sandbox</span> · <a href="?locale=${other}" hreflang="${other}" lang="${other}">${other === 'de' ? 'Deutsch' : 'English'}</a></p>
${body}
</main></body></html>`;
}

function noticeHtml(notice: Notice | undefined): string {
  return notice ? `<p class="notice ${notice.kind}" role="status">${escapeHtml(notice.text)}</p>` : '';
}

function walletPage(locale: Locale, wallet: SandboxWallet, delay: number, notice?: Notice): string {
  const t = texts[locale];
  const fmt = (d: Date) =>
    new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'Europe/Berlin',
    }).format(d);
  const action = `/sandbox/custody/${encodeURIComponent(wallet.id)}?locale=${locale}`;
  const may = (to: RegistrarStatus) =>
    wallet.registrarStatus !== to && canTransition(registrarLifecycle, wallet.registrarStatus, to);
  const forms: string[] = [];
  if (may('approved')) {
    forms.push(`<form method="post" action="${action}"><input type="hidden" name="decision" value="approved">
<button type="submit">${t.approve}</button></form>`);
  }
  if (may('follow_up')) {
    forms.push(`<form method="post" action="${action}"><input type="hidden" name="decision" value="follow_up">
<label for="message">${t.message}</label><textarea id="message" name="message" maxlength="2000"></textarea>
<p><button type="submit">${t.followUp}</button></p></form>`);
  }
  if (may('rejected')) {
    forms.push(`<form method="post" action="${action}"><input type="hidden" name="decision" value="rejected">
<button type="submit" class="warn">${t.reject}</button></form>`);
  }
  return page(
    locale,
    `${t.title} · ${wallet.id}`,
    `<h1>${t.title}</h1>
<p class="meta">${escapeHtml(t.intro(delay))}</p>
${noticeHtml(notice)}
<dl>
<dt>${t.wallet}</dt><dd class="mono">${escapeHtml(wallet.id)}</dd>
<dt>${t.address}</dt><dd class="mono">${escapeHtml(wallet.address)}</dd>
<dt>${t.reference}</dt><dd class="mono">${escapeHtml(wallet.reference)}</dd>
<dt>${t.status}</dt><dd data-status="${wallet.registrarStatus}">${t.statuses[wallet.registrarStatus]}</dd>
<dt>${t.created}</dt><dd>${fmt(wallet.createdAt)}</dd>
<dt>${t.updated}</dt><dd>${fmt(wallet.updatedAt)}</dd>
</dl>
<p class="meta">${t.keyNote}</p>
${forms.join('\n') || `<p>${t.noActions}</p>`}
<p><a href="/sandbox/custody?locale=${locale}">${t.back}</a></p>`,
  );
}

const pageQuery = z.strictObject({
  locale: z.string().max(10).optional(),
  done: z.enum(sandboxDecisions).optional(),
});
const walletParams = z.object({ walletId: z.uuid() });
const decisionForm = z.object({
  decision: z.enum(sandboxDecisions),
  message: z.string().trim().max(2000).optional(),
});

/**
 * The sandbox custodian's tester page (`/sandbox/custody/{walletId}`, server-rendered, no script,
 * de/en): shows a wallet and its registrar status and lets a tester approve at once, ask for more
 * information or reject, as the partner's staff would. The wallet id (random, 122 bits) is the
 * capability; the private key is never shown. Present only while the sandbox is the custody partner.
 */
export async function custodySandboxRoutes(app: App) {
  const custody = app.partners.custody;
  if (!isSandboxCustody(custody)) return;
  const sandbox = custody.sandbox;
  const publicOrigin = new URL(app.config.publicUrl).origin;

  acceptSandboxForms(app);

  // The list of wallets shows every holder's reference: outside production only.
  if (app.config.env !== 'production') {
    app.get(
      '/sandbox/custody',
      { schema: { hide: true, querystring: z.strictObject({ locale: z.string().max(10).optional() }) } },
      async (request, reply) => {
        const t = texts[request.locale];
        const wallets = await sandbox.listWallets(app.db, 50);
        const items = wallets
          .map(
            (w) =>
              `<li><a href="/sandbox/custody/${encodeURIComponent(w.id)}?locale=${request.locale}">${escapeHtml(w.address)}</a> · ${t.statuses[w.registrarStatus]}</li>`,
          )
          .join('\n');
        return sendSandboxPage(
          reply,
          200,
          page(
            request.locale,
            t.title,
            `<h1>${t.title}</h1>
<p class="meta">${escapeHtml(t.intro(sandbox.delaySeconds))}</p>
<h2>${t.list}</h2>
${items ? `<ul>${items}</ul>` : `<p>${t.empty}</p>`}`,
          ),
        );
      },
    );
  }

  app.get(
    '/sandbox/custody/:walletId',
    { schema: { hide: true, params: walletParams, querystring: pageQuery } },
    async (request, reply) => {
      const t = texts[request.locale];
      const wallet = await sandbox.findWallet(app.db, request.params.walletId);
      if (!wallet)
        return sendSandboxPage(
          reply,
          404,
          page(request.locale, t.title, `<h1>${t.title}</h1><p>${t.notFound}</p>`),
        );
      const done = request.query.done ? ({ kind: 'ok', text: t.done } as const) : undefined;
      return sendSandboxPage(reply, 200, walletPage(request.locale, wallet, sandbox.delaySeconds, done));
    },
  );

  app.post(
    '/sandbox/custody/:walletId',
    {
      schema: { hide: true, params: walletParams, querystring: pageQuery },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const t = texts[request.locale];
      const { walletId } = request.params;
      // A decision posted from another site is refused (CSRF), as on the other sandbox partners' pages.
      if (isForeignOrigin(request, publicOrigin)) {
        return sendSandboxPage(
          reply,
          403,
          page(request.locale, t.title, `<h1>${t.title}</h1><p>${t.foreign}</p>`),
        );
      }
      const wallet = await sandbox.findWallet(app.db, walletId);
      if (!wallet)
        return sendSandboxPage(
          reply,
          404,
          page(request.locale, t.title, `<h1>${t.title}</h1><p>${t.notFound}</p>`),
        );
      const form = decisionForm.safeParse(request.body ?? {});
      if (!form.success) {
        return sendSandboxPage(
          reply,
          422,
          walletPage(request.locale, wallet, sandbox.delaySeconds, { kind: 'error', text: t.invalid }),
        );
      }
      const decision: SandboxDecision = form.data.decision;
      try {
        await sandbox.decide(app.db, { walletId, status: decision, message: form.data.message || null });
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_transition') {
          return sendSandboxPage(
            reply,
            409,
            walletPage(request.locale, wallet, sandbox.delaySeconds, { kind: 'error', text: t.refused }),
          );
        }
        throw err;
      }
      request.log.info({ walletId, decision }, 'sandbox custody: tester decision');
      return reply
        .status(303)
        .header(
          'location',
          `/sandbox/custody/${encodeURIComponent(walletId)}?locale=${request.locale}&done=${decision}`,
        )
        .send();
    },
  );
}
