import type { Locator, Page } from '@playwright/test';
import { logInWithForm } from './support/accounts.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import {
  apiLogIn,
  companyWaitingForReview,
  customerRecord,
  demoOperator,
  logInOperatorWithForm,
  registerDocuments,
} from './support/onboarding.ts';

// Issue 7, journey 2: the compliance review. A company that has done everything the first half of
// the flow asks and whose identity the sandbox partner confirmed waits in the queue (put there
// through the API as its own calls would); the operator logs in with two-factor, finds it, opens a
// register document, asks for more information, approves, bans and lifts the ban; the customer is
// led once to the contact page and answers; the audit log lists every decision.
test.use({ baseURL: process.env.E2E_LOGIN_HOME_URL });

const dialogOf = (page: Page) => page.getByRole('dialog');
const statusBadge = (page: Page) => page.getByRole('region', { name: 'Entscheidungen' });

/** Opens a decision's dialog, fills its form and confirms; waits for the notification. */
async function decide(
  page: Page,
  opts: { button: string; submit: string; done: string; reason?: string; message?: string },
) {
  await page.getByRole('button', { name: opts.button, exact: true }).click();
  const dialog = dialogOf(page);
  if (opts.message !== undefined) await dialog.getByLabel('Nachricht an den Kunden').fill(opts.message);
  if (opts.reason !== undefined) await dialog.getByLabel(/^Begründung/).fill(opts.reason);
  await dialog.getByRole('button', { name: opts.submit, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: opts.done })).toBeVisible();
}

const entries = (log: Locator) => log.getByRole('listitem');

