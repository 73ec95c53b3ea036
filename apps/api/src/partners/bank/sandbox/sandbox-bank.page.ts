import { formatDate, formatEuro } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { escapeHtml, renderSandboxPage } from '../../sandbox-pages.ts';
import { type SandboxBankDebit, type SandboxBankEntry, sandboxReturnReasons } from './sandbox-bank.ts';

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
  payouts: {
    heading: string;
    hint: string;
    file: string;
    returnId: string;
    returnHint: string;
    returnReason: string;
    submit: string;
    executed: (msgId: string) => string;
    listHeading: string;
    none: string;
    columns: {
      date: string;
      creditor: string;
      amount: string;
      endToEndId: string;
      status: string;
      file: string;
    };
    booked: string;
    returned: (reason: string) => string;
    notice: string;
  };
  errors: Record<SandboxBankError, string>;
};

export type SandboxBankError = 'bad_request' | 'forbidden' | 'no_account' | 'no_file' | 'file_refused';

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
    payouts: {
      heading: 'Auszahlungsdatei ausführen (pain.001)',
      hint: 'Die Bank prüft die SEPA-Überweisungsdatei eines Zinslaufs nach den EPC-Regeln, führt jede Überweisung einmal aus (nach End-to-End-ID) und stellt die Belastungen als camt.054 bereit.',
      file: 'Überweisungsdatei (pain.001.001.09)',
      returnId: 'End-to-End-ID, die zurückkommen soll (optional)',
      returnHint:
        'zum Beispiel CPN-R1-P2 – die Überweisung wird gebucht und mit dem gewählten Grund zurückgegeben',
      returnReason: 'Rückgabegrund',
      submit: 'Datei ausführen',
      executed: (id) =>
        `Die Datei ${id} wurde ausgeführt. Die Belastungsanzeige (camt.054) steht unten bereit.`,
      listHeading: 'Ausgeführte Überweisungen',
      none: 'Noch keine ausgeführten Überweisungen.',
      columns: {
        date: 'Buchungstag',
        creditor: 'Empfänger',
        amount: 'Betrag',
        endToEndId: 'End-to-End-ID',
        status: 'Status',
        file: 'Datei',
      },
      booked: 'gebucht',
      returned: (r) => `zurückgegeben (${r})`,
      notice: 'Belastungsanzeige (camt.054)',
    },
    errors: {
      bad_request:
        'Die Eingaben sind ungültig. Bitte prüfen Sie Name, IBAN, Betrag (0,01 bis 999.999.999,99 €) und Verwendungszweck.',
      forbidden:
        'Das Formular ist abgelaufen oder kam von einer anderen Seite. Bitte laden Sie die Seite neu.',
      no_account: 'Es ist kein Sammelkonto eingerichtet.',
      no_file: 'Bitte wählen Sie eine Überweisungsdatei aus.',
      file_refused: 'Die Bank lehnt die Datei ab, sie verletzt die SEPA-Regeln:',
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
    payouts: {
      heading: 'Execute a payout file (pain.001)',
      hint: "The bank checks a coupon run's SEPA credit transfer file against the EPC rules, executes each transfer once (by end-to-end id) and offers the debits as camt.054.",
      file: 'Credit transfer file (pain.001.001.09)',
      returnId: 'End-to-end id to come back (optional)',
      returnHint: 'for example CPN-R1-P2 – the transfer is booked and returned with the chosen reason',
      returnReason: 'Return reason',
      submit: 'Execute the file',
      executed: (id) => `The file ${id} was executed. Its debit notice (camt.054) is below.`,
      listHeading: 'Executed transfers',
      none: 'No executed transfers yet.',
      columns: {
        date: 'Booking date',
        creditor: 'Beneficiary',
        amount: 'Amount',
        endToEndId: 'End-to-end id',
        status: 'Status',
        file: 'File',
      },
      booked: 'booked',
      returned: (r) => `returned (${r})`,
      notice: 'Debit notice (camt.054)',
    },
    errors: {
      bad_request:
        'The input is invalid. Please check name, IBAN, amount (0.01 to 999,999,999.99 €) and remittance information.',
      forbidden: 'The form has expired or came from another page. Please reload the page.',
      no_account: 'No collection account is set up.',
      no_file: 'Please choose a credit transfer file.',
      file_refused: 'The bank refuses the file, it breaks the SEPA rules:',
    },
  },
};

