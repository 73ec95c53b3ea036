import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { logInWithForm } from './support/accounts.ts';
import { expect, test, useLanguage } from './support/fixtures.ts';
import { demoPassword, freshTotpCode, logInOperatorWithForm } from './support/onboarding.ts';

// Issue 16: the token register as the demo people walk it (README "Demo accounts", docs/demo-data.md):
// Jonas Wagner holds 5,000 minted SOLAR_BRANDENBURG_2031 tokens (minted by the sandbox registrar
// when the server started) and a paid, not yet minted order of 2,000 HOTEL_MUENCHEN_2032 tokens; Clara
// Neumann is an approved investor with a custody wallet and holds nothing. The compliance operator
// mints HOTEL through the admin screens (/admin/bonds, the bond's register, its minting batch).
const jonas = {
  email: 'jonas.wagner@demo.tokenwerk.example',
  password: demoPassword,
  totpSecret: 'JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX',
};
const clara = { email: 'clara.neumann@demo.tokenwerk.example', password: demoPassword };
const hotel = 'HOTEL_MUENCHEN_2032';
const solar = 'SOLAR_BRANDENBURG_2031';
const normalise = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** The depot's card of a bond (found by its transfer link, whatever the bond's name in the language). */
const position = (page: Page, code: string): Locator =>
  page.getByTestId('depot-position').filter({ has: page.locator(`a[href="/transfer/${code}"]`) });

/** Reloads the depot until the bond's minted tokens read `text` (the registrar answers seconds later). */
async function expectMinted(page: Page, code: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.goto('/account/wallet');
        const card = position(page, code);
        await card.or(page.getByTestId('depot-empty')).first().waitFor();
        if ((await card.count()) === 0) return '(no position)';
        return normalise(await card.getByTestId('fact-minted').textContent());
      },
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBe(text);
}

/** The login form, then a fresh code of the authenticator (typed again if another worker used it). */
async function logInJonas(page: Page) {
  await page.goto('/login');
  await logInWithForm(page, jonas, 'en');
  await expect(page).toHaveURL(/\/login\/2fa/);
  const field = page.getByLabel('Verification code');
  for (let attempt = 1; ; attempt++) {
    await field.fill(await freshTotpCode(jonas.totpSecret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 }).then(() => 'in'),
      expect(field)
        .toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 })
        .then(() => 'refused'),
    ]);
    if (outcome === 'in') return;
    if (attempt >= 3) throw new Error('the two-factor code was refused three times');
  }
}

/**
 * /account/exerpts: an excerpt after an entry (the register's excerpts come from a job, so the page is
 * read again until one is there), downloaded as the button does it; answers the PDF's bytes.
 */
