import type { Locale } from '@token/domain/i18n';
import type { PartnerResult } from '@token/domain/identification';
import { escapeHtml, renderSandboxPage } from '../../sandbox-pages.ts';
import {
  type SandboxAction,
  type SandboxCase,
  type SandboxCaseStatus,
  sandboxActions,
} from './sandbox-identification.ts';
import { sandboxBackAttribute, sandboxBackScriptPath } from './sandbox-identification-back.script.ts';

/**
 * The sandbox partner's page: plain HTML and CSS, in German or English, with one script from this
 * site (the app's CSP holds) that closes the window on the way back to the platform. Every action is
 * a POST form carrying the case's current form token.
 */

type Texts = {
  htmlTitle: string;
  heading: string;
  testNotice: string;
  status: string;
  statuses: Record<SandboxCaseStatus, string>;
  person: string;
  personHint: string;
  fields: {
    name: string;
    birthDate: string;
    birthPlace: string;
    nationality: string;
    address: string;
    mobile: string;
    email: string;
  };
  personActions: string;
  reviewer: string;
  reviewerHint: string;
  /** The checkbox that keeps a decision's webhook from being sent (decision 029). */
  loseCallback: string;
  reviewerWaiting: string;
  finalNotice: string;
  actions: Record<SandboxAction, { label: string; hint: string }>;
  dataChanged: string;
  dataChangedHint: string;
  correctedFirstName: string;
  correctedLastName: string;
  correctedBirthDate: string;
  sent: (result: string, seconds: number) => string;
  backToPlatform: string;
  notFoundTitle: string;
  notFound: string;
  conflictTitle: string;
  conflict: string;
  badRequestTitle: string;
  badRequest: string;
  forbiddenTitle: string;
  forbidden: string;
  reload: string;
};

