import { AppError } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { customerDocuments, customers, uboUsers } from '../../db/schema/index.ts';
import {
  type CustomerRow,
  seedAddress,
  seedAnsweredQuestionnaire,
  seedCustomerDocument,
  seedIdentification,
  seedInvestor,
  seedProfessionalRequest,
  seedUboUser,
  seedWallet,
} from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import {
  getOnboarding,
  loadOnboardingFacts,
  loadOnboardingFactsOf,
  markFollowUpSeen,
} from './onboarding.service.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(async () => {
  await t.close();
});

const personalData = {
  birthDate: '1980-04-12',
  mobileNumber: '+491701234567',
  bankName: 'Sparkasse Berlin',
  beneficiary: 'Erika Mustermann',
  bic: 'BELADEBEXXX',
  iban: 'DE89370400440532013000',
  notPep: true,
  actingOnOwnAccount: true,
};
const berlin = { street: 'Unter den Linden 1', postcode: '10117', city: 'Berlin', countryCode: 'DE' };

/** Both WpHG surveys above the threshold after "will answer": adequacy passed. */
async function answerAdequacy(customerId: number) {
  await seedAnsweredQuestionnaire(db, { customerId, type: 'optional', grade: 1 });
  await seedAnsweredQuestionnaire(db, { customerId, type: 'wphg_bonds', grade: 9 });
  await seedAnsweredQuestionnaire(db, { customerId, type: 'wphg_crypto', grade: 11 });
}

/** A personal investor through every step, approved by the platform and the registrar. */
async function seedApprovedInvestor(): Promise<CustomerRow> {
  const c = await seedInvestor(db, {
    appSecret: t.config.appSecret,
    address: berlin,
    kyc: 'approved',
    wallet: true,
    status: 'approved',
    cryptoRegistrarStatus: 'approved',
    ...personalData,
  });
  await answerAdequacy(c.id);
  return c;
}

/** A company with complete data, a representative, a beneficial owner and the four documents. */
async function seedCompleteCompany(): Promise<CustomerRow> {
  const c = await seedInvestor(db, {
    appSecret: t.config.appSecret,
    accountType: 'company',
    address: berlin,
    companyName: `Solar Muster GmbH ${Math.random().toString(36).slice(2)}`,
    companyType: 'limited_liability_company',
    taxNumber: '27/123/45678',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: 'Solar Muster GmbH',
    bankCountry: 'DE',
    bankCurrency: 'EUR',
    foundingDate: '2015-03-01',
    birthDate: '1975-01-01',
    mobileNumber: '+4915112345678',
    notPep: true,
    actingOnOwnAccount: true,
  });
  await seedAddress(db, {
    customerId: c.id,
    kind: 'company',
    street: 'Hafenstraße 5',
    postcode: '20457',
    city: 'Hamburg',
  });
  await seedUboUser(db, { customerId: c.id, roles: [70], isUser: true });
  await seedUboUser(db, { customerId: c.id, roles: [60], equityShares: 6000, votingShares: 6000 });
  for (const purpose of [
    'commercial_register_excerpt',
    'shareholder_list',
    'shareholder_agreement',
    'transparency_register_excerpt',
  ] as const) {
    await seedCustomerDocument(db, { customerId: c.id, purpose });
  }
  return c;
}

