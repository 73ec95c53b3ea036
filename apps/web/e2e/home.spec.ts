import { expect, expectAccessible, test } from './support/fixtures.ts';

test.describe('home, marketplace reading (channel does not require login)', () => {
  test('shows the welcome banner, the latest 8 products, how to start and the top creators', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei Tokenwerk' })).toBeVisible();
    // sign-up only when logged out, and always a browse button
    await expect(page.getByTestId('welcome-sign-up')).toHaveAttribute('href', '/sign-up');
    await expect(page.getByRole('link', { name: 'Angebote entdecken' })).toHaveAttribute('href', '/browse');

    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(8);
    // the first page of the browse order: the listed bonds first, then collectibles
    await expect(cards.first()).toHaveAttribute('data-product-code', 'SOLAR_BRANDENBURG_2031');
    const sold = page.locator('[data-product-code="WOHNEN_LEIPZIG_2029"]');
    await expect(sold.locator('[data-label="sold"]')).toHaveText('Ausverkauft');
    const exclusive = page.locator('[data-product-code="HOTEL_MUENCHEN_2032"]');
    await expect(exclusive.locator('[data-label="exclusive"]')).toHaveText('Exklusiv');
    await expect(exclusive.getByRole('link', { name: 'Anfrage senden' })).toHaveAttribute(
      'href',
      /^mailto:kontakt@tokenwerk\.example\?subject=/,
    );
    // visitors may not buy: the buy-now button is greyed
    await expect(cards.first().getByRole('button', { name: 'Jetzt zeichnen' })).toBeDisabled();
    await expect(cards.first().getByTestId('product-price')).toHaveText(/^1\s€$/);
    await expect(cards.first().getByRole('link', { name: /Mehr Informationen/ })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );

    await expect(page.getByRole('heading', { name: 'So starten Sie' })).toBeVisible();
    await expect(page.locator('.how-to-start li')).toHaveCount(3);
    const creators = page.getByTestId('top-creator');
    await expect(creators).toHaveCount(8);
    // each creator links to their profile summary; the banner and the latest items lead to /browse
    await expect(creators.first().locator('a')).toHaveAttribute('href', /^\/customer\?id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: 'Alle ansehen' })).toHaveAttribute('href', '/browse');
    await expectAccessible(page, 'home');
  });

  test('shows twelve placeholder cards while the products load (spec 9, marketplace)', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/v2/shop/products?itemsPerPage=8', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('product-card-skeleton')).toHaveCount(12);
    release();
    await expect(page.getByTestId('product-card')).toHaveCount(8);
    await expect(page.getByTestId('product-card-skeleton')).toHaveCount(0);
  });

  test('opens a product from its card', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Windpark Nordsee 2030' }).click();
    await expect(page).toHaveURL(/\/products\/WIND_NORDSEE_2030$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Windpark Nordsee 2030' })).toBeVisible();
  });

  test('sends /?token_value=X to the invoices of that order', async ({ page }) => {
    await page.goto('/?token_value=abc123');
    await expect(page).toHaveURL(/\/invoices\?tokenValue=abc123$/);
  });

  test('the favourite heart sends a visitor to the login and back', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Solarpark Brandenburg 2031 zu Favoriten/ }).click();
    await expect(page).toHaveURL(/\/login\?redirectPath=%2F$/);
    expect(await page.evaluate(() => sessionStorage.getItem('pendingFavourite'))).toBe(
      'SOLAR_BRANDENBURG_2031',
    );
  });
});

test.describe('home, investment reading (channel requires login)', () => {
  test('sends a logged-out visitor to the login with the home page as redirect path', async ({ page }) => {
    await page.goto(`${process.env.E2E_LOGIN_HOME_URL}/`);
    await expect(page).toHaveURL(/\/login\?redirectPath=%2F$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expectAccessible(page, 'login placeholder');
  });

  test('still shows public pages', async ({ page }) => {
    await page.goto(`${process.env.E2E_LOGIN_HOME_URL}/imprint`);
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  });
});

test('protected routes send visitors to the login with the wanted path', async ({ page }) => {
  await page.goto('/account/orders?page=2');
  await expect(page).toHaveURL(/\/login\?redirectPath=%2Faccount%2Forders%3Fpage%3D2$/);
});
