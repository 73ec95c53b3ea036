import type { Page } from '@playwright/test';
import { expect, test, useLanguage } from './support/fixtures.ts';

// What Lighthouse and axe look at from outside: layout stability, the largest picture's loading,
// the CSP, titles and descriptions in the page's language, and links that lead somewhere.

/** Sums layout shifts (CLS as Chrome counts it, without input-driven ones) from the first paint on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((s) => {
          const el = s.node as Element | null | undefined;
          return `${el?.nodeName ?? '?'}.${String(el?.className ?? '').slice(0, 40)}`;
        });
        w.__shifts.push(`${entry.value.toFixed(3)} ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

const stablePages = [
  ['home', '/'],
  ['a bond', '/products/SOLAR_BRANDENBURG_2031'],
] as const;

for (const [name, path] of stablePages) {
  for (const width of [390, 1280]) {
    for (const slow of ['nothing', 'the channel', 'the CMS blocks', 'the products']) {
      test(`${name} at ${width} px keeps its layout while content arrives (slow: ${slow})`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
        await watchLayoutShifts(page);
        const pattern = {
          'the channel': '/channels',
          'the CMS blocks': '/cms-plugin/blocks',
          'the products': '/products',
        }[slow];
        if (pattern) {
          await page.route(`**/api/v2/shop${pattern}**`, async (route) => {
            await new Promise((r) => setTimeout(r, 700));
            await route.continue();
          });
        }
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('footer address')).toBeVisible();
        await page.waitForTimeout(300);
        const { cls, shifts } = await layoutShift(page);
        // Lighthouse's "good" is below 0.1
        expect(cls, `layout shifts on ${path} at ${width} px:\n${shifts.join('\n')}`).toBeLessThan(0.1);
      });
    }
  }
}

test("the product page's picture, its largest paint, loads at once; card pictures lazily", async ({
  page,
}) => {
  await page.goto('/products/SOLAR_BRANDENBURG_2031');
  const hero = page.getByTestId('product-picture');
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveJSProperty('complete', true);
  await page.goto('/');
  const cardPictures = page.getByTestId('product-card').getByTestId('product-picture');
  await expect(cardPictures).toHaveCount(8);
  for (const loading of await cardPictures.evaluateAll((imgs) =>
    imgs.map((i) => i.getAttribute('loading')),
  )) {
    expect(loading).toBe('lazy');
  }
});

test('avatars come no larger than twice their shown size', async ({ page }) => {
  await page.goto('/');
  const avatars = page.getByTestId('top-creator').locator('img');
  await expect(avatars).toHaveCount(8);
  await avatars.first().scrollIntoViewIfNeeded();
  await expect(avatars.first()).toHaveJSProperty('complete', true);
  const { natural, shown } = await avatars
    .first()
    .evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, shown: img.clientWidth }));
  expect(shown).toBe(48);
  expect(natural).toBeLessThanOrEqual(2 * shown);
  expect(natural).toBeGreaterThanOrEqual(2 * shown);
});

test('the contact page and its form trip no Content-Security-Policy rule', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto('/contact');
  await expect(page.getByTestId('contact-email')).toBeVisible();
  // validation runs the form's zod schema: the JIT would probe `new Function` here
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Dieses Feld ist erforderlich')).toHaveCount(4);
  await page.getByLabel('E-Mail-Adresse').fill('erika@example.com');
  await page.getByLabel('Name', { exact: true }).fill('Erika');
  await page.waitForTimeout(300);
  expect(violations).toEqual([]);
});

test('English pages have English titles, descriptions and footer, from the first render on', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  const titles: string[] = [];
  await page.exposeFunction('reportTitle', (title: string) => titles.push(title));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportTitle: (t: string) => void }).reportTitle;
    let last = '';
    const check = () => {
      if (document.title !== last) {
        last = document.title;
        report(last);
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    check();
  });
  const description = page.locator('meta[name="description"]');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tokenwerk' })).toBeVisible();
  await expect(page).toHaveTitle('Tokenwerk – Digital bonds');
  await expect(description).toHaveAttribute('content', /^Subscribe digitally to bonds/);
  await expect(page.getByTestId('footer-register')).toHaveText(
    'Register court: Local Court (Amtsgericht) Charlottenburg, HRB 234567 B',
  );

  await page.goto('/products/SOLAR_BRANDENBURG_2031');
  await expect(page).toHaveTitle('Solar Park Brandenburg 2031 · Tokenwerk');
  await expect(description).toHaveAttribute('content', /solar bond/);

  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact · Tokenwerk');
  await expect(description).toHaveAttribute('content', /^Write to us/);

  await page.goto('/imprint');
  await expect(page).toHaveTitle('Imprint · Tokenwerk');
  await expect(description).toHaveAttribute('content', /^Provider identification/);

  // one title and one description, never a German one on the way
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(description).toHaveCount(1);
  expect(titles.filter((t) => /Digitale|Anleihen|Kontakt|Impressum|Solarpark/.test(t))).toEqual([]);

  // and German pages stay German
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page).toHaveTitle('Impressum · Tokenwerk');
  await expect(description).toHaveAttribute('content', /^Anbieterkennzeichnung/);
  await expect(page.getByTestId('footer-register')).toHaveText(
    'Registergericht: Amtsgericht Charlottenburg, HRB 234567 B',
  );
});

test('every link of the home and product pages leads to a page that exists', async ({ page }) => {
  // some twenty pages one after another: more than one test's usual time on a busy 2-core machine
  test.setTimeout(360_000);
  const seen = new Set<string>();
  for (const start of ['/', '/products/NFT_ELBUFER_SESSIONS', '/products/SOLAR_BRANDENBURG_2031']) {
    await page.goto(start);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) seen.add(href.split('#')[0]!);
  }
  expect(seen.size).toBeGreaterThan(10);
  const broken: string[] = [];
  for (const href of seen) {
    if (href.startsWith('/media/') || href.startsWith('/api/')) {
      const res = await page.request.get(href);
      if (!res.ok()) broken.push(`${href} -> ${res.status()}`);
      continue;
    }
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (await page.getByText('404', { exact: true }).isVisible()) broken.push(href);
  }
  expect(broken).toEqual([]);
});

test('robots.txt and favicon.ico are real files, other file paths 404', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/icon/);
  const missing = await request.get('/foo.png');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toContain('application/problem+json');
});