const texts: Record<Locale, Texts> = {
  de: {
    htmlTitle: 'Identifizierung – Sandbox',
    heading: 'Identifizierung beim Identifizierungspartner',
    testNotice:
      'Testumgebung: Hier wird niemand wirklich identifiziert. Sie spielen die Person und die Prüferin oder den Prüfer des Partners (nach dem Vorbild von IDnow).',
    status: 'Stand',
    statuses: {
      CREATED: 'angelegt, Videoanruf noch nicht begonnen',
      STARTED: 'im Videoanruf',
      SUCCESS: 'bestätigt',
      SUCCESS_DATA_CHANGED: 'bestätigt, Daten berichtigt',
      REVIEW_PENDING: 'bestätigt, abschließende Prüfung offen',
      CHECK_PENDING: 'Prüfung läuft',
      FRAUD_SUSPICION_PENDING: 'Betrugsverdacht, wird geprüft',
      FRAUD_SUSPICION_CONFIRMED: 'abgelehnt',
      ABORTED: 'von der Person abgebrochen',
      CANCELED: 'vom Partner abgebrochen',
    },
    person: 'Die Person',
    personHint: 'Diese Daten hat die Plattform an den Partner übermittelt.',
    fields: {
      name: 'Name',
      birthDate: 'Geburtsdatum',
      birthPlace: 'Geburtsort',
      nationality: 'Staatsangehörigkeit',
      address: 'Anschrift',
      mobile: 'Mobilnummer',
      email: 'E-Mail',
    },
    personActions: 'Als Person',
    reviewer: 'Prüfung durch den Partner',
    reviewerHint: 'Die Entscheidung erreicht die Plattform wenige Sekunden später als signierter Webhook.',
    loseCallback:
      'Webhook verlieren (die Plattform erfährt die Entscheidung nur, indem sie bei der API des Partners nachfragt)',
    reviewerWaiting: 'Die Prüfung beginnt, sobald die Person den Videoanruf gestartet hat.',
    finalNotice: 'Dieser Fall ist abgeschlossen.',
    actions: {
      start_call: { label: 'Videoanruf starten', hint: 'Die Person beginnt die Identifizierung.' },
      ABORTED: {
        label: 'Person bricht ab',
        hint: 'ABORTED: Die Person verlässt den Anruf; sie kann es erneut versuchen.',
      },
      SUCCESS: { label: 'Bestätigen', hint: 'SUCCESS: Identität bestätigt.' },
      REVIEW_PENDING: {
        label: 'Bestätigen, Prüfung offen',
        hint: 'REVIEW_PENDING: bestätigt, die abschließende Prüfung folgt.',
      },
      SUCCESS_DATA_CHANGED: {
        label: 'Bestätigen mit berichtigten Daten',
        hint: 'SUCCESS_DATA_CHANGED: bestätigt, Angaben laut Ausweis berichtigt.',
      },
      FRAUD_SUSPICION_PENDING: {
        label: 'Ablehnen, Prüfung offen',
        hint: 'FRAUD_SUSPICION_PENDING: Verdacht, der Partner prüft weiter.',
      },
      FRAUD_SUSPICION_CONFIRMED: {
        label: 'Ablehnen',
        hint: 'FRAUD_SUSPICION_CONFIRMED: Identität nicht bestätigt.',
      },
      CHECK_PENDING: { label: 'Prüfung läuft', hint: 'CHECK_PENDING: automatische Prüfung läuft.' },
      CANCELED: {
        label: 'Anruf abbrechen (Ausweis unlesbar)',
        hint: 'CANCELED: Der Partner beendet den Versuch; die Person kann es erneut versuchen.',
      },
    },
    dataChanged: 'Berichtigte Daten',
    dataChangedHint: 'Ändern Sie, was laut Ausweis anders lautet, und bestätigen Sie dann.',
    correctedFirstName: 'Vorname laut Ausweis',
    correctedLastName: 'Nachname laut Ausweis',
    correctedBirthDate: 'Geburtsdatum laut Ausweis (JJJJ-MM-TT)',
    sent: (result, seconds) =>
      `Das Ergebnis „${result}“ wurde gesendet und erreicht die Plattform in etwa ${seconds} Sekunden.`,
    backToPlatform: 'Zurück zur Plattform',
    notFoundTitle: 'Fall nicht gefunden',
    notFound:
      'Diesen Identifizierungsfall gibt es nicht. Bitte beginnen Sie die Identifizierung auf der Plattform neu.',
    conflictTitle: 'Nicht mehr aktuell',
    conflict:
      'Diese Seite ist nicht mehr aktuell oder die Aktion ist in diesem Stand nicht möglich. Bitte laden Sie die Seite neu.',
    badRequestTitle: 'Ungültige Eingabe',
    badRequest: 'Die Eingabe ist ungültig. Bitte prüfen Sie die Felder und versuchen Sie es erneut.',
    forbiddenTitle: 'Nicht erlaubt',
    forbidden: 'Diese Aktion muss von der Seite des Falls aus gesendet werden.',
    reload: 'Seite neu laden',
  },
  en: {
    htmlTitle: 'Identification – sandbox',
    heading: 'Identification with the identification partner',
    testNotice:
      "Test environment: nobody is really identified here. You play the person and the partner's reviewer (modelled on IDnow).",
    status: 'Status',
    statuses: {
      CREATED: 'created, video call not started yet',
      STARTED: 'in the video call',
      SUCCESS: 'confirmed',
      SUCCESS_DATA_CHANGED: 'confirmed, data corrected',
      REVIEW_PENDING: 'confirmed, final review open',
      CHECK_PENDING: 'check running',
      FRAUD_SUSPICION_PENDING: 'fraud suspicion, under review',
      FRAUD_SUSPICION_CONFIRMED: 'rejected',
      ABORTED: 'aborted by the person',
      CANCELED: 'cancelled by the partner',
    },
    person: 'The person',
    personHint: 'The platform sent these details to the partner.',
    fields: {
      name: 'Name',
      birthDate: 'Date of birth',
      birthPlace: 'Place of birth',
      nationality: 'Nationality',
      address: 'Address',
      mobile: 'Mobile number',
      email: 'E-mail',
    },
    personActions: 'As the person',
    reviewer: "The partner's review",
    reviewerHint: 'The decision reaches the platform a few seconds later as a signed webhook.',
    loseCallback: "Lose the webhook (the platform learns the decision only by asking the partner's API)",
    reviewerWaiting: 'The review starts once the person has started the video call.',
    finalNotice: 'This case is closed.',
    actions: {
      start_call: { label: 'Start video call', hint: 'The person begins the identification.' },
      ABORTED: { label: 'Person aborts', hint: 'ABORTED: the person leaves the call; they may try again.' },
      SUCCESS: { label: 'Approve', hint: 'SUCCESS: identity confirmed.' },
      REVIEW_PENDING: {
        label: 'Approve, review open',
        hint: 'REVIEW_PENDING: confirmed, the final review follows.',
      },
      SUCCESS_DATA_CHANGED: {
        label: 'Approve with corrected data',
        hint: 'SUCCESS_DATA_CHANGED: confirmed, details corrected from the ID document.',
      },
      FRAUD_SUSPICION_PENDING: {
        label: 'Reject, review open',
        hint: 'FRAUD_SUSPICION_PENDING: suspicion, the partner keeps reviewing.',
      },
      FRAUD_SUSPICION_CONFIRMED: {
        label: 'Reject',
        hint: 'FRAUD_SUSPICION_CONFIRMED: identity not confirmed.',
      },
      CHECK_PENDING: { label: 'Check running', hint: 'CHECK_PENDING: automated check running.' },
      CANCELED: {
        label: 'Cancel the call (ID unreadable)',
        hint: 'CANCELED: the partner ends the attempt; the person may try again.',
      },
    },
    dataChanged: 'Corrected data',
    dataChangedHint: 'Change what the ID document says differently, then approve.',
    correctedFirstName: 'First name as on the ID',
    correctedLastName: 'Last name as on the ID',
    correctedBirthDate: 'Date of birth as on the ID (YYYY-MM-DD)',
    sent: (result, seconds) =>
      `The result "${result}" was sent and reaches the platform in about ${seconds} seconds.`,
    backToPlatform: 'Back to the platform',
    notFoundTitle: 'Case not found',
    notFound:
      'This identification case does not exist. Please start the identification again on the platform.',
    conflictTitle: 'Out of date',
    conflict: 'This page is out of date or the action is not possible in this state. Please reload the page.',
    badRequestTitle: 'Invalid input',
    badRequest: 'The input is invalid. Please check the fields and try again.',
    forbiddenTitle: 'Not allowed',
    forbidden: "This action must be sent from the case's page.",
    reload: 'Reload the page',
  },
};

