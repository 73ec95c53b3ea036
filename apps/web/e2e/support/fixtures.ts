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

export const test = base;
export { expect };
