import { describe, expect, it } from 'vitest';
import type {
  OnboardingStep,
  OnboardingStepState,
  OnboardingView,
} from '../features/onboarding/onboarding-status.ts';
import { entryRedirect, needsOnboardingStatus } from './entry-gates.ts';

const personalSteps: OnboardingStep[] = [
  'personal',
  'pep',
  'adequacy_optional',
  'adequacy',
  'kyc',
  'custody',
];

/** A status the server could answer: the steps before `current` done, `current` due, the rest open. */
function status(
  nextRoute: string | null,
  current: OnboardingStep | null,
  steps: OnboardingStep[] = personalSteps,
): OnboardingView {
  const at = current ? steps.indexOf(current) : steps.length;
  return {
    nextRoute,
    steps: steps.map((step, i) => ({
      step,
      route: `/self-disclosure/${step.replace(/_/g, '-')}`,
      state: (i < at ? 'done' : i === at ? 'current' : 'todo') as OnboardingStepState,
    })),
    mayBuy: false,
    banner: null,
  };
}

const ctx = (s: OnboardingView) => s;

describe('entry gates (spec 2)', () => {
  it.each([
    ['/', '/self-disclosure/pep'],
    ['/order-process/token', '/self-disclosure/pep'],
    ['/account/wallet', '/self-disclosure/pep'],
    ['/account/orders', '/self-disclosure/pep'],
    ['/account/payments', '/self-disclosure/pep'],
    ['/account/exerpts', '/self-disclosure/pep'],
    ['/transfer/TKN1', '/self-disclosure/pep'],
    ['/order-details/0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01', '/self-disclosure/pep'],
  ])('sends %s to the next route the server names', (path, target) => {
    expect(entryRedirect(path, ctx(status('/self-disclosure/pep', 'pep')))).toBe(target);
  });

  it.each([
    '/account',
    '/account/edit',
    '/account/company-edit',
    '/account/two-factor',
    '/account/custody',
    '/contact',
    '/banned',
    '/login',
    '/login/2fa',
    '/imprint',
    '/privacy-policy',
    '/products/BOND-1',
  ])('never gates %s', (path) => {
    expect(entryRedirect(path, ctx(status('/self-disclosure/pep', 'pep')))).toBeNull();
    expect(entryRedirect(path, ctx(status('/banned', 'personal')))).toBeNull();
  });

  it('lets everything through when nothing is left', () => {
    const done = status(null, null);
    for (const path of ['/', '/account/wallet', '/order-process/token', '/self-disclosure/kyc']) {
      expect(entryRedirect(path, ctx(done)), path).toBeNull();
    }
  });

  it('leads to the contact page while the server names it (more information needed, once)', () => {
    const followUp = status('/contact', 'custody');
    expect(entryRedirect('/', ctx(followUp))).toBe('/contact');
    expect(entryRedirect('/account/orders', ctx(followUp))).toBe('/contact');
    expect(entryRedirect('/contact', ctx(followUp))).toBeNull();
    // once the server recorded the visit it names the step that is due
    expect(entryRedirect('/', ctx(status('/self-disclosure/custody', 'custody')))).toBe(
      '/self-disclosure/custody',
    );
  });

  it('gates nothing before the record with its onboarding is there', () => {
    expect(entryRedirect('/', null)).toBeNull();
    expect(entryRedirect('/self-disclosure/kyc', null)).toBeNull();
  });

  it('sends a banned customer to /banned, also from the self-disclosure', () => {
    const banned = status('/banned', 'personal');
    expect(entryRedirect('/', ctx(banned))).toBe('/banned');
    expect(entryRedirect('/account/orders', ctx(banned))).toBe('/banned');
    expect(entryRedirect('/self-disclosure/personal', ctx(banned))).toBe('/banned');
  });

  it('follows the server for companies: company data first', () => {
    const company = status('/self-disclosure/company', 'company', [
      'company',
      'personal',
      'pep',
      'representatives',
      'ubo',
      'ubo_documents',
      'kyc',
    ]);
    expect(entryRedirect('/', ctx(company))).toBe('/self-disclosure/company');
    expect(entryRedirect('/self-disclosure/ubo', ctx(company))).toBe('/self-disclosure/company');
  });

  it('keeps the self-disclosure pages open that are done or due, and sends on from those not reachable yet', () => {
    const s = status('/self-disclosure/adequacy-optional', 'adequacy_optional');
    expect(entryRedirect('/self-disclosure/personal', ctx(s))).toBeNull();
    expect(entryRedirect('/self-disclosure/pep', ctx(s))).toBeNull();
    expect(entryRedirect('/self-disclosure/adequacy-optional', ctx(s))).toBeNull();
    expect(entryRedirect('/self-disclosure/kyc', ctx(s))).toBe('/self-disclosure/adequacy-optional');
    // a step a personal account does not have
    expect(entryRedirect('/self-disclosure/ubo-documents', ctx(s))).toBe(
      '/self-disclosure/adequacy-optional',
    );
    expect(entryRedirect('/self-disclosure', ctx(s))).toBe('/self-disclosure/adequacy-optional');
  });

  it('never sends a self-disclosure page to itself', () => {
    const s = status('/self-disclosure/pep', 'pep', ['personal', 'kyc']);
    // the server names a step its list does not carry: the page it names stays open
    expect(entryRedirect('/self-disclosure/pep', ctx(s))).toBeNull();
  });

  it('waits for the record on gated and self-disclosure pages only', () => {
    expect(needsOnboardingStatus('/')).toBe(true);
    expect(needsOnboardingStatus('/self-disclosure/pep')).toBe(true);
    expect(needsOnboardingStatus('/account/orders')).toBe(true);
    expect(needsOnboardingStatus('/account/edit')).toBe(false);
    expect(needsOnboardingStatus('/contact')).toBe(false);
  });
});
