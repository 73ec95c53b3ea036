import { formatEuro } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { escapeHtml, renderSandboxPage } from '../../sandbox-pages.ts';
import {
  type SandboxCardAction,
  type SandboxCardSession,
  sandboxCardActionsByStatus,
} from './sandbox-card.ts';

/** The sandbox card provider's hosted checkout page (modelled on Stripe Checkout with test cards). */

type Texts = {
  title: string;
  notice: string;
  pay: string;
  merchant: string;
  email: string;
  amount: string;
  actions: Record<SandboxCardAction, { label: string; hint: string }>;
  challengeHeading: string;
  challengeText: string;
  challengeCode: string;
  codeLabel: string;
  errors: Record<'card_declined' | 'authentication_failed', string>;
  complete: string;
  expired: string;
  continue: string;
  back: string;
  hint: (seconds: number) => string;
  notFoundTitle: string;
  notFound: string;
  conflictTitle: string;
  conflict: string;
  badRequestTitle: string;
  badRequest: string;
  forbiddenTitle: string;
  forbidden: string;
};

const texts: Record<Locale, Texts> = {
  de: {
    title: 'Bezahlen mit Karte – Sandbox',
    notice:
      'Testumgebung: Es wird keine Karte belastet. Sie spielen die zahlende Person und ihre Bank (nach dem Vorbild von Stripe Checkout).',
    pay: 'Zahlung',
    merchant: 'Empfänger',
    email: 'E-Mail',
    amount: 'Betrag',
    actions: {
      pay: { label: 'Bezahlen', hint: 'Testkarte 4242 4242 4242 4242: Zahlung erfolgreich.' },
      pay_3ds: {
        label: 'Bezahlen mit 3-D Secure',
        hint: 'Testkarte 4000 0027 6000 3184: Die Bank verlangt eine Bestätigung mit Code.',
      },
      decline: { label: 'Karte abgelehnt', hint: 'Testkarte 4000 0000 0000 0002: Die Bank lehnt ab.' },
      cancel: { label: 'Abbrechen und zurück', hint: 'Zurück zum Shop, ohne zu bezahlen.' },
      expire: { label: 'Sitzung ablaufen lassen', hint: 'Wie nach 24 Stunden ohne Zahlung.' },
      confirm_3ds: { label: 'Bestätigen', hint: 'Den angezeigten Code eingeben.' },
      fail_3ds: { label: 'Bestätigung fehlgeschlagen', hint: 'Die Person bestätigt nicht.' },
    },
    challengeHeading: '3-D Secure – Bestätigung bei Ihrer Bank',
    challengeText:
      'Ihre Bank hat Ihnen diesen Code gesendet. Geben Sie ihn ein, um die Zahlung zu bestätigen.',
    challengeCode: 'Ihr Code',
    codeLabel: 'Bestätigungscode (6 Ziffern)',
    errors: {
      card_declined: 'Die Karte wurde abgelehnt. Bitte versuchen Sie es mit einer anderen Karte.',
      authentication_failed:
        'Die Bestätigung mit 3-D Secure ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    },
    complete: 'Die Zahlung war erfolgreich.',
    expired: 'Diese Zahlungssitzung ist abgelaufen.',
    continue: 'Weiter zum Shop',
    back: 'Zurück zum Shop',
    hint: (s) =>
      `Der Zahlungsdienst meldet das Ergebnis etwa ${s} Sekunden später als signierten Webhook an die Plattform.`,
    notFoundTitle: 'Zahlung nicht gefunden',
    notFound: 'Diese Zahlungssitzung gibt es nicht. Bitte beginnen Sie die Zahlung im Shop neu.',
    conflictTitle: 'Nicht mehr aktuell',
    conflict:
      'Diese Seite ist nicht mehr aktuell oder die Aktion ist jetzt nicht möglich. Bitte laden Sie die Seite neu.',
    badRequestTitle: 'Ungültige Eingabe',
    badRequest: 'Die Eingabe ist ungültig.',
    forbiddenTitle: 'Nicht erlaubt',
    forbidden: 'Diese Aktion muss von der Zahlungsseite aus gesendet werden.',
  },
  en: {
    title: 'Pay by card – sandbox',
    notice:
      'Test environment: no card is charged. You play the payer and their bank (modelled on Stripe Checkout).',
    pay: 'Payment',
    merchant: 'Payee',
    email: 'E-mail',
    amount: 'Amount',
    actions: {
      pay: { label: 'Pay', hint: 'Test card 4242 4242 4242 4242: payment succeeds.' },
      pay_3ds: {
        label: 'Pay with 3-D Secure',
        hint: 'Test card 4000 0027 6000 3184: the bank asks for confirmation with a code.',
      },
      decline: { label: 'Card declined', hint: 'Test card 4000 0000 0000 0002: the bank declines.' },
      cancel: { label: 'Cancel and go back', hint: 'Back to the shop without paying.' },
      expire: { label: 'Let the session expire', hint: 'As after 24 hours without payment.' },
      confirm_3ds: { label: 'Confirm', hint: 'Enter the code shown.' },
      fail_3ds: { label: 'Authentication fails', hint: 'The payer does not confirm.' },
    },
    challengeHeading: '3-D Secure – confirm with your bank',
    challengeText: 'Your bank has sent you this code. Enter it to confirm the payment.',
    challengeCode: 'Your code',
    codeLabel: 'Confirmation code (6 digits)',
    errors: {
      card_declined: 'The card was declined. Please try another card.',
      authentication_failed: '3-D Secure authentication failed. Please try again.',
    },
    complete: 'The payment succeeded.',
    expired: 'This payment session has expired.',
    continue: 'Continue to the shop',
    back: 'Back to the shop',
    hint: (s) =>
      `The payment provider reports the outcome to the platform about ${s} seconds later as a signed webhook.`,
    notFoundTitle: 'Payment not found',
    notFound: 'This payment session does not exist. Please start the payment again in the shop.',
    conflictTitle: 'Out of date',
    conflict: 'This page is out of date or the action is not possible now. Please reload the page.',
    badRequestTitle: 'Invalid input',
    badRequest: 'The input is invalid.',
    forbiddenTitle: 'Not allowed',
    forbidden: 'This action must be sent from the payment page.',
  },
};

export type SandboxCardErrorKind = 'not_found' | 'conflict' | 'bad_request' | 'forbidden';

const buttonClass: Partial<Record<SandboxCardAction, string>> = {
  decline: 'danger',
  fail_3ds: 'danger',
  cancel: 'secondary',
  expire: 'secondary',
};

export function renderSandboxCardPage(opts: {
  session: SandboxCardSession;
  locale: Locale;
  token: string;
  merchant: string;
  delaySeconds: number;
}): string {
  const { session: s, locale } = opts;
  const t = texts[locale];
  const path = `/sandbox/card/${s.id}`;
  const action = `${path}/actions?locale=${locale}`;
  const button = (a: SandboxCardAction) =>
    `<button type="submit" name="action" value="${a}"${buttonClass[a] ? ` class="${buttonClass[a]}"` : ''}>${escapeHtml(t.actions[a].label)}<small>${escapeHtml(t.actions[a].hint)}</small></button>`;
  const expired = s.status === 'expired' || (s.status !== 'complete' && s.expiresAt.getTime() <= Date.now());
  const error =
    s.lastError === 'card_declined' || s.lastError === 'authentication_failed'
      ? `<p class="error" role="alert">${escapeHtml(t.errors[s.lastError])}</p>`
      : '';
  const summary = `<section><h2>${escapeHtml(t.pay)}</h2><dl>
<dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(opts.merchant)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(formatEuro(s.amountCents, { locale, fraction: 'always' }))}</dd>
<dt></dt><dd>${escapeHtml(s.description)}</dd>
${s.customerEmail ? `<dt>${escapeHtml(t.email)}</dt><dd>${escapeHtml(s.customerEmail)}</dd>` : ''}
</dl></section>`;
  let body: string;
  if (s.status === 'complete') {
    body = `<p class="ok" role="status">${escapeHtml(t.complete)}</p><p><a href="${escapeHtml(s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id))}">${escapeHtml(t.continue)}</a></p>`;
  } else if (expired) {
    body = `<p class="error" role="status">${escapeHtml(t.expired)}</p><p><a href="${escapeHtml(s.cancelUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id))}">${escapeHtml(t.back)}</a></p>`;
  } else if (s.status === 'challenge') {
    body = `<section><h2>${escapeHtml(t.challengeHeading)}</h2><p>${escapeHtml(t.challengeText)}</p>
<p>${escapeHtml(t.challengeCode)}: <span class="code" data-testid="challenge-code">${escapeHtml(s.challengeCode ?? '')}</span></p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${opts.token}">
<label>${escapeHtml(t.codeLabel)}<input name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code"></label>
<div class="actions" style="margin-top:.75rem">${button('confirm_3ds')}${button('fail_3ds')}${button('cancel')}</div></form></section>`;
  } else {
    body = `${error}<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${opts.token}">
<div class="actions">${(sandboxCardActionsByStatus.open ?? []).map(button).join('')}</div></form>
<p class="hint">${escapeHtml(t.hint(opts.delaySeconds))}</p>`;
  }
  return renderSandboxPage({ locale, title: t.title, path, notice: t.notice, body: `${summary}${body}` });
}

/** A page for a failed request; its language links lead back to the session's page. */
export function renderSandboxCardErrorPage(opts: {
  kind: SandboxCardErrorKind;
  locale: Locale;
  sessionId: string;
}): string {
  const t = texts[opts.locale];
  const pages: Record<SandboxCardErrorKind, readonly [string, string]> = {
    not_found: [t.notFoundTitle, t.notFound],
    conflict: [t.conflictTitle, t.conflict],
    bad_request: [t.badRequestTitle, t.badRequest],
    forbidden: [t.forbiddenTitle, t.forbidden],
  };
  const [title, text] = pages[opts.kind];
  return renderSandboxPage({
    locale: opts.locale,
    title,
    path: `/sandbox/card/${encodeURIComponent(opts.sessionId)}`,
    notice: t.notice,
    body: `<p class="error" role="alert">${escapeHtml(text)}</p>`,
  });
}