function formatDate(iso: string, locale: Locale): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(d);
}

const buttonClass: Partial<Record<SandboxAction, string>> = {
  ABORTED: 'secondary',
  CANCELED: 'secondary',
  FRAUD_SUSPICION_PENDING: 'danger',
  FRAUD_SUSPICION_CONFIRMED: 'danger',
};

function actionButton(t: Texts, action: SandboxAction): string {
  const a = t.actions[action];
  const cls = buttonClass[action];
  return `<button type="submit" name="action" value="${action}"${cls ? ` class="${cls}"` : ''}>${escapeHtml(a.label)}<small>${escapeHtml(a.hint)}</small></button>`;
}

/** The case's page: the person's data, the person's and the reviewer's actions the case allows now. */
export function renderSandboxCasePage(opts: {
  c: SandboxCase;
  locale: Locale;
  token: string;
  delaySeconds: number;
  platformUrl: string;
  /** The result just sent (after a decision), for the confirmation line. */
  sentResult: PartnerResult | null;
}): string {
  const { c, locale, token } = opts;
  const t = texts[locale];
  const p = c.person;
  const path = `/sandbox/kyc/${c.id}`;
  const action = `${path}/actions?locale=${locale}`;
  const allowed = sandboxActions[c.status];
  const personActions = allowed.filter((a) => a === 'start_call' || a === 'ABORTED');
  const reviewerActions = allowed.filter(
    (a) => a !== 'start_call' && a !== 'ABORTED' && a !== 'SUCCESS_DATA_CHANGED',
  );
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(token)}">`;
  const lose = `<label class="lose"><input type="checkbox" name="callback" value="lose"> ${escapeHtml(t.loseCallback)}</label>`;
  const name = [p.title, p.firstName, p.lastName].filter(Boolean).join(' ');
  const address = `${p.address.street}, ${p.address.postcode} ${p.address.city}, ${p.address.country}`;
  const row = (label: string, value: string | null | undefined) =>
    `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value || '–')}</dd>`;

  const personSection = `<section aria-labelledby="person">
<h2 id="person">${escapeHtml(t.person)}</h2>
<p class="hint">${escapeHtml(t.personHint)}</p>
<dl>
${row(t.fields.name, name)}
${row(t.fields.birthDate, formatDate(p.birthDate, locale))}
${row(t.fields.birthPlace, p.birthPlace)}
${row(t.fields.nationality, p.nationality)}
${row(t.fields.address, address)}
${row(t.fields.mobile, p.mobileNumber)}
${row(t.fields.email, p.email)}
</dl>
${
  personActions.length
    ? `<form method="post" action="${escapeHtml(action)}"><fieldset><legend>${escapeHtml(t.personActions)}</legend>${hidden}<div class="actions">${personActions.map((a) => actionButton(t, a)).join('')}</div></fieldset></form>`
    : ''
}
</section>`;

  const canCorrect = allowed.includes('SUCCESS_DATA_CHANGED');
  const reviewerBody =
    reviewerActions.length || canCorrect
      ? `<p class="hint">${escapeHtml(t.reviewerHint)}</p>
${reviewerActions.length ? `<form method="post" action="${escapeHtml(action)}">${hidden}${lose}<div class="actions">${reviewerActions.map((a) => actionButton(t, a)).join('')}</div></form>` : ''}
${
  canCorrect
    ? `<form method="post" action="${escapeHtml(action)}"><fieldset><legend>${escapeHtml(t.dataChanged)}</legend>
