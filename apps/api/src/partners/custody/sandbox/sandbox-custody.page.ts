import type { Locale } from '@token/domain/i18n';
import { canTransition, type RegistrarStatus, registrarLifecycle } from '@token/domain/wallets';
import { escapeHtml, renderSandboxPage } from '../../sandbox-pages.ts';
import type { SandboxWallet } from './sandbox-custody.ts';

/**
 * The sandbox custodian's pages: plain HTML in German or English, no script. A tester decides a
 * wallet's registrar status as the partner's staff would; every form posts back to the wallet's page.
 */

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

/** The line above a wallet after a tester's decision: saved, invalid input, or not possible now. */
export type SandboxCustodyNotice = 'done' | 'invalid' | 'refused';

function noticeHtml(locale: Locale, notice: SandboxCustodyNotice | undefined): string {
  if (!notice) return '';
  const kind = notice === 'done' ? 'ok' : 'error';
  return `<p class="${kind}" role="status">${escapeHtml(texts[locale][notice])}</p>`;
}

/** A wallet's page: its data and registrar status, and the decisions its status allows now. */
export function renderSandboxCustodyWalletPage(opts: {
  locale: Locale;
  wallet: SandboxWallet;
  delaySeconds: number;
  notice?: SandboxCustodyNotice;
}): string {
  const { locale, wallet, notice } = opts;
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
<button type="submit" class="danger">${t.reject}</button></form>`);
  }
  return renderSandboxPage({
    locale,
    title: `${t.title} · ${wallet.id}`,
    heading: t.title,
    path: `/sandbox/custody/${encodeURIComponent(wallet.id)}`,
    notice: t.intro(opts.delaySeconds),
    body: `${noticeHtml(locale, notice)}
<section><dl>
<dt>${t.wallet}</dt><dd class="mono">${escapeHtml(wallet.id)}</dd>
<dt>${t.address}</dt><dd class="mono">${escapeHtml(wallet.address)}</dd>
<dt>${t.reference}</dt><dd class="mono">${escapeHtml(wallet.reference)}</dd>
<dt>${t.status}</dt><dd data-status="${wallet.registrarStatus}">${t.statuses[wallet.registrarStatus]}</dd>
<dt>${t.created}</dt><dd>${fmt(wallet.createdAt)}</dd>
<dt>${t.updated}</dt><dd>${fmt(wallet.updatedAt)}</dd>
</dl></section>
<p class="hint">${t.keyNote}</p>
${forms.join('\n') || `<p>${t.noActions}</p>`}
<p><a href="/sandbox/custody?locale=${locale}">${t.back}</a></p>`,
  });
}

/** The list of the latest wallets (outside production only: it shows every holder's reference). */
export function renderSandboxCustodyListPage(opts: {
  locale: Locale;
  wallets: readonly SandboxWallet[];
  delaySeconds: number;
}): string {
  const { locale } = opts;
  const t = texts[locale];
  const items = opts.wallets
    .map(
      (w) =>
        `<li><a class="mono" href="/sandbox/custody/${encodeURIComponent(w.id)}?locale=${locale}">${escapeHtml(w.address)}</a> · ${t.statuses[w.registrarStatus]}</li>`,
    )
    .join('\n');
  return renderSandboxPage({
    locale,
    title: t.title,
    path: '/sandbox/custody',
    notice: t.intro(opts.delaySeconds),
    body: `<h2>${t.list}</h2>\n${items ? `<ul class="plain">${items}</ul>` : `<p>${t.empty}</p>`}`,
  });
}

/** Why a request got no wallet page: an unknown wallet, or a decision posted from another site. */
export type SandboxCustodyErrorKind = 'not_found' | 'forbidden';

/** The page of a failed request. */
export function renderSandboxCustodyErrorPage(opts: {
  locale: Locale;
  kind: SandboxCustodyErrorKind;
  path: string;
}): string {
  const t = texts[opts.locale];
  const text = opts.kind === 'not_found' ? t.notFound : t.foreign;
  return renderSandboxPage({
    locale: opts.locale,
    title: t.title,
    path: opts.path,
    body: `<p class="error" role="alert">${escapeHtml(text)}</p>`,
  });
}
