import { readFileSync } from 'node:fs';
import {
  authenticator,
  linkFromMailbox,
  logInWithForm,
  signUpVerified,
  testPassword,
  uniqueEmail,
} from './support/accounts.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

const storedSession = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('session');
    return raw ? (JSON.parse(raw) as { token: string; refreshToken: string; expiration: number }) : null;
  });

test('a new investor signs up, confirms the address, turns on two-factor, and resets the password', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('erika');
  const header = page.getByRole('banner');

  // --- registration
  await page.goto('/');
  await header.getByRole('link', { name: 'Registrieren' }).first().click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Dieses Feld ist erforderlich').first()).toBeVisible();
  await expectAccessible(page, 'sign-up with errors');

  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Mustermann');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  const password = page.getByLabel('Passwort', { exact: true });
  await password.fill('abc');
  // the spec 5 rules as a checklist, and the strength meter (zxcvbn-ts, loaded now)
  const rules = page.getByRole('list', { name: 'Anforderungen an das Passwort' });
  await expect(rules.getByText('Ein Großbuchstabe')).toContainText('noch nicht erfüllt');
  await expect(page.getByText('Passwortstärke: sehr schwach')).toBeVisible();
  await password.fill(testPassword);
  await expect(rules.getByText('noch nicht erfüllt')).toHaveCount(0);
  await expect(page.getByText(/Passwortstärke: (gut|stark)/)).toBeVisible();
  await page.getByLabel('Passwort wiederholen').fill(testPassword);
  await page.getByLabel(/Ich akzeptiere die Allgemeinen Geschäftsbedingungen/).check();
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeVisible();
  await expect(page.getByTestId('sign-up-done')).toContainText(email);
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Konto wurde angelegt' })).toBeVisible();

  // --- the link from the mailbox confirms the address and leads to the login
  await page.goto(await linkFromMailbox(request, email, '/verify-email'));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Konto ist bestätigt' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  // outside production the demo accounts are offered
  await expect(page.getByTestId('demo-hint')).toContainText('anna.becker@demo.tokenwerk.example');
  await expectAccessible(page, 'login');
  await page.getByLabel('Passwort', { exact: true }).fill(testPassword);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText('Hallo, Erika').first()).toBeVisible();

  // --- account overview with this device among the sessions
  await header.getByRole('link', { name: 'Mein Konto' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByTestId('sessions')).toContainText('Dieses Gerät');
  await expectAccessible(page, 'account');

  // --- two-factor: scan (here: read) the key, confirm a code, keep the recovery codes
  await page.getByRole('link', { name: /Zwei-Faktor-Authentifizierung/ }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await expect(page.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // shown in groups of four for typing
  await expect(page.getByTestId('two-factor-secret')).toHaveText(secret.match(/.{1,4}/g)!.join(' '));
  await expectAccessible(page, 'two-factor set-up');
  const codeField = page.getByLabel('Code aus der Authenticator-App');
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Aktivieren' }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  const nextCode = authenticator(secret);
  await codeField.fill(await nextCode());
  await page.getByRole('button', { name: 'Aktivieren' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  expect(recoveryCodes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Als .txt herunterladen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.txt$/);
  const text = readFileSync((await file.path())!, 'utf8');
  for (const code of recoveryCodes) expect(text).toContain(code);
  await expectAccessible(page, 'recovery codes');
  await page.getByRole('link', { name: 'Codes gesichert – fertig' }).click();
  await expect(page.getByRole('link', { name: /Zwei-Faktor-Authentifizierung/ })).toContainText('Aktiv');

  // --- logout
  await header.getByRole('button', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sie wurden abgemeldet' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
  expect(await storedSession(page)).toBeNull();

  // --- login with the code of the authenticator app
  await page.goto('/login');
  await logInWithForm(page, { email, password: testPassword });
  await expect(page).toHaveURL(/\/login\/2fa$/);
  await expect(page.getByText(`Anmeldung als ${email}`)).toBeVisible();
  // the password stays in memory, never in storage
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
    testPassword,
  );
  await expectAccessible(page, 'login two-factor');
  await page.getByLabel('Bestätigungscode').fill(await nextCode());
  await page.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText('Hallo, Erika').first()).toBeVisible();
  await header.getByRole('button', { name: 'Abmelden' }).first().click();
  await expect(header.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();

  // --- password reset by mail
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectAccessible(page, 'reset password');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByTestId('request-sent')).toContainText(email);
  await page.goto(await linkFromMailbox(request, email, '/new-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
  await expectAccessible(page, 'new password');
  const newPassword = 'Neues-Fenster-73?';
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihr neues Passwort ist gespeichert' }),
  ).toBeVisible();

  // the old password no longer works; the new one does, with a recovery code as second factor
  await logInWithForm(page, { email, password: testPassword });
  await expect(page.getByRole('alert').filter({ hasText: /Zugangsdaten/ })).toBeVisible();
  await logInWithForm(page, { email, password: newPassword });
  await expect(page).toHaveURL(/\/login\/2fa$/);
  await page.getByLabel('Bestätigungscode').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText('Hallo, Erika').first()).toBeVisible();
});

test('a protected page returns to itself after the login, and never to another site', async ({
  page,
  request,
}) => {
  const who = await signUpVerified(request);
  await page.goto('/account/change-email');
  await expect(page).toHaveURL(/\/login\?redirectPath=%2Faccount%2Fchange-email$/);
  await logInWithForm(page, who);
  await expect(page).toHaveURL(/\/account\/change-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse ändern' })).toBeVisible();
  await expectAccessible(page, 'change e-mail');

  // logged in, /login goes straight on; a foreign redirect target becomes home
  await page.goto('/login?redirectPath=//evil.example/phish');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('an expired access token is refreshed silently in the middle of a page', async ({ page, request }) => {
  const who = await signUpVerified(request, { firstName: 'Jonas' });
  await page.goto('/login?redirectPath=/account/edit');
  await logInWithForm(page, who);
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeVisible();
  await expect(page.getByLabel('Vorname')).toHaveValue('Jonas');
  const before = (await storedSession(page))!;

  // 15 minutes later: the access token has run out (and is no longer even a valid JWT)
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('session')!);
    localStorage.setItem(
      'session',
      JSON.stringify({ ...s, token: 'expired.token.x', expiration: Date.now() - 60_000 }),
    );
  });
  const refresh = page.waitForRequest((r) => r.url().endsWith('/api/v2/shop/token/refresh'));
  const save = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().includes('/api/v2/shop/customers/'),
  );
  await page.getByLabel('Vorname').fill('Jonathan');
  await page.getByRole('button', { name: 'Speichern' }).click();
  expect((await refresh).postDataJSON()).toEqual({ refresh_token: before.refreshToken });
  const sent = await save;
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Daten wurden gespeichert' })).toBeVisible();
  const after = (await storedSession(page))!;
  // the save went out with the refreshed token, never with the expired one
  expect(sent.headers().authorization).toBe(`Bearer ${after.token}`);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.expiration).toBeGreaterThan(Date.now());
  await expect(page.getByRole('banner').getByText('Hallo, Jonathan').first()).toBeVisible();
});

