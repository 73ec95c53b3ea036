import { formatDate, formatEuro } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { escapeHtml, renderSandboxPage } from '../../sandbox-pages.ts';
import type { SandboxBankEntry } from './sandbox-bank.ts';

/** The sandbox bank's page: book an incoming transfer, see the bookings, download them as camt.054. */

type Texts = {
  title: string;
  notice: string;
  bookHeading: string;
  bookHint: (seconds: number) => string;
  account: string;
  debtorName: string;
  debtorIban: string;
  amount: string;
  amountHint: string;
  remittance: string;
  remittanceHint: string;
  book: string;
  booked: (ref: string) => string;
  entriesHeading: string;
  none: string;
  columns: {
    date: string;
    debtor: string;
    amount: string;
    remittance: string;
    reference: string;
    delivered: string;
  };
  delivered: string;
  pending: string;
  camt: string;
  camtHint: string;
  errors: Record<SandboxBankError, string>;
};

export type SandboxBankError = 'bad_request' | 'forbidden' | 'no_account';

const texts: Record<Locale, Texts> = {
  de: {
    title: 'Sandbox-Bank',
    notice:
      'Testumgebung: Hier fließt kein echtes Geld. Sie buchen als Bank eine eingehende SEPA-Überweisung auf ein Sammelkonto des Emittenten.',
    bookHeading: 'Eingehende Überweisung buchen',
    bookHint: (s) =>
      `Die Bank meldet die Gutschrift etwa ${s} Sekunden nach der Buchung als signierten Webhook an die Plattform.`,
    account: 'Empfängerkonto (Sammelkonto)',
    debtorName: 'Name der Auftraggeberin oder des Auftraggebers',
    debtorIban: 'IBAN der Auftraggeberin oder des Auftraggebers',
    amount: 'Betrag in Euro',
    amountHint: 'zum Beispiel 1.234,56',
    remittance: 'Verwendungszweck',
    remittanceHint:
      'die Zahlungsreferenz der Bestellung (RF…), wie sie die Person eingibt – höchstens 140 Zeichen',
    book: 'Gutschrift buchen',
    booked: (ref) => `Gebucht unter der Referenz ${ref}. Die Plattform erhält die Gutschrift in Kürze.`,
    entriesHeading: 'Buchungen',
    none: 'Noch keine Buchungen.',
    columns: {
      date: 'Buchungstag',
      debtor: 'Auftraggeber',
      amount: 'Betrag',
      remittance: 'Verwendungszweck',
      reference: 'Bankreferenz',
      delivered: 'Gemeldet',
    },
    delivered: 'ja',
    pending: 'ausstehend',
    camt: 'Alle Buchungen als camt.054 herunterladen',
    camtHint: 'Diese Datei kann im Verwaltungsbereich als Kontoauszug eingelesen werden.',
    errors: {
      bad_request:
        'Die Eingaben sind ungültig. Bitte prüfen Sie Name, IBAN, Betrag (0,01 bis 999.999.999,99 €) und Verwendungszweck.',
      forbidden:
        'Das Formular ist abgelaufen oder kam von einer anderen Seite. Bitte laden Sie die Seite neu.',
      no_account: 'Es ist kein Sammelkonto eingerichtet.',
    },
  },
  en: {
    title: 'Sandbox bank',
    notice:
      "Test environment: no real money moves here. You act as the bank and book an incoming SEPA transfer on one of the issuer's collection accounts.",
    bookHeading: 'Book an incoming transfer',
    bookHint: (s) =>
      `The bank reports the credit to the platform as a signed webhook about ${s} seconds after booking.`,
    account: 'Beneficiary account (collection account)',
    debtorName: "Payer's name",
    debtorIban: "Payer's IBAN",
    amount: 'Amount in euro',
    amountHint: 'for example 1234.56',
    remittance: 'Remittance information',
    remittanceHint: "the order's payment reference (RF…) as the payer types it – at most 140 characters",
    book: 'Book the credit',
    booked: (ref) => `Booked under the reference ${ref}. The platform receives the credit shortly.`,
    entriesHeading: 'Bookings',
    none: 'No bookings yet.',
    columns: {
      date: 'Booking date',
      debtor: 'Payer',
      amount: 'Amount',
      remittance: 'Remittance information',
      reference: 'Bank reference',
      delivered: 'Reported',
    },
    delivered: 'yes',
    pending: 'pending',
    camt: 'Download all bookings as camt.054',
    camtHint: 'This file can be imported as a bank statement in the admin area.',
    errors: {
      bad_request:
        'The input is invalid. Please check name, IBAN, amount (0.01 to 999,999,999.99 €) and remittance information.',
      forbidden: 'The form has expired or came from another page. Please reload the page.',
      no_account: 'No collection account is set up.',
    },
  },
};

