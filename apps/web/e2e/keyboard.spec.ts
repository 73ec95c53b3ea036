import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test as base, expect } from './support/fixtures.ts';
import {
  type ApiSession,
  demoOperator,
  demoPassword,
  freshTotpCode,
  startBrowserSession,
  type Tokens,
} from './support/onboarding.ts';
import { type RunningServer, startServer } from './support/servers.ts';

// Issue 22 (BFSG / WCAG 2.1 AA): the journeys a keyboard user takes, done with the keyboard only
// (Tab, Shift+Tab, Enter, Space, Escape and typing; the sandbox bank, which stands for the bank, is
// the tester's), asserting where the focus is after each action the issue names: a route change
// focuses the new page's heading and announces its title; "+", the discount code and the documents
// checkbox keep the focus with a visible ring; dialogs give the focus back to their opener; sign-up
// focuses the first invalid field and speaks the errors in the language switched to; a wrong
// two-factor code is announced at its field; the operator lands on /admin. Besides: reflow at 320 px,
// targets of at least 24 px, the logout asking before it leaves an order, and the payment shown on the
// thank-you page without a reload.
//
// The journeys run on a server of their own, so Jonas's order of WIND_NORDSEE_2030 meets no other
// journey's order of that bond (the § 6 limit counts per bond) and the operator's dialogs change
// nothing another journey reads.

const test = base.extend<object, { keyboardServer: RunningServer }>({
  keyboardServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer({ name: 'keyboard' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ keyboardServer }, use) => use(keyboardServer.url),
});

test.use({ actionTimeout: 15_000 });

const shop = '/api/v2/shop';
const jonas = {
  email: 'jonas.wagner@demo.tokenwerk.example',
  password: demoPassword,
  totpSecret: 'JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX',
};

/** Jonas through the API (password and a fresh two-factor code), for the session the browser starts with. */
async function apiLogInJonas(request: APIRequestContext, baseURL: string): Promise<ApiSession> {
  for (let attempt = 1; ; attempt++) {
    const res = await request.post(`${baseURL}${shop}/authentication-token`, {
      data: {
        email: jonas.email,
        password: jonas.password,
        code: await freshTotpCode(jonas.totpSecret, baseURL),
      },
    });
    if (res.status() === 200) {
      const tokens = (await res.json()) as Tokens;
      const uuid = tokens.customer.split('/').pop() ?? '';
      return { ...tokens, uuid, headers: { authorization: `Bearer ${tokens.token}` } };
    }
    if (attempt >= 3) throw new Error(`login failed: ${await res.text()}`);
  }
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through a page. */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < (opts.max ?? 150); i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the keyboard did not reach ${target.toString()}`);
}

/** The focused element shows the focus ring (the app's :focus-visible outline). */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'the body has the focus';
    const style = getComputedStyle(el);
    return el.matches(':focus-visible') && style.outlineStyle !== 'none' && style.outlineWidth !== '0px'
      ? 'ring'
      : `${el.tagName} without a ring (${style.outlineStyle} ${style.outlineWidth})`;
  });
  expect(ring).toBe('ring');
}

/** After a route change: the new page's heading has the focus and is announced. */
async function expectArrivedAt(page: Page, heading: string | RegExp) {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(((await h1.textContent()) ?? '').trim());
}

/** The page fits the viewport's width: nothing scrolls sideways (WCAG 1.4.10). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    // what sticks out, for the message: the innermost elements past the right edge
    const out = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > viewport + 0.5))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 40)}" to ${Math.round(el.getBoundingClientRect().right)}px`,
      );
    return { page: document.documentElement.scrollWidth, viewport, out };
  });
  expect(widths.page, `the page scrolls sideways: ${widths.out.join('; ')}`).toBeLessThanOrEqual(
    widths.viewport,
  );
}

/** Every link or label row of `scope` is at least 24 CSS px high (WCAG 2.5.8 target size). */
async function expectTargetsOf24(scope: Locator, what: string) {
  const heights = await scope.evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent?.trim() ?? '', height: el.getBoundingClientRect().height })),
  );
  expect(heights.length, `no ${what} found`).toBeGreaterThan(0);
  expect(
    heights.filter((h) => h.height < 24).map((h) => `${h.text}: ${h.height}px`),
    what,
  ).toEqual([]);
}