describe('loadOnboardingFacts', () => {
  it('reads a fresh investor: nothing entered yet, led to the personal data', async () => {
    const c = await seedInvestor(db, { appSecret: t.config.appSecret });
    const facts = await loadOnboardingFacts({ db, customerId: c.id });
    expect(facts).toMatchObject({
      accountType: 'personal',
      customerStatus: null,
      registrarStatus: null,
      followUpSeen: false,
      notPep: null,
      actingOnOwnAccount: null,
      uboUsers: [],
      documents: [],
      adequacy: {
        optionalGrade: null,
        surveyGrades: { wphg_bonds: null, wphg_crypto: null },
        riskAnswered: false,
        riskPassed: false,
        isProfessional: false,
      },
      professionalRequestStatus: null,
      kycState: null,
      kycPassed: false,
      hasWallet: false,
    });
    expect(facts.personal.address).toBeNull();
    expect(await getOnboarding({ db, customerId: c.id })).toMatchObject({
      nextRoute: '/self-disclosure/personal',
      mayBuy: false,
      banner: null,
    });
  });

  it('reads a finished, approved investor: nothing left, may buy, welcome', async () => {
    const c = await seedApprovedInvestor();
    const facts = await loadOnboardingFacts({ db, customerId: c.id });
    expect(facts.personal).toEqual({
      firstName: 'Erika',
      lastName: 'Mustermann',
      representativeConfirmation: null,
      ...Object.fromEntries(
        Object.entries(personalData).filter(([k]) => k !== 'notPep' && k !== 'actingOnOwnAccount'),
      ),
      address: berlin,
    });
    expect(facts).toMatchObject({ kycState: 'approved', kycPassed: true, hasWallet: true });
    expect(facts.adequacy.surveyGrades).toEqual({ wphg_bonds: 9, wphg_crypto: 11 });
    const onboarding = await getOnboarding({ db, customerId: c.id });
    expect(onboarding).toEqual({
      nextRoute: null,
      steps: [
        { step: 'personal', route: '/self-disclosure/personal', state: 'done' },
        { step: 'pep', route: '/self-disclosure/pep', state: 'done' },
        { step: 'adequacy_optional', route: '/self-disclosure/adequacy-optional', state: 'done' },
        { step: 'adequacy_professional', route: '/self-disclosure/adequacy-professional', state: 'skipped' },
        { step: 'adequacy', route: '/self-disclosure/adequacy', state: 'done' },
        // both surveys above 7: the risk statements were not needed (decision 015: listed, skipped)
        { step: 'adequacy_risk', route: '/self-disclosure/adequacy-risk', state: 'skipped' },
        { step: 'kyc', route: '/self-disclosure/kyc', state: 'done' },
        { step: 'custody', route: '/self-disclosure/custody', state: 'done' },
      ],
      mayBuy: true,
      banner: 'welcome',
    });
  });

  it('reads the latest identification, and keeps KYC passed once it passed', async () => {
    const c = await seedInvestor(db, { appSecret: t.config.appSecret });
    await seedIdentification(db, {
      customerId: c.id,
      state: 'rejected',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    await seedIdentification(db, {
      customerId: c.id,
      state: 'pending',
      createdAt: new Date('2026-01-02T10:00:00Z'),
    });
    expect(await loadOnboardingFacts({ db, customerId: c.id })).toMatchObject({
      kycState: 'pending',
      kycPassed: false,
    });

    await seedIdentification(db, {
      customerId: c.id,
      state: 'approved_data',
      createdAt: new Date('2026-01-03T10:00:00Z'),
    });
    // spec 4: approved_data is another spelling of approved_data_changed
    expect(await loadOnboardingFacts({ db, customerId: c.id })).toMatchObject({
      kycState: 'approved_data_changed',
      kycPassed: true,
    });
    await seedIdentification(db, {
      customerId: c.id,
      state: 'rejected',
      createdAt: new Date('2026-01-04T10:00:00Z'),
    });
    const facts = await loadOnboardingFacts({ db, customerId: c.id });
    expect(facts).toMatchObject({ kycState: 'rejected', kycPassed: true });
  });

  it('reads the latest answer of each questionnaire type and ignores deleted ones', async () => {
    const c = await seedInvestor(db, { appSecret: t.config.appSecret });
    const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 10, minute));
    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'optional', grade: 2, createdAt: at(0) });
    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'optional', grade: 1, createdAt: at(1) });
    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'wphg_bonds', grade: 4, createdAt: at(2) });
    await seedAnsweredQuestionnaire(db, {
      customerId: c.id,
      type: 'wphg_bonds',
      grade: 12,
      createdAt: at(3),
      deletedAt: at(4),
    });
    await seedAnsweredQuestionnaire(db, {
      customerId: c.id,
      type: 'risk',
      grade: 0,
      result: 'incomplete',
      createdAt: at(5),
    });
    let facts = await loadOnboardingFacts({ db, customerId: c.id });
    expect(facts.adequacy).toEqual({
      optionalGrade: 1,
      surveyGrades: { wphg_bonds: 4, wphg_crypto: null },
      riskAnswered: true,
      riskPassed: false,
      isProfessional: false,
    });
    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'risk', grade: 5, createdAt: at(6) });
    facts = await loadOnboardingFacts({ db, customerId: c.id });
    expect(facts.adequacy.riskPassed).toBe(true);
  });

  it('reads the professional role and the latest professional request', async () => {
    const c = await seedInvestor(db, { appSecret: t.config.appSecret, roles: ['professional_investor'] });
    await seedProfessionalRequest(db, {
      customerId: c.id,
      status: 'refused',
      createdAt: new Date('2026-01-01'),
    });
    await seedProfessionalRequest(db, {
      customerId: c.id,
      status: 'requested',
      createdAt: new Date('2026-02-01'),
    });
    expect(await loadOnboardingFacts({ db, customerId: c.id })).toMatchObject({
      adequacy: { isProfessional: true },
      professionalRequestStatus: 'requested',
    });
  });

  it('reads a company: company address, persons with their chain, documents on their Berlin upload day', async () => {
    const c = await seedCompleteCompany();
    const holding = await seedUboUser(db, {
      customerId: c.id,
      type: 'legal',
      companyName: 'Holding AG',
      roles: [],
      equityShares: 3000,
      representativeSentAt: null,
    });
    const owner = await seedUboUser(db, {
      customerId: c.id,
      roles: [61],
      votingShares: 5100,
      heldThroughId: holding.id,
    });
    const sent = await seedUboUser(db, { customerId: c.id, roles: [10], representativeSentAt: new Date() });
    await seedCustomerDocument(db, {
      customerId: c.id,
      purpose: 'proof_of_power_of_attorney',
      issuedAt: '2026-01-02',
      // 23:30 UTC on 31 March is 1 April in Berlin
      createdAt: new Date('2026-03-31T23:30:00Z'),
    });
    const facts = await loadOnboardingFacts({ db, customerId: c.id });
    expect(facts.accountType).toBe('company');
    expect(facts.company).toMatchObject({
      companyType: 'limited_liability_company',
      taxnumber: '27/123/45678',
      foundingDate: '2015-03-01',
      address: { street: 'Hafenstraße 5', postcode: '20457', city: 'Hamburg', countryCode: 'DE' },
    });
    expect(facts.personal.address).toEqual(berlin);
    expect(facts.uboUsers).toHaveLength(5);
    expect(facts.uboUsers.find((p) => p.id === holding.id)).toMatchObject({
      type: 'legal',
      equityShares: 3000,
      heldThroughId: null,
    });
    expect(facts.uboUsers.find((p) => p.id === owner.id)).toMatchObject({
      type: 'natural',
      roles: [61],
      votingShares: 5100,
      equityShares: null,
      heldThroughId: holding.id,
    });
    expect(facts.uboUsers.find((p) => p.id === sent.id)).toMatchObject({
      representativeSent: true,
      isUser: false,
    });
    expect(facts.documents).toContainEqual({
      purpose: 'proof_of_power_of_attorney',
      issuedAt: '2026-01-02',
      uploadedOn: '2026-04-01',
    });
    expect(facts.documents).toHaveLength(5);
  });

  it("reads only the customer's own data", async () => {
    const a = await seedCompleteCompany();
    const b = await seedInvestor(db, { appSecret: t.config.appSecret, accountType: 'company' });
    await answerAdequacy(a.id);
    await seedWallet(db, { customerId: a.id });
    await seedIdentification(db, { customerId: a.id, state: 'approved' });
    await seedProfessionalRequest(db, { customerId: a.id });
    const facts = await loadOnboardingFacts({ db, customerId: b.id });
    expect(facts).toMatchObject({
      uboUsers: [],
      documents: [],
      hasWallet: false,
      kycState: null,
      professionalRequestStatus: null,
      adequacy: { optionalGrade: null, surveyGrades: { wphg_bonds: null, wphg_crypto: null } },
    });
    expect(facts.company.address).toBeNull();
  });

  it('reads a status the state tables do not know as not set', async () => {
    const c = await seedInvestor(db, {
      appSecret: t.config.appSecret,
      status: 'approved_in_review',
      cryptoRegistrarStatus: 'APPROVED',
    });
    expect(await loadOnboardingFacts({ db, customerId: c.id })).toMatchObject({
      customerStatus: null,
      registrarStatus: null,
    });
  });

  it('answers not found for an unknown customer', async () => {
    const error = await loadOnboardingFacts({ db, customerId: 987_654_321 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    await expect(getOnboarding({ db, customerId: 987_654_321 })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('asks the database the same few times however much a company entered (no N+1)', async () => {
    const count = async (customerId: number) => {
      let selects = 0;
      const counting = new Proxy(db, {
        get(target, prop, receiver) {
          if (prop === 'select') selects += 1;
          return Reflect.get(target, prop, receiver);
        },
      });
      await loadOnboardingFacts({ db: counting, customerId });
      return selects;
    };
    const small = await seedInvestor(db, { appSecret: t.config.appSecret });
    const big = await seedCompleteCompany();
    for (let i = 0; i < 15; i++)
      await seedUboUser(db, { customerId: big.id, roles: [60], equityShares: 100 });
    for (let i = 0; i < 6; i++)
      await seedCustomerDocument(db, { customerId: big.id, purpose: 'shareholder_list' });
    await answerAdequacy(big.id);
    expect(await count(small.id)).toBe(5);
    expect(await count(big.id)).toBe(5);

    // a batch (the operators' queue) reads many customers in the same five queries, each their own facts
    let selects = 0;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'select') selects += 1;
        return Reflect.get(target, prop, receiver);
      },
    });
    const batch = await loadOnboardingFactsOf({ db: counting, customerIds: [small.id, big.id, 987_654_321] });
    expect(selects).toBe(5);
    expect([...batch.keys()].sort((a, b) => a - b)).toEqual([small.id, big.id].sort((a, b) => a - b));
    expect(batch.get(big.id)).toEqual(await loadOnboardingFacts({ db, customerId: big.id }));
    expect(batch.get(small.id)).toEqual(await loadOnboardingFacts({ db, customerId: small.id }));
    expect(batch.get(big.id)!.uboUsers.length).toBeGreaterThan(15);
    expect(batch.get(small.id)!.uboUsers).toHaveLength(0);
    expect((await loadOnboardingFactsOf({ db, customerIds: [] })).size).toBe(0);
  });
});