export function renderSandboxBankPage(opts: {
  locale: Locale;
  token: string;
  accounts: readonly { iban: string; holder: string }[];
  entries: readonly SandboxBankEntry[];
  delaySeconds: number;
  booked: string | null;
  error: SandboxBankError | null;
  values?: Record<string, string>;
}): string {
  const { locale } = opts;
  const t = texts[locale];
  const v = (k: string) => escapeHtml(opts.values?.[k] ?? '');
  const status = opts.error
    ? `<p class="error" role="alert">${escapeHtml(t.errors[opts.error])}</p>`
    : opts.booked
      ? `<p class="ok" role="status">${escapeHtml(t.booked(opts.booked))}</p>`
      : '';
  const form = opts.accounts.length
    ? `<form method="post" action="/sandbox/bank/transfers?locale=${locale}">
  <input type="hidden" name="token" value="${escapeHtml(opts.token)}">
  <label>${escapeHtml(t.account)}
    <select name="accountIban" required>${opts.accounts
      .map((a) => `<option value="${escapeHtml(a.iban)}">${escapeHtml(`${a.holder} – ${a.iban}`)}</option>`)
      .join('')}</select></label>
  <label>${escapeHtml(t.debtorName)}<input name="debtorName" maxlength="70" required autocomplete="off" value="${v('debtorName')}"></label>
  <label>${escapeHtml(t.debtorIban)}<input name="debtorIban" maxlength="42" required autocomplete="off" value="${v('debtorIban')}"></label>
  <label>${escapeHtml(t.amount)} <small>(${escapeHtml(t.amountHint)})</small><input name="amount" inputmode="decimal" maxlength="20" required value="${v('amount')}"></label>
  <label>${escapeHtml(t.remittance)} <small>(${escapeHtml(t.remittanceHint)})</small><input name="remittanceText" maxlength="140" value="${v('remittanceText')}"></label>
  <p><button type="submit">${escapeHtml(t.book)}</button></p>
</form>`
    : `<p class="error">${escapeHtml(t.errors.no_account)}</p>`;
  const rows = opts.entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(formatDate(e.bookingDate, { locale }))}</td><td>${escapeHtml(e.debtorName)}<br><small>${escapeHtml(e.debtorIban)}</small></td><td class="num">${escapeHtml(formatEuro(e.amountCents, { locale, fraction: 'always' }))}</td><td>${escapeHtml(e.remittanceText ?? '')}</td><td><small>${escapeHtml(e.entryReference)}</small></td><td>${e.deliveredAt ? t.delivered : t.pending}</td></tr>`,
    )
    .join('');
  const c = t.columns;
  const body = `${status}
<section><h2>${escapeHtml(t.bookHeading)}</h2><p class="hint">${escapeHtml(t.bookHint(opts.delaySeconds))}</p>${form}</section>
<section><h2>${escapeHtml(t.entriesHeading)}</h2>
${
  rows
    ? `<div class="table-wrap"><table><thead><tr><th>${c.date}</th><th>${c.debtor}</th><th class="num">${c.amount}</th><th>${c.remittance}</th><th>${c.reference}</th><th>${c.delivered}</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : `<p>${escapeHtml(t.none)}</p>`
}
<p><a href="/sandbox/bank/camt054.xml" download>${escapeHtml(t.camt)}</a></p><p class="hint">${escapeHtml(t.camtHint)}</p>
</section>`;
  return renderSandboxPage({ locale, title: t.title, path: '/sandbox/bank', notice: t.notice, body });
}
