import type { Locale } from '@token/domain/i18n';
import { escapeHtml, renderSandboxPage } from '../../sandbox-pages.ts';
import type { SandboxRegistrarBalance, SandboxRegistrarInstruction } from './sandbox-registrar.ts';

/**
 * The sandbox registrar's page (`/sandbox/registrar`): plain HTML in German or English, no script.
 * It lists the registrar's own ledger (balances per bond and address) and the instructions it
 * received; a tester confirms an open one now, refuses it with a reason, or delays it.
 */

export type SandboxRegistrarNotice = 'done' | 'not_found' | 'refused' | 'forbidden' | 'invalid';

const texts = {
  de: {
    title: 'Sandbox-Registerführung',
    notice:
      'Testumgebung: Diese Seite spielt die Registerführung für Kryptowertpapiere mit eigenem Hauptbuch (einer Schein-Blockchain).',
    intro: (ms: number) =>
      `Ohne Ihre Entscheidung führt die Registerführung eine Anweisung ${Math.round(ms / 100) / 10} Sekunden nach Eingang aus (oder lehnt sie ab, wenn der Bestand nicht reicht oder die Empfängeradresse nicht zugelassen ist) und meldet es der Plattform als signierten Webhook.`,
    balances: 'Bestände',
    bond: 'Anleihe',
    address: 'Adresse',
    amount: 'Stück',
    instructions: 'Anweisungen',
    key: 'Schlüssel',
    kind: 'Art',
    route: 'Von → An',
    status: 'Status',
    actions: 'Entscheidung',
    confirm: 'Jetzt ausführen',
    refuse: 'Ablehnen',
    reason: 'Grund',
    delay: 'Verzögern (Sekunden)',
    delayButton: 'Verzögern',
    empty: 'Noch nichts.',
    due: 'fällig',
    kinds: { mint: 'Ausgabe', transfer: 'Übertragung', burn: 'Vernichtung' },
    statuses: { pending: 'Offen', confirmed: 'Bestätigt', refused: 'Abgelehnt' },
    notices: {
      done: 'Entscheidung gespeichert. Die Plattform wird per Webhook benachrichtigt.',
      not_found: 'Diese Anweisung kennt die Sandbox-Registerführung nicht.',
      refused: 'Diese Anweisung ist bereits entschieden.',
      forbidden: 'Diese Entscheidung kam nicht von dieser Seite und wurde nicht angenommen.',
      invalid: 'Die Eingabe ist ungültig.',
    },
  },
  en: {
    title: 'Sandbox registrar',
    notice:
      'Test environment: this page plays the registrar of crypto securities with its own ledger (a pretend blockchain).',
    intro: (ms: number) =>
      `Without your decision the registrar executes an instruction ${Math.round(ms / 100) / 10} seconds after it arrives (or refuses it when the balance is short or the receiving address is not admitted) and reports to the platform by signed webhook.`,
    balances: 'Balances',
    bond: 'Bond',
    address: 'Address',
    amount: 'Tokens',
    instructions: 'Instructions',
    key: 'Key',
    kind: 'Kind',
    route: 'From → to',
    status: 'Status',
    actions: 'Decision',
    confirm: 'Execute now',
    refuse: 'Refuse',
    reason: 'Reason',
    delay: 'Delay (seconds)',
    delayButton: 'Delay',
    empty: 'Nothing yet.',
    due: 'due',
    kinds: { mint: 'Mint', transfer: 'Transfer', burn: 'Burn' },
    statuses: { pending: 'Open', confirmed: 'Confirmed', refused: 'Refused' },
    notices: {
      done: 'Decision saved. The platform is told by webhook.',
      not_found: 'The sandbox registrar does not know this instruction.',
      refused: 'This instruction is decided already.',
      forbidden: 'This decision did not come from this page and was not accepted.',
      invalid: 'The input is invalid.',
    },
  },
} as const;

const short = (address: string | null) => (address ? `${address.slice(0, 8)}…${address.slice(-6)}` : '—');

export function renderSandboxRegistrarPage(opts: {
  locale: Locale;
  balances: SandboxRegistrarBalance[];
  instructions: SandboxRegistrarInstruction[];
  confirmAfterMs: number;
  notice?: SandboxRegistrarNotice | undefined;
}): string {
  const { locale } = opts;
  const t = texts[locale];
  const time = (d: Date) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'short',
      timeStyle: 'medium',
      timeZone: 'Europe/Berlin',
    }).format(d);
  const notice = opts.notice
    ? `<p class="${opts.notice === 'done' ? 'ok' : 'error'}" role="${opts.notice === 'done' ? 'status' : 'alert'}">${escapeHtml(t.notices[opts.notice])}</p>`
    : '';
  const balances = opts.balances.length
    ? `<div class="table-wrap"><table><thead><tr><th>${t.bond}</th><th>${t.address}</th><th class="num">${t.amount}</th></tr></thead><tbody>${opts.balances
        .map(
          (b) =>
            `<tr><td>${escapeHtml(b.bondCode)}</td><td class="mono">${escapeHtml(b.address)}</td><td class="num">${b.balance}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : `<p>${t.empty}</p>`;
  const form = (i: SandboxRegistrarInstruction) => {
    if (i.status !== 'pending') return escapeHtml(i.reason ?? '');
    const action = `/sandbox/registrar/instructions/${i.id}?locale=${locale}`;
    return `<form method="post" action="${escapeHtml(action)}"><button type="submit" name="action" value="confirm">${t.confirm}</button></form>
<form method="post" action="${escapeHtml(action)}"><label>${t.reason}<input name="reason" maxlength="200"></label><button type="submit" name="action" value="refuse" class="danger">${t.refuse}</button></form>
<form method="post" action="${escapeHtml(action)}"><label>${t.delay}<input name="delaySeconds" inputmode="numeric" pattern="[0-9]{1,5}" value="60"></label><button type="submit" name="action" value="delay" class="secondary">${t.delayButton}</button></form>`;
  };
  const instructions = opts.instructions.length
    ? `<div class="table-wrap"><table><thead><tr><th>${t.key}</th><th>${t.kind}</th><th>${t.bond}</th><th>${t.route}</th><th class="num">${t.amount}</th><th>${t.status}</th><th>${t.actions}</th></tr></thead><tbody>${opts.instructions
        .map(
          (i) =>
            `<tr data-key="${escapeHtml(i.key)}"><td class="mono"><small>${escapeHtml(i.key)}</small></td><td>${t.kinds[i.kind]}</td><td>${escapeHtml(i.bondCode)}</td><td class="mono"><small>${escapeHtml(short(i.fromAddress))} → ${escapeHtml(short(i.toAddress))}</small></td><td class="num">${i.amount}</td><td class="status">${t.statuses[i.status]}${i.status === 'pending' ? `<br><small>${t.due} ${escapeHtml(time(i.confirmAfter))}</small>` : ''}${i.blockNumber ? `<br><small>#${i.blockNumber}</small>` : ''}</td><td>${form(i)}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : `<p>${t.empty}</p>`;
  return renderSandboxPage({
    locale,
    title: t.title,
    path: '/sandbox/registrar',
    notice: t.notice,
    body: `${notice}<p class="hint">${escapeHtml(t.intro(opts.confirmAfterMs))}</p>
<section><h2>${t.balances}</h2>${balances}</section>
<section><h2>${t.instructions}</h2>${instructions}</section>`,
  });
}
