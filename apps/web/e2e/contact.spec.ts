import { expect, expectAccessible, test } from './support/fixtures.ts';

test('the contact form validates, and a message reaches the operator mailbox', async ({ page, request }) => {
  await page.goto('/contact');
  await expect(page.getByTestId('contact-email')).toHaveText('kontakt@tokenwerk.example');
  await expectAccessible(page, 'contact');

  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Dieses Feld ist erforderlich')).toHaveCount(4);
  await page.getByLabel('E-Mail-Adresse').fill('keine-adresse');
  await page.getByLabel('Name', { exact: true }).click();
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();
  await expectAccessible(page, 'contact with errors');

  const subject = `Frage zur Solaranleihe ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill('Erika Mustermann');
  await page.getByLabel('E-Mail-Adresse').fill('erika@example.com');
  await page.getByLabel('Betreff').fill(subject);
  await page
    .getByLabel('Nachricht', { exact: true })
    .fill('Wann wird der Kupon der Solaranleihe ausgezahlt?');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Nachricht wurde gesendet' })).toBeVisible();
  await expect(page.getByLabel('Betreff')).toHaveValue('');

  const res = await request.get('/api/dev/mailbox?to=kontakt@tokenwerk.example&template=contact_form');
  const mails = (await res.json()) as { subject: string; replyTo: string; text: string }[];
  const mail = mails.find((m) => m.subject === `Kontaktanfrage: ${subject}`);
  expect(mail?.replyTo).toBe('erika@example.com');
  expect(mail?.text).toContain('Wann wird der Kupon der Solaranleihe ausgezahlt?');

  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: `Kontaktanfrage: ${subject}` })).toBeVisible();
});

test('leaving the contact page with entered data asks first', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Betreff').fill('Halb geschrieben');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Ihre eingegebenen Daten gehen verloren');
  await expectAccessible(page, 'leave-page dialog');
  await dialog.getByRole('button', { name: 'Bleiben' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel('Betreff')).toHaveValue('Halb geschrieben');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verlassen' }).click();
  await expect(page).toHaveURL(/\/imprint$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
});