export function renderSandboxBankPage(opts: {
  locale: Locale;
  token: string;
  accounts: readonly { iban: string; holder: string }[];
  entries: readonly SandboxBankEntry[];
  debits: readonly SandboxBankDebit[];
  delaySeconds: number;
  booked: string | null;
  executed: string | null;
  faults: readonly string[];
  error: SandboxBankError | null;
  values?: Record<string, string>;
}): string {
  const { locale } = opts;
  const t = texts[locale];
  const v = (k: string) => escapeHtml(opts.values?.[k] ?? '');
  const faults = opts.faults.length
    ? `<ul>${opts.faults.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`
    : '';
  const status = opts.error
    ? `<div class="error" role="alert"><p>${escapeHtml(t.errors[opts.error])}</p>${faults}</div>`
    : opts.booked
      ? `<p class="ok" role="status">${escapeHtml(t.booked(opts.booked))}</p>`
      : opts.executed
        ? `<p class="ok" role="status">${escapeHtml(t.payouts.executed(opts.executed))}</p>`
        : '';
  const p = t.payouts;
  const payoutForm = `<form method="post" action="/sandbox/bank/payout-files?locale=${locale}" enctype="multipart/form-data">
  <input type="hidden" name="token" value="${escapeHtml(opts.token)}">
  <label>${escapeHtml(p.returnId)} <small>(${escapeHtml(p.returnHint)})</small><input name="returnEndToEndId" maxlength="35" autocomplete="off"></label>
  <label>${escapeHtml(p.returnReason)}
    <select name="returnReason">${sandboxReturnReasons.map((r) => `<option value="${r}">${r}</option>`).join('')}</select></label>
  <label>${escapeHtml(p.file)}<input type="file" name="file" accept=".xml,application/xml,text/xml" required></label>
  <p><button type="submit">${escapeHtml(p.submit)}</button></p>
</form>`;
  const files = [...new Set(opts.debits.map((d) => d.messageId))];
  const debitRows = opts.debits
    .map(
      (d) =>
        `<tr><td>${escapeHtml(formatDate(d.bookingDate, { locale }))}</td><td>${escapeHtml(d.creditorName)}<br><small>${escapeHtml(d.creditorIban)}</small></td><td class="num">${escapeHtml(formatEuro(d.amountCents, { locale, fraction: 'always' }))}</td><td><small>${escapeHtml(d.endToEndId)}</small></td><td>${escapeHtml(d.status === 'returned' ? p.returned(d.returnReason ?? '') : p.booked)}</td><td><small>${escapeHtml(d.messageId)}</small></td></tr>`,
    )
    .join('');
  const pc = p.columns;
  const payouts = `<section><h2>${escapeHtml(p.heading)}</h2><p class="hint">${escapeHtml(p.hint)}</p>${payoutForm}</section>
<section><h2>${escapeHtml(p.listHeading)}</h2>
${
  debitRows
    ? `<div class="table-wrap"><table><thead><tr><th>${pc.date}</th><th>${pc.creditor}</th><th class="num">${pc.amount}</th><th>${pc.endToEndId}</th><th>${pc.status}</th><th>${pc.file}</th></tr></thead><tbody>${debitRows}</tbody></table></div>
<ul>${files.map((f) => `<li><a href="/sandbox/bank/payouts-camt054.xml?msgId=${encodeURIComponent(f)}" download>${escapeHtml(`${p.notice}: ${f}`)}</a></li>`).join('')}</ul>`
    : `<p>${escapeHtml(p.none)}</p>`
}
</section>`;
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
</section>
${payouts}`;
  return renderSandboxPage({ locale, title: t.title, path: '/sandbox/bank', notice: t.notice, body });
}
