import { resetSessionStoreForTests, sessionStorageKey } from '../../lib/session-store.ts';
import type { OnboardingStep, OnboardingStepState, OnboardingView } from './onboarding-status.ts';
import type { OnboardingCustomer } from './types.ts';

/* Tests only: a logged-in session and the customer records and onboarding answers the API gives. */

export const testUuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

/** A valid session in storage (the token is not read by the mocked API). */
export function storeTestSession(): void {
  const now = Date.now();
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      id: 'sess-1',
      uuid: testUuid,
      token: 'a.b.c',
      refreshToken: 'refresh-0',
      expiration: now + 10 * 60_000,
      customerId: `/api/v2/shop/customers/${testUuid}`,
      startedAt: now,
      lastUsedAt: now,
    }),
  );
  resetSessionStoreForTests();
}

/** An onboarding answer: the steps before `current` done, `current` due, the rest open. */
export function onboardingStatus(
  nextRoute: string | null,
  current: OnboardingStep | null,
  steps: OnboardingStep[] = ['personal', 'pep', 'adequacy_optional', 'adequacy', 'custody', 'kyc'],
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
  return {
    id: 7,
    uuid: testUuid,
    email: 'erika@example.com',
    salutation: null,
    title: null,
    firstName: 'Erika',
    lastName: 'Mustermann',
    fullName: 'Erika Mustermann',
    profileName: null,
    profileDescription: null,
    mobileNumber: null,
    accountType: 'personal',
    companyName: null,
    companyType: null,
    locale: 'de',
    subscribedToNewsletter: false,
    twoFactorEnabled: false,
    enabled2Fa: false,
    verified: true,
    customerRolesAsString: [],
    status: 'unchecked',
    cryptoRegistrarStatus: null,
    kycPassed: false,
    tokenAmount: 0,
    referralCode: 'ERIKA1',
    referralLink: null,
    referralCommissionPerPaidOrder: 0,
    referralCommissionPerRegisteredCustomer: 0,
    defaultAddress: null,
    defaultWallet: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    birthDate: null,
    birthday: null,
    birthCity: null,
    birthCountry: null,
    nationality: null,
    iban: null,
    bic: null,
    bankName: null,
    beneficiary: null,
    bankCountry: null,
    bankCurrency: null,
    notPep: null,
    actingOnOwnAccount: null,
    representativeConfirmation: null,
    representative_role: null,
    paysChurchTax: null,
    ethAddress: null,
    taxnumber: null,
    vatNumber: null,
    registryNumber: null,
    court: null,
    foundingDate: null,
    migrationState: null,
    migrationError: null,
    followUpMessage: null,
    onboarding: onboardingStatus('/self-disclosure/personal', 'personal'),
    ...overrides,
  };
}

export const channelList = [
  {
    code: 'token',
    name: 'Tokenwerk',
    contactEmail: 'kontakt@tokenwerk.example',
    company: { name: 'T', street: 's', postcode: '1', city: 'c', countryCode: 'DE' },
    homeRequiresLogin: true,
  },
];

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
