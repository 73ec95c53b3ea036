import { onboardingStepRules, onboardingSteps } from '@token/domain/onboarding';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import type { OnboardingStep, OnboardingStepState, OnboardingView } from './onboarding-status.ts';
import type { OnboardingCustomer } from './types.ts';

/* Tests only: a logged-in session and the customer records and onboarding answers the API gives. */

export const testUuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

/** A valid session in storage (the token is not read by the mocked API). */
export function storeTestSession(): void {
  storeSessionForTests({ id: 'sess-1', uuid: testUuid, validMs: 10 * 60_000 });
}

/** The steps a natural person's list shows (decision 015), as the domain lists them. */
const personalSteps: OnboardingStep[] = onboardingSteps.filter((step) =>
  onboardingStepRules[step].listed({ accountType: 'personal' }),
);

/** An onboarding answer: the steps before `current` done, `current` due, the rest open. */
export function onboardingStatus(
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

/** A customer record as GET customers/{uuid} answers it. */
export function customerRecord(overrides: Partial<OnboardingCustomer> = {}): OnboardingCustomer {
  return customerRecordForTests({
    id: 7,
    uuid: testUuid,
    email: 'erika@example.com',
    firstName: 'Erika',
    lastName: 'Mustermann',
    fullName: 'Erika Mustermann',
    referralCode: 'ERIKA1',
    onboarding: onboardingStatus('/self-disclosure/personal', 'personal'),
    ...overrides,
  });
}

export const countryList = [
  { id: 1, code: 'DE', name: 'Deutschland', enabled: true },
  { id: 2, code: 'AT', name: 'Österreich', enabled: true },
  { id: 3, code: 'FR', name: 'Frankreich', enabled: true },
];

export const currencyList = [
  { id: 1, code: 'EUR', name: 'Euro' },
  { id: 2, code: 'CHF', name: 'Schweizer Franken' },
];

/** A problem+json answer. */
export function problem(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}
