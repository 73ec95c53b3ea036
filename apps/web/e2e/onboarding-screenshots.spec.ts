import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, useLanguage } from './support/fixtures.ts';
import {
  type ApiSession,
  apiLogIn,
  apiLogInOperator,
  demoPeople,
  onboardingShotsDir,
  pdfDocument,
  shoot,
  startBrowserSession,
  todayIso,
} from './support/onboarding.ts';

// Every page the onboarding journeys pass, in both languages at a phone and a desktop width, for a
// person to look at (SHOTS_DIR, else apps/web/screenshots/onboarding/, git-ignored); each is checked
// for sideways overflow and with axe. The pages show the demo people (README "Demo accounts"), so
// nothing here changes data: forms are left unsaved, the upload is cancelled, dialogs are closed.
// The sandbox partner's page is shot by the identification journey, the account screens (sign-up,
// login, two-factor) by accounts-screenshots.spec.ts, /banned by screenshots.spec.ts.
test.use({ baseURL: process.env.E2E_LOGIN_HOME_URL, actionTimeout: 15_000 });

let operator: ApiSession;
let uuids: { maxKeller: string; sophieSchulz: string };

test.beforeAll(async ({ request }) => {
  operator = await apiLogInOperator(request);
  uuids = {
    maxKeller: (await apiLogIn(request, demoPeople.inReview)).uuid,
    sophieSchulz: (await apiLogIn(request, demoPeople.company)).uuid,
  };
});

const texts = {
  de: {
    edit: 'Bearbeiten',
    cancel: 'Abbrechen',
    upload: 'Hochladen',
    save: 'Speichern und weiter',
    account: 'Mein Konto',
    openMenu: 'Menü öffnen',
    stay: 'Bleiben',
    followUp: 'Rückfrage stellen',
    sendFollowUp: 'Rückfrage senden',
    excerpt: 'Handelsregisterauszug',
    date: 'Datum des Dokuments',
    file: 'Datei',
    progress: 'Fortschritt beim Hochladen von',
    cancelled: 'Das Hochladen wurde abgebrochen.',
  },
  en: {
    edit: 'Edit',
    cancel: 'Cancel',
    upload: 'Upload',
    save: 'Save and continue',
    account: 'My account',
    openMenu: 'Open menu',
    stay: 'Stay',
    followUp: 'Ask for more information',
    sendFollowUp: 'Send the question',
    excerpt: 'Commercial register extract',
    date: 'Date of the document',
    file: 'File',
    progress: 'Upload progress of',
    cancelled: 'The upload was cancelled.',
  },
} as const;

