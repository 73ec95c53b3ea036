import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  apiLogIn,
  demoPeople,
  latestIdentification,
  onboardingShotsDir,
  personAtIdentification,
  shoot,
  startBrowserSession,
  waitForIdentificationState,
} from './support/onboarding.ts';

// Issue 7, journey 3: an identification the partner rejects. A natural person who has done every
// step before it (put there through the API, as their own calls would) starts it on the KYC page;
// the tester plays the person and the partner's reviewer on the sandbox partner's page; the signed
// webhook reaches the platform a few seconds later (KYC_SANDBOX_DELAY_SECONDS, 3 by default); the
// page and the banner then say the identity was not confirmed, with the contact option.
test.use({ baseURL: process.env.E2E_LOGIN_HOME_URL });

/** The sandbox case's status line. */
const caseStatus = (page: Page) => page.locator('.status');
/** The KYC page's status card. */
const kycStatus = (page: Page) => page.getByTestId('kyc-status');

test('a rejected identification: the KYC page, the sandbox partner, the webhook, the message and a new start', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(onboardingShotsDir, { recursive: true });
  const { session } = await personAtIdentification(request, { firstName: 'Jana', lastName: 'Novak' });

  // --- the gate leads to the identification, the last step
  await startBrowserSession(page, session);
  await page.goto('/');
  await expect(page).toHaveURL(/\/self-disclosure\/kyc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Identifizierung' })).toBeVisible();
  await expect(kycStatus(page)).toContainText('Identifizierung noch nicht begonnen');
  // decision 032: the identification is the step before the custody wallet
  await expect(
    page.getByRole('navigation', { name: 'Fortschritt der Selbstauskunft' }).getByRole('listitem').nth(-2),
  ).toHaveAttribute('aria-current', 'step');

  // --- the start opens the partner's page beside the platform
  const partnerTab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Identifizierung starten' }).click();
  const sandbox = await partnerTab;
  await sandbox.waitForLoadState();
  const caseUrl = new URL(sandbox.url());
  expect(caseUrl.pathname).toMatch(/^\/sandbox\/kyc\/[A-Za-z0-9_-]{20,}$/);
  const started = await latestIdentification(request, session);
  expect(started).toMatchObject({ state: 'init', stateAsString: 'init', provider: 'sandbox' });
  expect(new URL(started!.urlKycStart).pathname).toBe(caseUrl.pathname);
  // the platform's page offers to continue where the person left off
  await expect(kycStatus(page)).toContainText('Identifizierung begonnen');
  await expect(page.getByRole('link', { name: /Identifizierung fortsetzen/ })).toHaveAttribute(
    'href',
    started!.urlKycStart,
  );

  /** The case page in both languages at a phone and a desktop width, for a person to look at. */
  const shootCase = async (state: string) => {
    for (const lang of ['de', 'en'] as const) {
      for (const width of [390, 1280]) {
        await sandbox.setViewportSize({ width, height: 900 });
        await sandbox.goto(`${caseUrl.pathname}?locale=${lang}`);
        await expect(sandbox.locator('html')).toHaveAttribute('lang', lang);
        await shoot(sandbox, `sandbox-kyc-${state}`, lang, width, { axe: lang === 'de' });
      }
    }
    await sandbox.setViewportSize({ width: 1280, height: 900 });
    await sandbox.goto(`${caseUrl.pathname}?locale=de`);
  };

  // --- the sandbox partner's page shows what the platform sent
  await expect(sandbox.getByRole('heading', { level: 1, name: 'Identifizierung – Sandbox' })).toBeVisible();
  await expect(caseStatus(sandbox)).toHaveText('angelegt, Videoanruf noch nicht begonnen');
  const person = sandbox.getByRole('region', { name: 'Die Person' });
  await expect(person).toContainText('Jana Novak');
  await expect(person).toContainText('17. Mai 1984');
  await expect(person).toContainText('Domstraße 12, 50668 Köln, DE');
  await expect(person).toContainText('+4915123456789');
  await expect(sandbox.getByRole('region', { name: 'Prüfung durch den Partner' })).toContainText(
    'Die Prüfung beginnt, sobald die Person den Videoanruf gestartet hat.',
  );
  await shootCase('created');

  // --- as the person: start the video call; as the partner's reviewer: reject
  await sandbox.getByRole('button', { name: /^Videoanruf starten/ }).click();
  await expect(caseStatus(sandbox)).toHaveText('im Videoanruf');
  const reviewer = sandbox.getByRole('region', { name: 'Prüfung durch den Partner' });
  await expect(reviewer.getByRole('button', { name: /^Bestätigen SUCCESS/ })).toBeVisible();
  await shootCase('started');
  await reviewer.getByRole('button', { name: /^Ablehnen FRAUD_SUSPICION_CONFIRMED/ }).click();
  await expect(sandbox.getByRole('status')).toHaveText(
    'Das Ergebnis „FRAUD_SUSPICION_CONFIRMED“ wurde gesendet und erreicht die Plattform in etwa 3 Sekunden.',
  );
  await expect(caseStatus(sandbox)).toHaveText('abgelehnt');
  await expect(sandbox.getByText('Dieser Fall ist abgeschlossen.')).toBeVisible();
  // a decided case offers no action any more
  await expect(sandbox.getByRole('button')).toHaveCount(0);
  await expect(sandbox.getByRole('link', { name: 'Zurück zur Plattform' })).toHaveAttribute(
    'href',
    /\/self-disclosure\/kyc$/,
  );

  // --- the signed webhook arrives and the platform records the rejection
  await waitForIdentificationState(request, session, 'rejected');
  const one = await request.get(`/api/v2/shop/identification/${started!.id}`, {
    headers: { ...session.headers, accept: 'application/json' },
  });
  expect(one.status()).toBe(200);
  expect(await one.json()).toMatchObject({
    id: started!.id,
    stateAsString: 'rejected',
    display: { display: 'not_confirmed', contact: true },
  });
  await shootCase('rejected');
  await sandbox.close();
  // another customer never sees it
  const other = await apiLogIn(request, demoPeople.midway);
  const foreign = await request.get(`/api/v2/shop/identification/${started!.id}`, {
    headers: { ...other.headers, accept: 'application/json' },
  });
  expect(foreign.status()).toBe(404);

  // --- back on the platform: identity not confirmed, with the contact option and a new start
  await page.bringToFront();
  await page.reload();
  await expect(kycStatus(page)).toContainText('Identität nicht bestätigt');
  await expect(kycStatus(page)).toContainText(
    'Ihre Identität konnte nicht bestätigt werden. Sie können die Identifizierung neu starten oder sich an uns wenden.',
  );
  await expect(kycStatus(page).getByRole('link', { name: 'Kontaktieren Sie uns' })).toHaveAttribute(
    'href',
    '/contact',
  );
  for (const locale of ['de', 'en'] as const) {
    for (const width of [390, 1280]) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(kycStatus(page)).toContainText(
        locale === 'de' ? 'Identität nicht bestätigt' : 'Identity not confirmed',
      );
      await shoot(page, 'self-disclosure-kyc-rejected', locale, width, { axe: locale === 'de' });
    }
  }
  await page.evaluate(() => localStorage.setItem('locale', 'de'));
  await page.setViewportSize({ width: 1280, height: 900 });

  // elsewhere the banner says so and leads back
  await page.goto('/account');
  const banner = page.getByRole('region', { name: 'Hinweis zu Ihrem Konto' });
  await expect(banner).toContainText('Ihre Identität konnte nicht bestätigt werden.');
  await banner.getByRole('link', { name: 'Erneut identifizieren' }).click();
  await expect(page).toHaveURL(/\/self-disclosure\/kyc$/);

  // the contact option leads to the contact page
  await kycStatus(page).getByRole('link', { name: 'Kontaktieren Sie uns' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();

  // --- a rejected person may try again: a new identification, a new case
  await page.goto('/self-disclosure/kyc');
  const secondTab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Neue Identifizierung starten' }).click();
  const second = await secondTab;
  await second.waitForLoadState();
  expect(new URL(second.url()).pathname).not.toBe(caseUrl.pathname);
  const retry = await latestIdentification(request, session);
  expect(retry).toMatchObject({ stateAsString: 'init' });
  expect(retry!.id).not.toBe(started!.id);
  await expect(kycStatus(page)).toContainText('Identifizierung begonnen');
});