describe('getOnboarding: the gate on real data (spec 2 order)', () => {
  it('walks a personal investor through the steps as they are completed', async () => {
    const c = await seedInvestor(db, { appSecret: t.config.appSecret });
    const next = async () => (await getOnboarding({ db, customerId: c.id })).nextRoute;
    expect(await next()).toBe('/self-disclosure/personal');

    await db
      .update(customers)
      .set({ ...personalData, notPep: null, actingOnOwnAccount: null })
      .where(eq(customers.id, c.id));
    await seedAddress(db, { customerId: c.id, makeDefault: true });
    expect(await next()).toBe('/self-disclosure/pep');

    await db.update(customers).set({ notPep: false, actingOnOwnAccount: true }).where(eq(customers.id, c.id));
    expect(await next()).toBe('/self-disclosure/adequacy-optional');

    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'optional', grade: 1 });
    expect(await next()).toBe('/self-disclosure/adequacy');

    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'wphg_bonds', grade: 5 });
    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'wphg_crypto', grade: 9 });
    // a survey at most 7: the risk statements
    expect(await next()).toBe('/self-disclosure/adequacy-risk');

    await seedAnsweredQuestionnaire(db, { customerId: c.id, type: 'risk', grade: 3 });
    // decision 032: the identification before the custody wallet
    expect(await getOnboarding({ db, customerId: c.id })).toMatchObject({
      nextRoute: '/self-disclosure/kyc',
      banner: 'kyc_start',
      mayBuy: false,
    });

    await seedIdentification(db, { customerId: c.id, state: 'approved' });
    expect(await next()).toBe('/self-disclosure/custody');

    await seedWallet(db, { customerId: c.id });
    await db
      .update(customers)
      .set({ cryptoRegistrarStatus: 'approval_required' })
      .where(eq(customers.id, c.id));
    expect(await getOnboarding({ db, customerId: c.id })).toMatchObject({
      nextRoute: null,
      banner: 'not_approved',
      mayBuy: false,
    });

    await db
      .update(customers)
      .set({ status: 'approved', cryptoRegistrarStatus: 'approved' })
      .where(eq(customers.id, c.id));
    expect(await getOnboarding({ db, customerId: c.id })).toMatchObject({
      nextRoute: null,
      banner: 'welcome',
      mayBuy: true,
    });
  });

  it('leads a company through company data, representatives, owners and documents', async () => {
    const c = await seedCompleteCompany();
    await answerAdequacy(c.id);
    await seedIdentification(db, { customerId: c.id, state: 'approved' });
    await seedWallet(db, { customerId: c.id });
    const next = async () => (await getOnboarding({ db, customerId: c.id })).nextRoute;
    expect(await next()).toBeNull();

    // spec 5 role 10 alone: the power of attorney becomes a required document
    const user = await seedUboUser(db, { customerId: c.id, roles: [10], isUser: true });
    expect(await next()).toBe('/self-disclosure/ubo-documents');
    // spec 5: role 10 removed when the representative is sent
    await db
      .update(uboUsers)
      .set({ roles: [], representativeSentAt: new Date() })
      .where(eq(uboUsers.id, user.id));
    expect(await next()).toBeNull();

    // GwG § 3 (2): an owner with 25 % exactly is not above the threshold
    await seedUboUser(db, { customerId: c.id, roles: [60], equityShares: 2500 });
    expect(await next()).toBe('/self-disclosure/ubo');

    await db.update(customers).set({ foundingDate: null }).where(eq(customers.id, c.id));
    expect(await next()).toBe('/self-disclosure/company');
  });

  it('judges a document by the day it was uploaded (spec 5: not older than 3 months)', async () => {
    const c = await seedCompleteCompany();
    await db.delete(customerDocuments).where(eq(customerDocuments.customerId, c.id));
    for (const purpose of [
      'commercial_register_excerpt',
      'shareholder_agreement',
      'transparency_register_excerpt',
    ] as const) {
      await seedCustomerDocument(db, { customerId: c.id, purpose });
    }
    // issued 10 January, uploaded 20 May: more than 3 months old on the day of upload
    await seedCustomerDocument(db, {
      customerId: c.id,
      purpose: 'shareholder_list',
      issuedAt: '2026-01-10',
      createdAt: new Date('2026-05-20T10:00:00Z'),
    });
    const documentsStep = async () =>
      (await getOnboarding({ db, customerId: c.id })).steps.find((s) => s.step === 'ubo_documents')?.state;
    expect(await documentsStep()).toBe('current');
    expect((await getOnboarding({ db, customerId: c.id })).nextRoute).toBe('/self-disclosure/ubo-documents');

    // issued 20 February, uploaded 20 May: exactly 3 months, accepted (and stays accepted later)
    await seedCustomerDocument(db, {
      customerId: c.id,
      purpose: 'shareholder_list',
      issuedAt: '2026-02-20',
      createdAt: new Date('2026-05-20T10:00:00Z'),
    });
    expect(await documentsStep()).toBe('done');
  });
});