<p class="hint">${escapeHtml(t.dataChangedHint)}</p>${hidden}
<label>${escapeHtml(t.correctedFirstName)}<input name="firstName" maxlength="100" value="${escapeHtml(p.firstName)}" autocomplete="off"></label>
<label>${escapeHtml(t.correctedLastName)}<input name="lastName" maxlength="100" value="${escapeHtml(p.lastName)}" autocomplete="off"></label>
<label>${escapeHtml(t.correctedBirthDate)}<input name="birthDate" maxlength="10" value="${escapeHtml(p.birthDate)}" pattern="\\d{4}-\\d{2}-\\d{2}" autocomplete="off"></label>
${lose}<p>${actionButton(t, 'SUCCESS_DATA_CHANGED')}</p></fieldset></form>`
    : ''
}`
      : `<p class="hint">${escapeHtml(allowed.length === 0 ? t.finalNotice : t.reviewerWaiting)}</p>`;

  const body = `${opts.sentResult ? `<p class="sent" role="status">${escapeHtml(t.sent(opts.sentResult, opts.delaySeconds))}</p>` : ''}
<p>${escapeHtml(t.status)}: <span class="status" data-status="${c.status}">${escapeHtml(t.statuses[c.status])}</span></p>
${personSection}
<section aria-labelledby="reviewer"><h2 id="reviewer">${escapeHtml(t.reviewer)}</h2>
${reviewerBody}
</section>
<p><a class="back" href="${escapeHtml(opts.platformUrl)}" target="_top" ${sandboxBackAttribute}>${escapeHtml(t.backToPlatform)}</a></p>
<script src="${sandboxBackScriptPath}" defer></script>`;
  return renderSandboxPage({ locale, title: t.htmlTitle, path, notice: t.testNotice, body });
}

export type SandboxErrorKind = 'not_found' | 'conflict' | 'bad_request' | 'forbidden';

/** A page for a failed request (unknown case, stale form, bad input, foreign origin). */
export function renderSandboxErrorPage(opts: {
  kind: SandboxErrorKind;
  locale: Locale;
  caseId: string | null;
}): string {
  const t = texts[opts.locale];
  const pages: Record<SandboxErrorKind, [title: string, message: string]> = {
    not_found: [t.notFoundTitle, t.notFound],
    conflict: [t.conflictTitle, t.conflict],
    bad_request: [t.badRequestTitle, t.badRequest],
    forbidden: [t.forbiddenTitle, t.forbidden],
  };
  const [title, message] = pages[opts.kind];
  const path = opts.caseId ? `/sandbox/kyc/${opts.caseId}` : null;
  const body = `<section><h2>${escapeHtml(title)}</h2><p>${escapeHtml(message)}</p>
${path && opts.kind !== 'not_found' ? `<p><a class="back" href="${escapeHtml(`${path}?locale=${opts.locale}`)}">${escapeHtml(t.reload)}</a></p>` : ''}</section>`;
  return renderSandboxPage({ locale: opts.locale, title: t.htmlTitle, path, body });
}
