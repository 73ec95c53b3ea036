import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * axe-core on the current page: no serious or critical violations (WCAG 2.1 A/AA rules). Legacy mode
 * runs axe.run in the page itself instead of gathering partial results in an extra blank page per
 * call, which halves its cost on a busy machine; the app has no cross-origin frames it would skip.
 */
export async function expectAccessible(page: Page, context?: string) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${context ?? page.url()}`).toEqual([]);
}

/** Opens the app in a language: the stored choice the language switch would have made. */
export async function useLanguage(page: Page, locale: 'de' | 'en') {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('locale', l);
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  }, locale);
}

/**
 * The test's page waits after each `goto` until React owns an app page (`html[data-app-ready]`, set
 * once a server-rendered page has hydrated or a page rendered in the browser has mounted), so no test
 * types into or presses a server-rendered form before the page handles it. Pages without the app
 * (the sandboxes, API answers) and pages without JavaScript are not waited for.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && (await page.locator('#root').count()) > 0) {
        await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 30_000 });
      }
      return response;
    };
    await use(page);
  },
});
export { expect };