test('an investor subscribes by keyboard only: focus after each action, dialogs, reflow, payment seen live', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(360_000);
  const session = await apiLogInJonas(request, baseURL ?? '');
  await startBrowserSession(page, session);
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();

  // --- from the home page to the bond: a route change focuses the new page's heading
  const bondLink = page.getByRole('link', { name: /Windpark Nordsee/ }).first();
  await tabTo(page, bondLink);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/WIND_NORDSEE_2030/);
  await expectArrivedAt(page, /Windpark Nordsee/);
  // the breadcrumb's links are targets of 24 px at least
  await expectTargetsOf24(
    page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('link'),
    'breadcrumb links',
  );

  // --- buy now: the amount step
  await tabTo(
    page,
    page
      .getByRole('link', { name: 'Jetzt zeichnen' })
      .or(page.getByRole('button', { name: 'Jetzt zeichnen' }))
      .first(),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-process\/token$/, { timeout: 30_000 });
  await expectArrivedAt(page, 'Wie viele Token möchten Sie zeichnen?');
  const quantity = page.getByLabel('Anzahl Token');
  await expect(quantity).toHaveValue('1000');

  // "+" keeps the focus, with its ring, while the order is saved and after
  const more = page.getByRole('button', { name: '1.000 Token mehr' });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue('2000');
  await expect(more).toBeFocused();
  await expectFocusRing(page);
  // 2,000 € is past § 6 WpPG's 1,000 € without a self-disclosure: the wealth declaration, by Space
  const wealth = page.getByRole('checkbox', { name: /frei verfügbares Vermögen/ });
  await tabTo(page, wealth);
  await page.keyboard.press('Space');
  await expect(wealth).toBeChecked();
  await expect(wealth).toBeFocused();
  await expect(page.getByTestId('investment-limit')).toContainText('10.000');

  // a refused discount code: announced, tied to its field, the focus stays in the field
  const code = page.getByRole('textbox', { name: 'Rabattcode' });
  await tabTo(page, code);
  await page.keyboard.type('GIBTESNICHT');
  await page.keyboard.press('Enter');
  const refusal = page.getByRole('alert').filter({ hasText: /^Rabattcode: / });
  await expect(refusal).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await code.getAttribute('aria-describedby')) ?? '';
  const description = await page.evaluate(
    (ids) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    describedBy,
  );
  expect(description).toContain((await refusal.textContent())?.replace(/^Rabattcode: /, '').trim());
  // a valid one: applied, the focus on what replaced the field
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('WILLKOMMEN2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rabattcode WILLKOMMEN2 eingelöst.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Code entfernen' })).toBeFocused();

  // --- addresses and payment method: each step's heading gets the focus
  await tabTo(page, page.getByRole('button', { name: 'Weiter', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-process\/addresses$/);
  await expectArrivedAt(page, 'Rechnungsadresse');
  await tabTo(page, page.getByRole('button', { name: 'Weiter', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-process\/payment-methods$/);
  await expectArrivedAt(page, /.+/);
  const transfer = page.getByRole('radio', { name: /Banküberweisung/ });
  await tabTo(page, page.getByRole('radio').first());
  for (let i = 0; i < 5 && !(await transfer.isChecked()); i++) await page.keyboard.press('ArrowDown');
  if (!(await transfer.isChecked())) await page.keyboard.press('Space');
  await expect(transfer).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Weiter', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-process\/confirmation$/);
  await expectArrivedAt(page, 'Bestellung prüfen und abschließen');

  // --- the confirmation step fits 320 px and its checkbox rows are 24 px targets
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectTargetsOf24(page.locator('main label:has(input[type="checkbox"])'), 'checkbox label rows');
  await page.setViewportSize({ width: 1280, height: 900 });

  // a document opens beside the page; then the documents checkbox keeps the focus once ticked
  const docLink = page.getByRole('region', { name: 'Rechtliche Dokumente' }).getByRole('link').first();
  await tabTo(page, docLink);
  const [doc] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await doc.close();
  await page.bringToFront();
  const documents = page.getByRole('checkbox', { name: /Ich habe die Dokumente der Anleihe/ });
  await tabTo(page, documents);
  await page.keyboard.press('Space');
  await expect(documents).toBeChecked();
  await expect(page.getByText(/Bestätigt am/)).toBeVisible();
  await expect(documents).toBeFocused();
  await expectFocusRing(page);

  // --- the leave dialog: Escape keeps the order and gives the focus back to the link
  const cancel = page.getByRole('banner').getByRole('link', { name: 'Übersicht' });
  await tabTo(page, cancel, { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Möchten Sie den Vorgang wirklich verlassen?');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(page).toHaveURL(/\/order-process\/confirmation$/);

  // --- "Abmelden" during the order asks first; "Bleiben" keeps the session and the focus
  const logout = page.getByRole('banner').getByRole('button', { name: 'Abmelden' });
  await tabTo(page, logout, { back: true });
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Möchten Sie den Vorgang wirklich verlassen?');
  await tabTo(page, dialog.getByRole('button', { name: 'Bleiben', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(logout).toBeFocused();
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect(page).toHaveURL(/\/order-process\/confirmation$/);

  // --- the declarations by Space, the order by Enter: the thank-you page's heading gets the focus
  for (const name of [
    'Ich bin nicht in den USA oder in Kanada steuerpflichtig.',
    /Totalverlust/,
    'Meine Angaben sind wahrheitsgemäß und vollständig.',
    /eigenen Namen/,
  ]) {
    const box = page.getByRole('checkbox', { name });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await expect(box).toBeFocused();
  }
  await tabTo(page, page.getByRole('button', { name: /Zahlungspflichtig zeichnen/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/thank-you-for-offline-payment/);
  await expectArrivedAt(page, 'Vielen Dank für Ihre Zeichnung');
  const reference = ((await page.getByTestId('bank-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^RF\d{2}/);
  const amount = ((await page.getByTestId('bank-amount').textContent()) ?? '').replace(/[^\d,]/g, '');

  // --- the bank books the transfer (the tester, on the sandbox bank's page); the open thank-you
  // page shows and announces the payment without a reload
  const bank = await browser.newPage({ baseURL });
  await bank.goto('/sandbox/bank?locale=de');
  await bank.getByLabel(/^Name der Auftraggeberin/).fill('Jonas Wagner');
  await bank.getByLabel(/^IBAN der Auftraggeberin/).fill('DE02120300000000202051');
  await bank.getByLabel(/^Betrag in Euro/).fill(amount);
  await bank.getByLabel(/^Verwendungszweck/).fill(`Zeichnung ${reference}`);
  await bank.getByRole('button', { name: 'Gutschrift buchen' }).click();
  await bank.close();
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Zahlung ist eingegangen.' })).toBeVisible({
    timeout: 60_000,
  });

  // --- /account from the header: its heading gets the focus; the footer's links are 24 px targets
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Mein Konto' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expectArrivedAt(page, /.+/);
  await expectTargetsOf24(page.getByRole('contentinfo').getByRole('link'), 'footer links');
});

test('sign-up by keyboard: the first invalid field gets the focus, and the errors follow the language', async ({
  page,
}) => {
  await page.goto('/login');
  await tabTo(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: /Registrieren|Konto anlegen|Jetzt registrieren/ })
      .first(),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sign-up/);
  await expectArrivedAt(page, /.+/);

  // submitted empty: the first invalid field in the page's order has the focus
  await tabTo(page, page.getByRole('main').locator('button[type="submit"]'));
  await page.keyboard.press('Enter');
  const invalid = page.getByRole('main').locator('[aria-invalid="true"]');
  await expect(invalid.first()).toBeFocused();
  expect(await invalid.count()).toBeGreaterThan(1);
  await expect(page.getByText('Dieses Feld ist erforderlich').first()).toBeVisible();

  // switched to English: the same errors in English, no German left
  await tabTo(
    page,
    page
      .getByRole('banner')
      .getByRole('button', { name: /^EN$|English/ })
      .first(),
    {
      back: true,
    },
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(page.getByText('Dieses Feld ist erforderlich')).toHaveCount(0);
  expect(await invalid.count()).toBeGreaterThan(1);
});

test('a wrong two-factor code is announced at its field; the right one logs in', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('E-Mail-Adresse'));
  await page.keyboard.type(jonas.email);
  await tabTo(page, page.getByLabel('Passwort', { exact: true }));
  await page.keyboard.type(jonas.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/2fa/);
  // the page puts the focus in its one field itself (autofocus); the new page is still announced
  const field = page.getByLabel('Bestätigungscode');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText('Anmeldung bestätigen');
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: /code/i });
  await expect(alert).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  expect(describedBy).not.toBe('');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(await freshTotpCode(jonas.totpSecret, baseURL ?? ''));
    await page.keyboard.press('Enter');
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 }).then(() => 'in'),
      expect(alert)
        .toBeVisible({ timeout: 15_000 })
        .then(() => 'refused'),
    ]);
    if (outcome === 'in' || attempt >= 3) break;
  }
  await expect(page).not.toHaveURL(/\/login/);
  await expectArrivedAt(page, /.+/);
});

test('the operator by keyboard: lands on /admin, the dialogs give the focus back, /admin fits 320 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await tabTo(page, page.getByLabel('E-Mail-Adresse'));
  await page.keyboard.type(demoOperator.email);
  await tabTo(page, page.getByLabel('Passwort', { exact: true }));
  await page.keyboard.type(demoOperator.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/2fa/);
  await tabTo(page, page.getByLabel('Bestätigungscode'));
  await page.keyboard.type(await freshTotpCode(demoOperator.totpSecret, baseURL ?? ''));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await expectArrivedAt(page, 'Prüfliste');

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // the customer waiting for the review (demo: Max Keller), opened from the queue
  await tabTo(page, page.getByRole('link', { name: /Max Keller prüfen/ }));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Max Keller');

  for (const [button, title] of [
    ['Rückfrage stellen', /Rückfrage/],
    ['Sperren', /Kunden sperren/],
  ] as const) {
    const opener = page.getByRole('button', { name: button, exact: true });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await expect(dialog).toContainText(title);
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});
