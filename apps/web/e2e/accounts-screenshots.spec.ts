import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { logInWithForm, signUpVerified } from './support/accounts.ts';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';

// Every account screen in both languages at a phone and a desktop width, for a person to look at
// (SHOTS_DIR, else apps/web/screenshots/, git-ignored); each is checked for sideways overflow, and with axe
// in German. Outcomes that would need a second factor or a mail are answered by routes
// here (the journeys in accounts.spec.ts walk them for real).
const outDir = process.env.SHOTS_DIR ?? join(import.meta.dirname, '..', 'screenshots');

let personal: { email: string; password: string };
let company: { email: string; password: string };

test.beforeAll(async ({ request }) => {
  personal = await signUpVerified(request, { firstName: 'Erika', lastName: 'Mustermann' });
  company = await signUpVerified(request, {
    accountType: 'company',
    firstName: 'Karl',
    lastName: 'Berger',
    companyName: `Berger Solar ${Date.now()} GmbH`,
    companyType: 'limited_liability_company',
  });
});

async function shoot(page: Page, name: string, locale: string, width: number) {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the viewport at ${width} px`).toBeLessThanOrEqual(0);
  // axe in German at both widths; English is the same markup with other words
  if (locale === 'de') await expectAccessible(page, `${name} (${locale}, ${width} px)`);
  // the sticky header would repeat in the middle of a full-page picture
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(outDir, `account-${name}-${locale}-${width}.png`), fullPage: true });
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

for (const locale of ['de', 'en'] as const) {
  for (const width of [390, 1280]) {
    test(`account screens in ${locale} at ${width} px`, async ({ page }) => {
      // some forty screens, each checked with axe: minutes on a busy 2-core machine
      test.setTimeout(480_000);
      mkdirSync(outDir, { recursive: true });
      // leaving a half-filled form by a new page load: yes, leave
      page.on('dialog', (d) => void d.accept());
      await useLanguage(page, locale);
      await page.setViewportSize({ width, height: 900 });
      const submit = (de: string, en: string) =>
        page.getByRole('button', { name: locale === 'de' ? de : en, exact: true }).click();

      // --- public screens
      for (const [name, path] of [
        ['login', '/login'],
        ['sign-up', '/sign-up'],
        ['sign-up-referral', '/sign-up/TOKEN2026'],
        ['reset-password', '/reset-password'],
        ['resend-verification', '/resend-verification'],
        ['new-password', '/new-password/abcdefghijklmnopqrstuvwxyz'],
        ['verify-email-invalid', '/verify-email/abcdefghijklmnopqrstuvwxyz'],
        ['confirm-email-invalid', '/confirm-email/abcdefghijklmnopqrstuvwxyz'],
      ] as const) {
        await page.goto(path);
        await h1(page);
        if (name.endsWith('-invalid')) await expect(page.getByRole('alert')).toBeVisible();
        await shoot(page, name, locale, width);
      }

      await page.goto('/sign-up');
      await page.getByRole('radio').nth(1).check();
      await submit('Konto anlegen', 'Create account');
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await page.getByLabel(locale === 'de' ? 'Passwort' : 'Password', { exact: true }).fill('kurz1');
      // spec 5: a select left on its placeholder 'must be selected'; sentences, never codes
      await expect(
        page.getByLabel(locale === 'de' ? 'Rechtsform' : 'Legal form'),
      ).toHaveAccessibleDescription(
        locale === 'de'
          ? 'Pflichtfeld, bitte auswählen Bitte wählen Sie eine Option aus'
          : 'Required, please choose An option must be selected',
      );
      await expect(page.getByText(/^[a-z]+(_[a-z]+)+$/)).toHaveCount(0);
      await shoot(page, 'sign-up-company-errors', locale, width);

      // registration done, without using up the sign-up limit
      await page.route('**/api/v2/shop/customers', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 201,
              json: {
                uuid: '00000000-0000-4000-8000-000000000000',
                email: 'erika@example.com',
                firstName: 'Erika',
                lastName: 'Mustermann',
                accountType: 'personal',
                verified: false,
              },
            })
          : route.fallback(),
      );
      await page.goto('/sign-up');
      await page.getByLabel(locale === 'de' ? 'Vorname' : 'First name').fill('Erika');
      await page.getByLabel(locale === 'de' ? 'Nachname' : 'Last name').fill('Mustermann');
      await page.getByLabel(locale === 'de' ? 'E-Mail-Adresse' : 'E-mail address').fill('erika@example.com');
      await page
        .getByLabel(locale === 'de' ? 'Passwort' : 'Password', { exact: true })
        .fill('Quarz-Fenster-48!');
      await page
        .getByLabel(locale === 'de' ? 'Passwort wiederholen' : 'Repeat password')
        .fill('Quarz-Fenster-48!');
      await page.getByRole('checkbox').first().check();
      await submit('Konto anlegen', 'Create account');
      await expect(page.getByTestId('sign-up-done')).toBeVisible();
      await shoot(page, 'sign-up-done', locale, width);
      await page.unroute('**/api/v2/shop/customers');

      await page.goto('/reset-password');
      await page.getByLabel(locale === 'de' ? 'E-Mail-Adresse' : 'E-mail address').fill('niemand@');
      await submit('Link senden', 'Send link');
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
      await shoot(page, 'reset-password-errors', locale, width);
      await page
        .getByLabel(locale === 'de' ? 'E-Mail-Adresse' : 'E-mail address')
        .fill(`niemand.${locale}.${width}.${Date.now()}@example.com`);
      await submit('Link senden', 'Send link');
      await expect(page.getByTestId('request-sent')).toBeVisible();
      await shoot(page, 'reset-password-sent', locale, width);

      await page.goto('/new-password/abcdefghijklmnopqrstuvwxyz');
      await submit('Passwort speichern', 'Save password');
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
      await shoot(page, 'new-password-errors', locale, width);

      // the login with a wrong password: the catalogue sentence in the notification bar
      await page.goto('/login');
      await logInWithForm(page, { email: personal.email, password: 'Falsch-Passwort-1!' }, locale);
      await expect(page.getByRole('alert')).toContainText(
        locale === 'de' ? 'Zugangsdaten falsch' : 'credentials are wrong',
      );
      await shoot(page, 'login-errors', locale, width);

      // the second login step, as a two-factor account reaches it
      await page.route('**/api/v2/shop/authentication-token', (route) => {
        const code = route.request().postDataJSON()?.code ? 'two_factor_invalid' : 'two_factor_required';
        return route.fulfill({
          status: 401,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 401, code, title: code }),
        });
      });
      await page.goto('/login');
      await logInWithForm(page, { email: 'jonas@example.com', password: 'Quarz-Fenster-48!' }, locale);
      await expect(page).toHaveURL(/\/login\/2fa$/);
      await shoot(page, 'login-2fa', locale, width);
      await page.getByLabel(locale === 'de' ? 'Bestätigungscode' : 'Verification code').fill('000000');
      await submit('Bestätigen und anmelden', 'Verify and log in');
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
      await shoot(page, 'login-2fa-errors', locale, width);
      await page.unroute('**/api/v2/shop/authentication-token');

      // --- the account area of a personal account
      await page.goto('/login?redirectPath=/account');
      await logInWithForm(page, personal, locale);
      await expect(page.getByTestId('sessions')).toBeVisible();
      await shoot(page, 'account', locale, width);
      for (const [name, path] of [
        ['edit', '/account/edit'],
        ['change-password', '/account/change-password'],
        ['change-email', '/account/change-email'],
        ['company-edit-personal', '/account/company-edit'],
        ['two-factor-set-up', '/account/two-factor'],
      ] as const) {
        await page.goto(path);
        await h1(page);
        await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
        await shoot(page, name, locale, width);
      }

      await page.goto('/account/edit');
      await page.getByLabel(locale === 'de' ? 'Mobilnummer' : 'Mobile number').fill('0151 123');
      await page.getByLabel(locale === 'de' ? 'Vorname' : 'First name').fill('');
      await submit('Speichern', 'Save');
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await shoot(page, 'edit-errors', locale, width);
      // leave without saving
      await page.getByLabel(locale === 'de' ? 'Vorname' : 'First name').fill('Erika');
      await page.getByLabel(locale === 'de' ? 'Mobilnummer' : 'Mobile number').fill('');

      await page.goto('/account/change-password');
      await page
        .getByLabel(locale === 'de' ? 'Aktuelles Passwort' : 'Current password')
        .fill('Falsch-Passwort-1!');
      await page
        .getByLabel(locale === 'de' ? 'Neues Passwort' : 'New password', { exact: true })
        .fill('Neu-Passwort-2!');
      await page
        .getByLabel(locale === 'de' ? 'Neues Passwort wiederholen' : 'Repeat new password')
        .fill('Neu-Passwort-3!');
      await submit('Passwort ändern', 'Change password');
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await shoot(page, 'change-password-errors', locale, width);

      await page.goto('/account/change-email');
      await submit('Bestätigungslink senden', 'Send confirmation link');
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
      await shoot(page, 'change-email-errors', locale, width);

      await page.goto('/account/two-factor');
      await page
        .getByLabel(locale === 'de' ? 'Code aus der Authenticator-App' : 'Code from the authenticator app')
        .fill('000000');
      await submit('Aktivieren', 'Turn on');
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
      await shoot(page, 'two-factor-errors', locale, width);

      // recovery codes as they are shown once, and the page of an account with two-factor on
      await page.route('**/2fa/verify', (route) =>
        route.fulfill({
          json: {
            enabled: true,
            recoveryCodes: Array.from({ length: 10 }, (_, i) => `k${i}m4q-7zx${i}p`),
          },
        }),
      );
      await page.goto('/account/two-factor');
      await page
        .getByLabel(locale === 'de' ? 'Code aus der Authenticator-App' : 'Code from the authenticator app')
        .fill('123456');
      await submit('Aktivieren', 'Turn on');
      await expect(page.getByTestId('recovery-codes')).toBeVisible();
      await shoot(page, 'two-factor-recovery-codes', locale, width);
      await page.unroute('**/2fa/verify');
      await page.route('**/api/v2/shop/customers/*', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const res = await route.fetch();
        return route.fulfill({ response: res, json: { ...(await res.json()), twoFactorEnabled: true } });
      });
      await page.goto('/account/two-factor');
      await expect(page.getByLabel(locale === 'de' ? 'Bestätigungscode' : 'Verification code')).toBeVisible();
      await shoot(page, 'two-factor-on', locale, width);
      await page.unroute('**/api/v2/shop/customers/*');
      if (width < 768) {
        // phones: the logout sits in the menu
        await page.getByRole('button', { name: locale === 'de' ? 'Menü öffnen' : 'Open menu' }).click();
        await page
          .locator('#mobile-menu')
          .getByRole('button', { name: locale === 'de' ? 'Abmelden' : 'Log out' })
          .click();
      } else {
        await page
          .getByRole('banner')
          .getByRole('button', { name: locale === 'de' ? 'Abmelden' : 'Log out' })
          .click();
      }
      await expect(page).toHaveURL(/\/$/);

      // --- a company account
      await page.goto('/login?redirectPath=/account/company-edit');
      await logInWithForm(page, company, locale);
      await expect(
        page.getByLabel(locale === 'de' ? 'Name des Unternehmens' : 'Company name'),
      ).not.toHaveValue('');
      await shoot(page, 'company-edit', locale, width);
      await page.getByLabel(locale === 'de' ? 'Name des Unternehmens' : 'Company name').fill('');
      await page.getByLabel(locale === 'de' ? 'Rechtsform' : 'Legal form').selectOption('');
      await submit('Speichern', 'Save');
      // the whole company form of the self-disclosure: the legal form and the other choices say so
      await expect(
        page
          .getByText(locale === 'de' ? 'Bitte wählen Sie eine Option aus' : 'An option must be selected')
          .first(),
      ).toBeVisible();
      await shoot(page, 'company-edit-errors', locale, width);
      // leave without saving
      await page
        .getByLabel(locale === 'de' ? 'Name des Unternehmens' : 'Company name')
        .fill('Berger Solar GmbH');
      await page.goto('/account');
      await expect(page.getByTestId('sessions')).toBeVisible();
      await shoot(page, 'account-company', locale, width);
      await page.evaluate(() => localStorage.removeItem('session'));
    });
  }
}
