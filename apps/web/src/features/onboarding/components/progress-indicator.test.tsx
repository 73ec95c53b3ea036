import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespace } from '../../../lib/i18n.ts';
import type { OnboardingStep } from '../onboarding-status.ts';
import { onboardingStatus } from '../test-support.tsx';
import { ProgressIndicator } from './progress-indicator.tsx';

const companySteps: OnboardingStep[] = [
  'company',
  'personal',
  'pep',
  'representatives',
  'ubo',
  'ubo_documents',
  'adequacy',
  'kyc',
  'custody',
];

function renderProgress(viewing: OnboardingStep | null, current: OnboardingStep | null = 'representatives') {
  const steps = onboardingStatus(null, current, companySteps).steps;
  const router = createMemoryRouter([
    { path: '*', element: <ProgressIndicator steps={steps} viewing={viewing} /> },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('navigation');
}

/** The text assistive technology reads: without the parts hidden from it (the bubbles' numbers). */
function spoken(el: Element | null | undefined): string {
  if (!el) return '';
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('onboarding');
});
afterEach(cleanup);

describe('ProgressIndicator', () => {
  it("lists the server's steps in its order as an ordered list, named in German", () => {
    const nav = renderProgress('representatives');
    expect(nav.getAttribute('aria-label')).toBe('Fortschritt der Selbstauskunft');
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map(spoken)).toEqual([
      'Unternehmensdaten (erledigt)',
      'Persönliche Daten (erledigt)',
      'Politisch exponierte Person (erledigt)',
      'Vertreter (als Nächstes)',
      'Wirtschaftlich Berechtigte (noch offen)',
      'Unterlagen (noch offen)',
      'Angemessenheitsprüfung (noch offen)',
      'Identifizierung (noch offen)',
      'Verwahrung (noch offen)',
    ]);
  });

  it('marks the open page as the current step and links the steps done, not those ahead', () => {
    const nav = renderProgress('personal');
    const current = nav.querySelectorAll('[aria-current="step"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toContain('Persönliche Daten');
    // done and due steps lead there; the open page and the steps ahead are no links
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/self-disclosure/company',
      '/self-disclosure/pep',
      '/self-disclosure/representatives',
    ]);
  });

  it('says on phones which step of how many is shown', () => {
    const nav = renderProgress('pep');
    expect(nav.textContent).toContain('Schritt 3 von 9');
    expect(nav.textContent).toContain('3 von 9 Schritten erledigt');
  });

  it("marks the server's due step when the open page is none of the steps", () => {
    const nav = renderProgress(null, 'ubo');
    expect(nav.querySelector('[aria-current="step"]')?.textContent).toContain('Wirtschaftlich Berechtigte');
  });

  it('keeps a step the answers made unnecessary listed as not needed: no link, the count unchanged', () => {
    const steps = onboardingStatus(null, 'kyc', [
      'personal',
      'pep',
      'adequacy_optional',
      'adequacy_professional',
      'adequacy',
      'adequacy_risk',
      'kyc',
      'custody',
    ]).steps.map((s) =>
      s.step === 'adequacy_professional' || s.step === 'adequacy_risk'
        ? { ...s, state: 'skipped' as const }
        : s,
    );
    const router = createMemoryRouter([
      { path: '*', element: <ProgressIndicator steps={steps} viewing="kyc" /> },
    ]);
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation');
    const items = within(nav).getAllByRole('listitem');
    expect(items.map(spoken)).toEqual([
      'Persönliche Daten (erledigt)',
      'Politisch exponierte Person (erledigt)',
      expect.stringContaining('(erledigt)'),
      expect.stringContaining('(nicht erforderlich)'),
      expect.stringContaining('(erledigt)'),
      expect.stringContaining('(nicht erforderlich)'),
      expect.stringContaining('(als Nächstes)'),
      expect.stringContaining('(noch offen)'),
    ]);
    expect(nav.textContent).toContain('Schritt 7 von 8');
    // nothing is left to do in a skipped step: it counts as settled and is no link
    expect(nav.textContent).toContain('6 von 8 Schritten erledigt');
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).not.toContain('/self-disclosure/adequacy-risk');
    expect(links).not.toContain('/self-disclosure/adequacy-professional');
  });

  it('speaks English after a language switch', async () => {
    await i18n.changeLanguage('en');
    const nav = renderProgress('ubo', 'ubo');
    expect(nav.getAttribute('aria-label')).toBe('Self-disclosure progress');
    expect(spoken(nav.querySelector('[aria-current="step"]'))).toBe('Beneficial owners (up next)');
    expect(nav.textContent).toContain('Step 5 of 9');
    await i18n.changeLanguage('de');
  });
});
