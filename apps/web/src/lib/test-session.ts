import type { CustomerResource } from '@token/domain/accounts';
import { resetSessionStoreForTests, sessionStorageKey } from './session-store.ts';

/* Tests only: a stored session and a customer record as the API answers them, shared by features' test support. */

/** A logged-in session in storage for `uuid`, its token valid for `validMs` (the mocked API does not read it). */
export function storeSessionForTests(opts: { id: string; uuid: string; validMs: number }): void {
  const now = Date.now();
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      id: opts.id,
      uuid: opts.uuid,
      token: 'a.b.c',
      refreshToken: 'refresh-0',
      expiration: now + opts.validMs,
      customerId: `/api/v2/shop/customers/${opts.uuid}`,
      startedAt: now,
      lastUsedAt: now,
    }),
  );
  resetSessionStoreForTests();
}

/**
 * A customer record as GET customers/{uuid} answers it for a new personal account (nothing entered
 * yet, not checked); the caller names the person and the onboarding answer, and overrides the rest.
 */
export function customerRecordForTests(
  person: Pick<
    CustomerResource,
    'id' | 'uuid' | 'email' | 'firstName' | 'lastName' | 'fullName' | 'onboarding'
  > &
    Partial<CustomerResource>,
): CustomerResource {
  return {
    salutation: null,
    title: null,
    profileName: null,
    profileDescription: null,
    profileImage: null,
    displayName: null,
    website: null,
    socialLinks: [],
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
    referralCode: null,
    referralLink: null,
    referralPartner: false,
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
    ...person,
  };
}