describe('more information needed leads once to /contact (spec 2)', () => {
  it('sends a follow-up to /contact until it was seen, then continues; a new follow-up clears the mark', async () => {
    const c = await seedApprovedInvestor();
    await db
      .update(customers)
      .set({ status: 'follow_up', followUpMessage: 'Bitte Ausweis nachreichen.' })
      .where(eq(customers.id, c.id));
    expect(await getOnboarding({ db, customerId: c.id })).toMatchObject({
      nextRoute: '/contact',
      banner: 'more_information',
      mayBuy: false,
    });

    const now = new Date('2026-06-01T08:00:00Z');
    expect(await markFollowUpSeen({ db, customerId: c.id, now })).toBe(true);
    expect(await markFollowUpSeen({ db, customerId: c.id, now: new Date() })).toBe(false);
    const [row] = await db
      .select({ seen: customers.followUpSeenAt })
      .from(customers)
      .where(eq(customers.id, c.id));
    expect(row?.seen?.toISOString()).toBe(now.toISOString());
    expect(await getOnboarding({ db, customerId: c.id })).toMatchObject({
      nextRoute: null,
      banner: 'more_information',
    });

    await db.update(customers).set({ followUpSeenAt: null }).where(eq(customers.id, c.id));
    expect((await getOnboarding({ db, customerId: c.id })).nextRoute).toBe('/contact');
  });

  it('records nothing without a follow-up, and 404s an unknown customer', async () => {
    const c = await seedApprovedInvestor();
    expect(await markFollowUpSeen({ db, customerId: c.id, now: new Date() })).toBe(false);
    const [row] = await db
      .select({ seen: customers.followUpSeenAt })
      .from(customers)
      .where(eq(customers.id, c.id));
    expect(row?.seen).toBeNull();
    await expect(markFollowUpSeen({ db, customerId: 987_654_321, now: new Date() })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('sends a banned customer to /banned (registrar rejected)', async () => {
    const c = await seedApprovedInvestor();
    await db.update(customers).set({ cryptoRegistrarStatus: 'rejected' }).where(eq(customers.id, c.id));
    expect(await getOnboarding({ db, customerId: c.id })).toMatchObject({
      nextRoute: '/banned',
      banner: null,
      mayBuy: false,
    });
  });
});
