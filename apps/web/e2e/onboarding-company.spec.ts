import type { Locator, Page } from '@playwright/test';
import { linkFromMailbox, testPassword, uniqueEmail } from './support/accounts.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { apiLogIn, customerRecord, pdfDocument, registerDocuments, todayIso } from './support/onboarding.ts';

// Issue 7, journey 1: a company (legal person) from the sign-up through its self-disclosure as far
// as the first half of the flow reaches (company data, personal data, PEP, representatives,
// beneficial owners, register documents) to the step the server names next, the appropriateness
// test. On the channel whose home requires login (investment reading), where the entry gate rules.
test.use({ baseURL: process.env.E2E_LOGIN_HOME_URL });

const progress = (page: Page) => page.getByRole('navigation', { name: 'Fortschritt der Selbstauskunft' });
const field = (page: Page | Locator, label: string) => page.getByLabel(label, { exact: true });
const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'Ihre Angaben wurden gespeichert.' })).toBeVisible();

/** The progress indicator's steps as `step (state)`, e.g. `Unternehmensdaten (erledigt)`. */
async function stepStates(page: Page) {
  return (await progress(page).getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '));
}

test('a company signs up and completes its self-disclosure up to the appropriateness test', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('karla.brandt');
  const companyName = `Elbwerft Energie ${Date.now().toString(36)} GmbH`;

  // --- sign-up as a legal person
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: 'Unternehmen', exact: true }).check();
  await field(page, 'Vorname').fill('Karla');
  await field(page, 'Nachname').fill('Brandt');
  await field(page, 'E-Mail-Adresse').fill(email);
  await field(page, 'Passwort').fill(testPassword);
  await field(page, 'Passwort wiederholen').fill(testPassword);
  await field(page, 'Firmenname').fill(companyName);
  await field(page, 'Rechtsform').selectOption('limited_liability_company');
  await page.getByLabel(/Ich akzeptiere die Allgemeinen Geschäftsbedingungen/).check();
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByTestId('sign-up-done')).toContainText(email);

  // --- the mailed link confirms the address; the login leads straight to the company data
  await page.goto(await linkFromMailbox(request, email, '/verify-email'));
  await expect(page).toHaveURL(/\/login$/);
  await field(page, 'Passwort').fill(testPassword);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/self-disclosure\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unternehmensdaten' })).toBeVisible();
  // spec 2 order for a company; every step the account type may need is listed (decision 015)
  expect(await stepStates(page)).toEqual([
    expect.stringContaining('Unternehmensdaten (als Nächstes)'),
    expect.stringContaining('Persönliche Daten (noch offen)'),
    expect.stringContaining('Politisch exponierte Person (noch offen)'),
    expect.stringContaining('Vertreter (noch offen)'),
    expect.stringContaining('Wirtschaftlich Berechtigte (noch offen)'),
    expect.stringContaining('Unterlagen (noch offen)'),
    expect.stringContaining('Angemessenheit (noch offen)'),
    expect.stringContaining('Professioneller Kunde (noch offen)'),
    expect.stringContaining('Angemessenheitsprüfung (noch offen)'),
    expect.stringContaining('Risikohinweise (noch offen)'),
    expect.stringContaining('Identifizierung (noch offen)'),
    expect.stringContaining('Verwahrung (noch offen)'),
  ]);
  // what the sign-up said is already there
  await expect(field(page, 'Name des Unternehmens')).toHaveValue(companyName);
  await expect(field(page, 'Rechtsform')).toHaveValue('limited_liability_company');
  await expectAccessible(page, 'company data');

  // --- company data; a wrong IBAN is refused in German and nothing moves on
  await field(page, 'Registernummer').fill('HRB 178021');
  await field(page, 'Registergericht').fill('Amtsgericht Hamburg');
  await field(page, 'Gründungsdatum').fill('2019-04-01');
  await field(page, 'Steuernummer').fill('43/815/08150');
  await field(page, 'Umsatzsteuer-Identifikationsnummer').fill('DE811569869');
  await field(page, 'Straße und Hausnummer').fill('Am Sandtorkai 50');
  await field(page, 'Postleitzahl').fill('20457');
  await field(page, 'Ort').fill('Hamburg');
  await field(page, 'Land').selectOption('DE');
  await field(page, 'Bank').fill('Hamburger Sparkasse');
  await field(page, 'IBAN').fill('DE02 2005 0550 1015 8713 94');
  await field(page, 'BIC (SWIFT)').fill('HASPDEHHXXX');
  await field(page, 'Land der Bank').selectOption('DE');
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(field(page, 'IBAN')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'IBAN')).toHaveAccessibleDescription(/Bitte geben Sie eine gültige IBAN ein/);
  await expect(page).toHaveURL(/\/self-disclosure\/company$/);
  // typed in groups of four; the checksum fixed
  await field(page, 'IBAN').fill('de02200505501015871393');
  await expect(field(page, 'IBAN')).toHaveValue('DE02 2005 0550 1015 8713 93');
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();

  // --- personal data of the person acting for the company (no bank account: the company's is given)
  await expect(page).toHaveURL(/\/self-disclosure\/personal$/);
  await saved(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeVisible();
  expect((await stepStates(page))[0]).toContain('Unternehmensdaten (erledigt)');
  await expect(field(page, 'IBAN')).toHaveCount(0);
  await expect(field(page, 'Vorname')).toHaveValue('Karla');
  await field(page, 'Anrede').selectOption('ms');
  await field(page, 'Geburtsdatum').fill('1979-09-23');
  await field(page, 'Geburtsort').fill('Lübeck');
  await field(page, 'Geburtsland').selectOption('DE');
  await field(page, 'Staatsangehörigkeit').selectOption('DE');
  await field(page, 'Straße und Hausnummer').fill('Mühlenstraße 7');
  await field(page, 'Postleitzahl').fill('23552');
  await field(page, 'Ort').fill('Lübeck');
  await field(page, 'Land').selectOption('DE');
  await field(page, 'Mobilnummer').fill('0151 123');
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(field(page, 'Mobilnummer')).toHaveAccessibleDescription(
    /gültige Mobilnummer im internationalen Format/,
  );
  await field(page, 'Mobilnummer').fill('+49 151 23456789');
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();

  // --- a reload in the middle resumes where the server says; a later step is not reachable yet
  await expect(page).toHaveURL(/\/self-disclosure\/pep$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Politisch exponierte Person' })).toBeVisible();
  expect((await stepStates(page)).slice(0, 3)).toEqual([
    expect.stringContaining('(erledigt)'),
    expect.stringContaining('(erledigt)'),
    expect.stringContaining('Politisch exponierte Person (als Nächstes)'),
  ]);
  await page.goto('/self-disclosure/ubo-documents');
  await expect(page).toHaveURL(/\/self-disclosure\/pep$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/self-disclosure\/pep$/);

  // --- PEP: the declaration for the company
  await page.getByRole('radio', { name: 'Nein', exact: true }).check();
  await page
    .getByLabel('Ich handle auf Rechnung des Unternehmens und nicht auf Veranlassung eines Dritten.')
    .check();
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(page).toHaveURL(/\/self-disclosure\/representatives$/);
  await expectAccessible(page, 'representatives');

  // --- leaving the process asks the spec's question; staying keeps the page, leaving goes
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Mein Konto' }).first().click();
  const leave = page.getByRole('alertdialog');
  await expect(leave.getByRole('heading', { name: 'Vorgang verlassen?' })).toBeVisible();
  await expect(leave).toContainText(
    'Alle vorbereiteten Angaben gehen verloren. Möchten Sie den Vorgang wirklich verlassen?',
  );
  await leave.getByRole('button', { name: 'Bleiben' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(/\/self-disclosure\/representatives$/);
  await header.getByRole('link', { name: 'Mein Konto' }).first().click();
  await leave.getByRole('button', { name: 'Verlassen' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // …and coming back resumes at the step that is due
  await page.goto('/');
  await expect(page).toHaveURL(/\/self-disclosure\/representatives$/);

  // --- representatives: the user as managing director (legal representative)
  await page.getByRole('button', { name: 'Mich als Vertreter eintragen' }).click();
  const editor = page.getByRole('form', { name: 'Ihre Angaben bearbeiten' });
  await expect(editor).toBeVisible();
  await expect(field(editor, 'Vorname')).toHaveValue('Karla');
  await field(editor, 'Geburtsdatum').fill('1979-09-23');
  await field(editor, 'Geburtsort').fill('Lübeck');
  await field(editor, 'Staatsangehörigkeit').selectOption('DE');
  await field(editor, 'Straße und Hausnummer').fill('Mühlenstraße 7');
  await field(editor, 'Postleitzahl').fill('23552');
  await field(editor, 'Ort').fill('Lübeck');
  await field(editor, 'Land').selectOption('DE');
  await editor.getByRole('radio', { name: 'Gesetzlicher Vertreter', exact: true }).check();
  await editor.getByLabel('Geschäftsführer', { exact: true }).check();
  await editor.getByLabel('Mitglied des Vertretungsorgans', { exact: true }).check();
  await editor.getByRole('button', { name: 'Person speichern' }).click();
  await expect(editor).toHaveCount(0);
  const me = page.getByRole('listitem').filter({ hasText: 'Karla Brandt' });
  await expect(me).toContainText('Gesetzlicher Vertreter');
  // a legal representative acts without power of attorney: no proof of authorisation asked for
  await expect(page.getByText(/Sie sind als Bevollmächtigter eingetragen/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  // --- beneficial owners: 25 % is not more than 25 % (GwG § 3 (2)); 60 % is
  await expect(page).toHaveURL(/\/self-disclosure\/ubo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wirtschaftlich Berechtigte' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Mindestens ein wirtschaftlich Berechtigter ist erforderlich' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Neue Person hinzufügen' }).click();
  const owner = page.getByRole('form', { name: 'Wirtschaftlich Berechtigten hinzufügen' });
  await field(owner, 'Vorname').fill('Henrik');
  await field(owner, 'Nachname').fill('Jansen');
  await field(owner, 'Geburtsdatum').fill('1968-11-03');
  await field(owner, 'Geburtsort').fill('Kiel');
  await field(owner, 'Staatsangehörigkeit').selectOption('DE');
  await field(owner, 'Straße und Hausnummer').fill('Holtenauer Straße 12');
  await field(owner, 'Postleitzahl').fill('24105');
  await field(owner, 'Ort').fill('Kiel');
  await field(owner, 'Land').selectOption('DE');
  await owner.getByRole('radio', { name: 'Unmittelbar', exact: true }).check();
  await field(owner, 'Kapitalanteil').fill('25');
  await field(owner, 'Stimmrechtsanteil').fill('25');
  await owner.getByRole('button', { name: 'Person speichern' }).click();
  await expect(owner.getByText(/mehr als 25 % der Kapitalanteile oder Stimmrechte/).first()).toBeVisible();
  await field(owner, 'Kapitalanteil').fill('60');
  await field(owner, 'Stimmrechtsanteil').fill('60,5');
  await owner.getByRole('button', { name: 'Person speichern' }).click();
  await expect(owner).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Henrik Jansen' })).toContainText(
    '60 % Kapital, 60,5 % Stimmrechte',
  );
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  // --- the register documents, as real PDFs
  await expect(page).toHaveURL(/\/self-disclosure\/ubo-documents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unterlagen' })).toBeVisible();
  const section = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  const uploadForm = (name: string) => section(name).getByRole('form', { name: `Hochladen: ${name}` });

  // bytes that are not a PDF are refused before anything is sent
  const excerpt = uploadForm('Handelsregisterauszug');
  await field(excerpt, 'Datum des Dokuments').fill(todayIso());
  await field(excerpt, 'Datei').setInputFiles({
    name: 'auszug.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Dies ist kein PDF, nur Text.'),
  });
  await expect(field(excerpt, 'Datei')).toHaveAccessibleDescription(/Die Datei wurde nicht erkannt/);

  // a larger register excerpt over a slow line: the progress bar fills while it is sent
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 200_000,
  });
  await field(excerpt, 'Datei').setInputFiles({
    name: registerDocuments[0].file,
    mimeType: 'application/pdf',
    buffer: pdfDocument('Handelsregisterauszug HRB 178021', { padTo: 900_000 }),
  });
  await excerpt.getByRole('button', { name: 'Hochladen' }).click();
  const bar = page.getByRole('progressbar', {
    name: `Fortschritt beim Hochladen von ${registerDocuments[0].file}`,
  });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const midway = Number(await bar.getAttribute('value'));
  expect(midway).toBeLessThan(100);
  await expect(section('Handelsregisterauszug')).toContainText(/\d+ % · \d+ KB von 90\d KB/);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(bar).toHaveCount(0, { timeout: 20_000 });
  await expect(section('Handelsregisterauszug').getByRole('list')).toContainText(registerDocuments[0].file);
  await expect(section('Handelsregisterauszug')).toContainText('900 KB');

  for (const doc of registerDocuments.slice(1, 3)) {
    const name = { shareholder_list: 'Gesellschafterliste', shareholder_agreement: 'Gesellschaftsvertrag' }[
      doc.purpose as 'shareholder_list' | 'shareholder_agreement'
    ];
    const form = uploadForm(name);
    await field(form, 'Datum des Dokuments').fill(todayIso());
    await field(form, 'Datei').setInputFiles({
      name: doc.file,
      mimeType: 'application/pdf',
      buffer: pdfDocument(name),
    });
    await form.getByRole('button', { name: 'Hochladen' }).click();
    await expect(section(name).getByRole('list')).toContainText(doc.file);
  }
  // one still missing: the step says which
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  const missing = page.getByRole('alert').filter({ hasText: 'Es fehlen noch diese Unterlagen:' });
  await expect(missing).toContainText('Transparenzregisterauszug');
  await expect(missing).not.toContainText('Gesellschafterliste');
  await expect(page).toHaveURL(/\/self-disclosure\/ubo-documents$/);

  const transparency = uploadForm('Transparenzregisterauszug');
  await field(transparency, 'Datum des Dokuments').fill(todayIso());
  await field(transparency, 'Datei').setInputFiles({
    name: registerDocuments[3].file,
    mimeType: 'application/pdf',
    buffer: pdfDocument('Transparenzregisterauszug'),
  });
  await transparency.getByRole('button', { name: 'Hochladen' }).click();
  await expect(section('Transparenzregisterauszug').getByRole('list')).toContainText(
    registerDocuments[3].file,
  );
  await expectAccessible(page, 'documents');

  // --- on to the step the server names: the appropriateness test
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page).toHaveURL(/\/self-disclosure\/adequacy-optional$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Angemessenheit' })).toBeVisible();
  expect((await stepStates(page))[5]).toContain('Unterlagen (erledigt)');
  await expect(progress(page).getByRole('listitem').nth(6)).toHaveAttribute('aria-current', 'step');
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihre Angaben wurden gespeichert.' }),
  ).toBeVisible();

  // the server agrees: the first half is done, the appropriateness test is due
  const session = await apiLogIn(request, { email, password: testPassword });
  const record = await customerRecord(request, session);
  expect(record.onboarding.nextRoute).toBe('/self-disclosure/adequacy-optional');
  expect(record.onboarding.steps.slice(0, 7)).toEqual([
    { step: 'company', route: '/self-disclosure/company', state: 'done' },
    { step: 'personal', route: '/self-disclosure/personal', state: 'done' },
    { step: 'pep', route: '/self-disclosure/pep', state: 'done' },
    { step: 'representatives', route: '/self-disclosure/representatives', state: 'done' },
    { step: 'ubo', route: '/self-disclosure/ubo', state: 'done' },
    { step: 'ubo_documents', route: '/self-disclosure/ubo-documents', state: 'done' },
    { step: 'adequacy_optional', route: '/self-disclosure/adequacy-optional', state: 'current' },
  ]);
  expect(record).toMatchObject({
    companyName,
    registryNumber: 'HRB 178021',
    iban: 'DE02200505501015871393',
    notPep: true,
    actingOnOwnAccount: true,
  });
});