/** The page is done loading: its heading is there and no placeholder is left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const locale of ['de', 'en'] as const) {
  for (const width of [390, 1280]) {
    test(`onboarding screens in ${locale} at ${width} px`, async ({ browser, request }) => {
      test.setTimeout(300_000);
      mkdirSync(onboardingShotsDir, { recursive: true });
      const t = texts[locale];
      const open = async (who: ApiSession) => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
        const page = await context.newPage();
        await useLanguage(page, locale);
        await startBrowserSession(page, who);
        // a half-filled form left by a new page load: yes, leave
        page.on('dialog', (d) => void d.accept());
        return { context, page };
      };
      // axe at both widths in German; English is the same markup with other words
      const snap = (page: Page, name: string, opts: { fullPage?: boolean } = {}) =>
        shoot(page, name, locale, width, { axe: locale === 'de', ...opts });

      // --- the company's self-disclosure (Sophie Schulz of Hanse Solar GmbH: every step of the first half done)
      const company = await open(await apiLogIn(request, demoPeople.company));
      const page = company.page;
      for (const step of ['company', 'personal', 'pep', 'representatives', 'ubo', 'ubo-documents']) {
        await page.goto(`/self-disclosure/${step}`);
        await settled(page);
        await snap(page, `self-disclosure-${step}`);
      }

      // the company form refusing what is wrong, in the visitor's language (left unsaved)
      await page.goto('/self-disclosure/company');
      await settled(page);
      await page.getByLabel('IBAN', { exact: true }).fill('DE02 2005 0550 1015 8713 94');
      await page.getByLabel('BIC (SWIFT)', { exact: true }).fill('HASP');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByLabel('IBAN', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(/^[a-z]+(_[a-z]+)+$/)).toHaveCount(0);
      await snap(page, 'self-disclosure-company-errors');

      // the editors of a representative and of a beneficial owner, open
      await page.goto('/self-disclosure/representatives');
      await settled(page);
      await page.getByRole('button', { name: new RegExp(`^${t.edit}\\s*:\\s*Sophie Schulz$`) }).click();
      await expect(page.getByRole('form').first()).toBeVisible();
      await snap(page, 'self-disclosure-representatives-editor');
      await page.goto('/self-disclosure/ubo');
      await settled(page);
      await page.getByRole('button', { name: new RegExp(`^${t.edit}\\s*:\\s*Henrik Jansen$`) }).click();
      await expect(page.getByRole('form').first()).toBeVisible();
      await snap(page, 'self-disclosure-ubo-editor');

      // an upload under way (a slow line), then cancelled: nothing is stored
      await page.goto('/self-disclosure/ubo-documents');
      await settled(page);
      const form = page.getByRole('form', { name: new RegExp(`${t.upload}: ${t.excerpt}`) });
      await form.getByLabel(t.date, { exact: true }).fill(todayIso());
      await form.getByLabel(t.file, { exact: true }).setInputFiles({
        name: 'handelsregisterauszug-neu.pdf',
        mimeType: 'application/pdf',
        buffer: pdfDocument('Handelsregisterauszug', { padTo: 2_000_000 }),
      });
      const cdp = await company.context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 60_000,
      });
      await form.getByRole('button', { name: t.upload }).click();
      const bar = page.getByRole('progressbar', { name: `${t.progress} handelsregisterauszug-neu.pdf` });
      await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${onboardingShotsDir}/self-disclosure-ubo-documents-uploading-${locale}-${width}.png`,
        fullPage: true,
      });
      await page.getByRole('button', { name: t.cancel, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: t.cancelled })).toBeVisible();
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await expect(page.getByText('handelsregisterauszug-neu.pdf')).toHaveCount(0);

      // leaving the process asks first (the question of spec 2); staying keeps everything
      if (width < 768) await page.getByRole('button', { name: t.openMenu }).click();
      await page
        .locator(width < 768 ? '#mobile-menu' : 'header')
        .getByRole('link', { name: t.account })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await snap(page, 'self-disclosure-leave-dialog', { fullPage: false });
      await page.getByRole('alertdialog').getByRole('button', { name: t.stay }).click();
      await expect(page).toHaveURL(/\/self-disclosure\/ubo-documents$/);

      // the step the server names next: the appropriateness test
      await page.goto('/');
      await expect(page).toHaveURL(/\/self-disclosure\/adequacy-optional$/);
      await settled(page);
      await snap(page, 'self-disclosure-adequacy-optional');
      await company.context.close();

      // --- asked for more information (Paul Richter): the banner with the operator's message on the
      // contact page the gate leads to (once)
      const paul = await open(await apiLogIn(request, demoPeople.followUp));
      await paul.page.goto('/contact');
      await settled(paul.page);
      await expect(paul.page.getByTestId('user-banner')).toHaveAttribute('data-banner', 'more_information');
      await snap(paul.page, 'contact-follow-up');
      await paul.context.close();

      // --- the compliance review
      const admin = await open(operator);
      const ap = admin.page;
      await ap.goto('/admin');
      await settled(ap);
      await expect(ap.getByRole('link', { name: /Max Keller/ }).first()).toBeVisible();
      await snap(ap, 'admin-queue');
      await ap.goto(`/admin/customers/${uuids.maxKeller}`);
      await settled(ap);
      await snap(ap, 'admin-customer-personal');
      await ap.getByRole('button', { name: t.followUp, exact: true }).click();
      const dialog = ap.getByRole('dialog');
      await dialog.getByRole('button', { name: t.sendFollowUp }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
      await snap(ap, 'admin-follow-up-dialog-errors', { fullPage: false });
      await dialog.getByRole('button', { name: t.cancel }).click();
      await ap.goto(`/admin/customers/${uuids.sophieSchulz}`);
      await settled(ap);
      await snap(ap, 'admin-customer-company');
      await admin.context.close();
    });
  }
}