async function downloadAfterEntryExcerpt(page: Page, typeLabel: string): Promise<Buffer> {
  const row = page.getByTestId('excerpt-row').filter({ hasText: typeLabel }).first();
  await expect
    .poll(
      async () => {
        await page.goto('/account/exerpts');
        await page.getByTestId('excerpt-row').or(page.getByTestId('excerpts-empty')).first().waitFor();
        return row.count();
      },
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBeGreaterThan(0);
  const answer = page.waitForResponse((r) =>
    /\/register-excerpts\/\d+\/pdf$/.test(new URL(r.url()).pathname),
  );
  const download = page.waitForEvent('download');
  await row.getByRole('button').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return bytes;
}

/** The PDF's text through poppler's pdftotext, or null where poppler is not installed. */
function pdfText(bytes: Buffer): string | null {
  if (spawnSync('pdftotext', ['-v']).error) return null;
  const dir = mkdtempSync(join(tmpdir(), 'token-e2e-excerpt-'));
  const file = join(dir, 'excerpt.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('the operator mints in the admin screens, Jonas transfers 1,000 tokens to Clara, both download an excerpt', async ({
  browser,
}) => {
  test.setTimeout(240_000);

  // The compliance operator, in German, logs in with the authenticator's code, opens the bond's
  // register and runs its minting batch; the page polls until the registrar has confirmed.
  const operatorContext = await browser.newContext({ locale: 'de-DE' });
  const admin = await operatorContext.newPage();
  await useLanguage(admin, 'de');
  await admin.goto('/login');
  await logInOperatorWithForm(admin);
  await admin.goto('/admin/bonds');
  await expect(admin.getByRole('heading', { level: 1, name: 'Token-Register' })).toBeVisible();
  await admin
    .getByRole('row')
    .filter({ hasText: hotel })
    .getByRole('link', { name: /^Register von .+ öffnen$/ })
    .click();
  await expect(admin).toHaveURL(new RegExp(`/admin/bonds/${hotel}$`));
  await expect(
    admin.getByRole('heading', { level: 1, name: 'Register Hotel Isarblick München 2032' }),
  ).toBeVisible();
  await admin
    .getByRole('navigation', { name: 'Bereiche des Registers' })
    .getByRole('link', { name: 'Minting' })
    .click();
  await expect(admin).toHaveURL(/\?tab=minting$/);
  // the preview: Jonas's paid order, 2,000 tokens open, mintable
  const jonasOrder = admin.getByRole('row').filter({ hasText: jonas.email });
  await expect(jonasOrder).toContainText('Jonas Wagner');
  await expect(jonasOrder.getByRole('cell').nth(5)).toHaveText('2.000');
  await expect(jonasOrder).toContainText('Ausgebbar');
  await admin.getByRole('button', { name: 'Minting starten' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Minting starten' });
  await expect(confirm).toContainText('Token beim Registrar zur Ausgabe angewiesen');
  await confirm.getByLabel('Begründung (optional)').fill('e2e: Ausgabe der bezahlten Zeichnungen');
  await confirm.getByRole('button', { name: 'Minting starten' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole('status', { name: 'Ergebnis des Minting-Laufs' })).toContainText(
    /Bestellungen? mit [\d.]+ Token angewiesen/,
  );
  // once the registrar confirms (the page reads the batch again by itself), the order has its tokens
  // and leaves the batch, and the journal holds the mint to Jonas
  await expect(jonasOrder).toHaveCount(0, { timeout: 60_000 });
  await expect(admin.getByText('Der Registrar hat noch offene Anweisungen')).toBeHidden({ timeout: 30_000 });
  await admin
    .getByRole('navigation', { name: 'Bereiche des Registers' })
    .getByRole('link', { name: 'Journal' })
    .click();
  const mint = admin.getByRole('row').filter({ hasText: 'Ausgabe' }).filter({ hasText: 'Jonas Wagner' });
  await expect(mint.first()).toContainText('2.000');
  await operatorContext.close();

  // Jonas, in English: the depot shows both bonds minted once the sandbox registrar has confirmed.
  const jonasContext = await browser.newContext({ locale: 'en-GB' });
  const page = await jonasContext.newPage();
  await useLanguage(page, 'en');
  await logInJonas(page);
  await expectMinted(page, hotel, '2,000');
  await expect(position(page, solar).getByTestId('fact-minted')).toHaveText('5,000');
  await expect(position(page, hotel).getByTestId('fact-not-minted')).toHaveText('0');

  // The transfer, confirmed with a new code of the authenticator (the login's step is used up).
  await position(page, hotel)
    .getByRole('link', { name: /^Transfer / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/transfer/${hotel}$`));
  await page.getByLabel('Beneficiary').fill(clara.email);
  await page.getByLabel('Number of tokens').fill('1000');
  const form = page.getByRole('form', { name: 'Transfer' });
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel('Two-factor code').fill(await freshTotpCode(jonas.totpSecret));
    await form.getByRole('button', { name: 'Transfer', exact: true }).click();
    const outcome = await Promise.race([
      page
        .getByTestId('transfer-sent')
        .waitFor({ timeout: 15_000 })
        .then(() => 'sent'),
      expect(page.getByLabel('Two-factor code'))
        .toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 })
        .then(() => 'refused'),
    ]);
    if (outcome === 'sent') break;
    if (attempt >= 3) throw new Error('the two-factor code was refused three times');
  }
  const sent = page.getByTestId('transfer-sent');
  await expect(sent).toContainText('Your transfer was submitted successfully.');
  await expect(sent).toContainText('1,000');
  await expect(sent).toContainText(clara.email);
  await expect(page.getByTestId('transfer-status')).toHaveText('Pending');

  // Once the registrar confirms, Jonas holds 1,000 HOTEL tokens.
  await expectMinted(page, hotel, '1,000');
  await expect(position(page, hotel).getByTestId('fact-pending')).toHaveText('0');

  // His excerpt after an entry, in English: still says "Wertpapier" (eWpG § 17).
  const jonasPdf = await downloadAfterEntryExcerpt(page, 'After an entry');
  const jonasText = pdfText(jonasPdf);
  if (jonasText !== null) expect(jonasText).toContain('Wertpapier');
  await jonasContext.close();

  // Clara, in German: 1,000 HOTEL tokens in her depot, and her excerpt.
  const claraContext = await browser.newContext({ locale: 'de-DE' });
  const claraPage = await claraContext.newPage();
  await useLanguage(claraPage, 'de');
  await claraPage.goto('/login');
  await logInWithForm(claraPage, clara);
  await claraPage.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expectMinted(claraPage, hotel, '1.000');
  await expect(claraPage.getByRole('heading', { level: 1, name: 'Mein digitales Depot' })).toBeVisible();
  const claraPdf = await downloadAfterEntryExcerpt(claraPage, 'Nach einer Eintragung');
  const claraText = pdfText(claraPdf);
  if (claraText !== null) {
    expect(claraText).toContain('Wertpapier');
    expect(claraText).toContain('Neumann');
  }
  await claraContext.close();
});