test('signing out another device ends its session there; tabs follow a logout', async ({
  browser,
  request,
}) => {
  const who = await signUpVerified(request);
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const a = await laptop.newPage();
  const b = await phone.newPage();
  for (const p of [a, b]) {
    await p.goto('/login?redirectPath=/account');
    await logInWithForm(p, who);
    await expect(p.getByTestId('sessions')).toBeVisible();
  }
  // a second tab of the laptop
  const a2 = await laptop.newPage();
  await a2.goto('/account');
  await expect(a2.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();

  await b.reload();
  const rows = b.getByTestId('sessions').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await rows.getByRole('button', { name: /abmelden/ }).click();
  await b.getByRole('alertdialog').getByRole('button', { name: 'Abmelden' }).click();
  await expect(b.getByRole('status').filter({ hasText: 'Das Gerät wurde abgemeldet' })).toBeVisible();
  await expect(rows).toHaveCount(1);

  // the laptop's next call meets a 401: it is logged out and sent to the login that returns here
  await a.getByRole('link', { name: /Passwort ändern/ }).click();
  await a.getByLabel('Aktuelles Passwort').fill(testPassword);
  await a.getByLabel('Neues Passwort', { exact: true }).fill('Anderes-Fenster-51!');
  await a.getByLabel('Neues Passwort wiederholen').fill('Anderes-Fenster-51!');
  await a.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(a).toHaveURL(/\/login\?redirectPath=%2Faccount%2Fchange-password$/);
  expect(await storedSession(a)).toBeNull();
  // …and so is its other tab
  await expect(a2).toHaveURL(/\/login\?redirectPath=%2Faccount$/);
  await laptop.close();
  await phone.close();
});