test('the operator reviews a company: document, follow-up, approval, ban and lifting it, all in the audit log', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const person = { firstName: 'Greta', lastName: 'Lindqvist', companyName: `Nordlicht Solar ${stamp} GmbH` };
  const customer = await companyWaitingForReview(request, person);
  const title = `${person.companyName} (Greta Lindqvist)`;

  // --- the operator logs in with the code of the authenticator app and lands in the review
  await page.goto('/login?redirectPath=/admin');
  await logInOperatorWithForm(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prüfliste' })).toBeVisible();
  await expect(page.getByText(`Angemeldet als ${demoOperator.fullName}`)).toBeVisible();

  // --- the company waits because its self-disclosure is complete and its identity confirmed
  await page.getByLabel('Suche', { exact: true }).fill(person.companyName);
  await page.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(page).toHaveURL(/search=Nordlicht/);
  const row = page.getByRole('row').filter({ hasText: person.companyName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Selbstauskunft abgeschlossen');
  await expect(row).toContainText('Bestätigt');
  await expectAccessible(page, 'review queue');
  await row.getByRole('link', { name: 'Greta Lindqvist prüfen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(statusBadge(page)).toContainText('Wartet wegen: Selbstauskunft abgeschlossen');

  // the file: company data, both persons, the four documents
  await expect(page.getByRole('region', { name: 'Unternehmensdaten' })).toContainText('HRB 178021');
  const persons = page.getByRole('region', { name: 'Wirtschaftlich Berechtigte und Vertreter' });
  await expect(persons).toContainText('Greta Lindqvist');
  await expect(persons).toContainText('Gesetzlicher Vertreter');
  await expect(persons).toContainText('Henrik Jansen');
  const documents = page.getByRole('region', { name: 'Dokumente' });
  for (const doc of registerDocuments) await expect(documents).toContainText(doc.file);
  await expectAccessible(page, 'customer file');

  // --- a register document opens in a new tab; what answers there is the PDF
  const tab = page.context().waitForEvent('page');
  const fileAnswer = page
    .context()
    .waitForEvent(
      'response',
      (r) => r.url().includes('/api/v2/admin/files/') && r.request().method() === 'GET',
    );
  await documents.getByRole('button', { name: `${registerDocuments[0].file} in neuem Tab öffnen` }).click();
  const opened = await tab;
  const answer = await fileAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-disposition']).toContain('inline');
  expect(answer.url()).toContain('access=');
  // the tab's address opens this one file without a bearer token (a plain request, as the tab's)
  const viaLink = await request.get(answer.url());
  expect(viaLink.status()).toBe(200);
  expect((await viaLink.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // …and it does not open anything once its access grant is removed
  const bare = new URL(answer.url());
  bare.search = '';
  expect((await request.get(bare.toString())).status()).toBe(401);
  await opened.close();

  // --- more information needed: the message is checked before it leaves
  await page.getByRole('button', { name: 'Rückfrage stellen', exact: true }).click();
  await dialogOf(page).getByLabel('Nachricht an den Kunden').fill('Bitte');
  await dialogOf(page).getByRole('button', { name: 'Rückfrage senden' }).click();
  await expect(dialogOf(page).getByLabel('Nachricht an den Kunden')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialogOf(page).getByLabel(/^Begründung/)).toHaveAttribute('aria-invalid', 'true');
  await dialogOf(page).getByRole('button', { name: 'Abbrechen' }).click();
  const message =
    'Bitte laden Sie eine aktuelle Gesellschafterliste hoch: die hochgeladene nennt Herrn Jansen nicht mit seinem Anteil.';
  await decide(page, {
    button: 'Rückfrage stellen',
    submit: 'Rückfrage senden',
    done: `Die Rückfrage an ${title} ist gesendet.`,
    message,
    reason: 'Gesellschafterliste unvollständig',
  });
  await expect(statusBadge(page)).toContainText('Rückfrage offen');
  await expect(statusBadge(page)).toContainText('Offene Rückfrage an den Kunden (noch nicht gesehen)');
  await expect(statusBadge(page)).toContainText(message);

  // --- the customer: the next login leads to the contact page once; the message is theirs to read
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto('/login');
  await logInWithForm(customerPage, customer.who);
  await expect(customerPage).toHaveURL(/\/contact$/);
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  // the "more information needed" banner carries the operator's message
  const banner = customerPage.getByRole('region', { name: 'Hinweis zu Ihrem Konto' });
  await expect(banner).toContainText('Wir benötigen weitere Informationen von Ihnen.');
  await expect(banner).toContainText(message);
  const record = await customerRecord(request, await apiLogIn(request, customer.who));
  expect(record.followUpMessage).toBe(message);
  expect(record.onboarding.banner).toBe('more_information');
  // once: the server remembers it, so home now stays home (every step of the self-disclosure is
  // done), with the banner and its way to the contact page still there
  await expect
    .poll(
      async () => (await customerRecord(request, await apiLogIn(request, customer.who))).onboarding.nextRoute,
    )
    .toBe(null);
  await customerPage.goto('/');
  await expect(customerPage).toHaveURL(/:\d+\/$/);
  await expect(banner.getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/contact');
  // …also on the next login elsewhere
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await laptopPage.goto('/login');
  await logInWithForm(laptopPage, customer.who);
  await expect(laptopPage).not.toHaveURL(/\/(login|contact)/);
  await laptop.close();
  // the operator sees that the customer has been shown the request
  await page.reload();
  await expect(statusBadge(page)).toContainText(
    /Offene Rückfrage an den Kunden \(gesehen am \d{2}\.\d{2}\.\d{4}/,
  );
  // the customer answers through the contact form
  await customerPage.goto('/contact');
  const form = customerPage.getByRole('form', { name: 'Nachricht senden' });
  await form.getByLabel('Name', { exact: true }).fill('Greta Lindqvist');
  await form.getByLabel('E-Mail-Adresse', { exact: true }).fill(customer.who.email);
  await form.getByLabel('Betreff', { exact: true }).fill('Gesellschafterliste');
  await form
    .getByLabel('Nachricht', { exact: true })
    .fill('Die aktuelle Gesellschafterliste reichen wir heute nach.');
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(
    customerPage.getByRole('status').filter({ hasText: 'Ihre Nachricht wurde gesendet' }),
  ).toBeVisible();
  // the admin area does not exist for a customer
  await customerPage.goto('/admin');
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Prüfliste' })).toHaveCount(0);
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();

  // --- back in the review: the answer puts the company in the queue again
  await page.reload();
  await expect(statusBadge(page)).toContainText('Rückfrage beantwortet');

  // --- approve
  await decide(page, {
    button: 'Freigeben',
    submit: 'Freigeben',
    done: `${title} ist freigegeben.`,
    reason: 'Unterlagen vollständig',
  });
  await expect(statusBadge(page)).toContainText('Freigegeben');
  await expect(statusBadge(page)).toContainText('Wartet auf keine Entscheidung.');
  await expect(page.getByRole('button', { name: 'Freigeben', exact: true })).toBeDisabled();

  // --- ban: a reason is required; the customer is then sent to /banned
  await page.getByRole('button', { name: 'Sperren', exact: true }).click();
  await dialogOf(page).getByRole('button', { name: 'Sperren', exact: true }).click();
  await expect(dialogOf(page).getByLabel(/^Begründung/)).toHaveAttribute('aria-invalid', 'true');
  await dialogOf(page).getByRole('button', { name: 'Abbrechen' }).click();
  await decide(page, {
    button: 'Sperren',
    submit: 'Sperren',
    done: `${title} ist gesperrt.`,
    reason: 'Verdacht auf Strohmanngeschäft',
  });
  await expect(statusBadge(page)).toContainText('Gesperrt');
  await customerPage.goto('/');
  await expect(customerPage).toHaveURL(/\/banned$/);
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Ihr Konto ist gesperrt' })).toBeVisible();

  // --- lift the ban: checked again from the start
  await decide(page, {
    button: 'Sperre aufheben',
    submit: 'Sperre aufheben',
    done: `Die Sperre von ${title} ist aufgehoben.`,
    reason: 'Verdacht ausgeräumt',
  });
  await expect(page.getByRole('button', { name: 'Sperre aufheben', exact: true })).toBeDisabled();
  await customerPage.goto('/');
  await expect(customerPage).not.toHaveURL(/\/banned$/);

  // --- the audit log: every decision, newest first, with who and why
  const log = page.getByRole('region', { name: 'Prüfprotokoll' });
  await expect(entries(log).first()).toContainText('Sperre aufgehoben');
  const texts = (await entries(log).allTextContents()).map((t) => t.replace(/\s+/g, ' '));
  // the platform's own rows (identification result, the registrar's approval of the wallet) aside
  const decisions = texts.filter(
    (t) => !t.includes('Ergebnis der Identifizierung') && !t.includes('Status beim Kryptowertpapierregister'),
  );
  expect(decisions).toEqual([
    expect.stringMatching(
      /^Sperre aufgehoben · Gesperrt → .*von Clara Hoffmann.*Begründung: Verdacht ausgeräumt/,
    ),
    expect.stringMatching(
      /^Gesperrt · Freigegeben → Gesperrt.*von Clara Hoffmann.*Begründung: Verdacht auf Strohmanngeschäft/,
    ),
    expect.stringMatching(
      /^Freigegeben · Rückfrage offen → Freigegeben.*von Clara Hoffmann.*Begründung: Unterlagen vollständig/,
    ),
    expect.stringMatching(
      new RegExp(
        `^Rückfrage gestellt .*von Clara Hoffmann.*Begründung: Gesellschafterliste unvollständig.*Nachricht: ${message}`,
      ),
    ),
  ]);
  // the partner's identification result is logged too, by the platform
  expect(texts.some((t) => /Ergebnis der Identifizierung.*von Plattform/.test(t))).toBe(true);
  await customerContext.close();
});
