import { describe, expect, expectTypeOf, it } from 'vitest';
import { processTable } from '../navigation/index.ts';
import {
  awaitsComplianceReview,
  type Onboarding,
  type OnboardingFacts,
  type OnboardingStep,
  type OnboardingView,
  onboardingOf,
  onboardingStepOfRoute,
  onboardingStepRoute,
  onboardingSteps,
  onboardingViewSchema,
  selfDisclosureRoutes,
} from './index.ts';

const address = { street: 'Hauptstraße 1', city: 'Berlin', postcode: '10115', countryCode: 'DE' };

/** A personal investor who has done everything and was approved: may buy. */
const personalDone: OnboardingFacts = {
  accountType: 'personal',
  customerStatus: 'approved',
  registrarStatus: 'approved',
  followUpSeen: false,
  personal: {
    firstName: 'Erika',
    lastName: 'Mustermann',
    birthDate: '1980-04-12',
    mobileNumber: '+491701234567',
    bankName: 'Sparkasse',
    beneficiary: 'Erika Mustermann',
    bic: 'BELADEBEXXX',
    iban: 'DE89370400440532013000',
    representativeConfirmation: null,
    address,
  },
  company: {
    companyName: null,
    companyType: null,
    taxnumber: null,
    vatNumber: null,
    iban: null,
    bic: null,
    bankName: null,
    beneficiary: null,
    bankCountry: null,
    bankCurrency: null,
    foundingDate: null,
    profileDescription: null,
    address: null,
  },
  notPep: true,
  actingOnOwnAccount: true,
  uboUsers: [],
  documents: [],
  adequacy: {
    optionalGrade: 1,
    surveyGrades: { wphg_bonds: 9, wphg_crypto: 10 },
    riskAnswered: false,
    riskPassed: false,
    isProfessional: false,
  },
  professionalRequestStatus: null,
  kycState: 'approved',
  kycPassed: true,
  hasWallet: true,
};

const ubo = (id: number, roles: number[], over: Partial<OnboardingFacts['uboUsers'][number]> = {}) => ({
  id,
  type: 'natural' as const,
  roles,
  isUser: false,
  equityShares: null,
  votingShares: null,
  fictitiousBeneficialOwner: false,
  representativeSent: false,
  heldThroughId: null,
  ...over,
});
const doc = (purpose: string) => ({ purpose, issuedAt: '2026-05-01', uploadedOn: '2026-05-10' });

/** A company that has done everything and was approved. */
const companyDone: OnboardingFacts = {
  ...personalDone,
  accountType: 'company',
  personal: { ...personalDone.personal, bankName: null, beneficiary: null, bic: null, iban: null },
  company: {
    companyName: 'Muster GmbH',
    companyType: 'limited_liability_company',
    taxnumber: '27/123/45678',
    vatNumber: 'DE123456789',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: 'Muster GmbH',
    bankCountry: 'DE',
    bankCurrency: 'EUR',
    foundingDate: '2015-03-01',
    profileDescription: null,
    address,
  },
  uboUsers: [ubo(1, [70], { isUser: true }), ubo(2, [60], { equityShares: 6000 })],
  documents: [
    doc('commercial_register_excerpt'),
    doc('shareholder_list'),
    doc('shareholder_agreement'),
    doc('transparency_register_excerpt'),
  ],
};

type Change = (f: OnboardingFacts) => OnboardingFacts;
const with_ =
  (over: Partial<OnboardingFacts>): Change =>
  (f) => ({ ...f, ...over });
const adequacy =
  (over: Partial<OnboardingFacts['adequacy']>): Change =>
  (f) => ({
    ...f,
    adequacy: { ...f.adequacy, ...over },
  });
const notStarted = with_({
  hasWallet: false,
  kycState: null,
  kycPassed: false,
  customerStatus: null,
  registrarStatus: null,
});

const currentStep = (o: Onboarding) => o.steps.find((s) => s.state === 'current')?.step ?? null;

describe('step routes (spec 2 self-disclosure routes, contract "/self-disclosure/<step with - for _>")', () => {
  it.each([
    ['company', '/self-disclosure/company'],
    ['personal', '/self-disclosure/personal'],
    ['pep', '/self-disclosure/pep'],
    ['representatives', '/self-disclosure/representatives'],
    ['ubo', '/self-disclosure/ubo'],
    ['ubo_documents', '/self-disclosure/ubo-documents'],
    ['adequacy_optional', '/self-disclosure/adequacy-optional'],
    ['adequacy_professional', '/self-disclosure/adequacy-professional'],
    ['adequacy', '/self-disclosure/adequacy'],
    ['adequacy_risk', '/self-disclosure/adequacy-risk'],
    ['kyc', '/self-disclosure/kyc'],
    ['custody', '/self-disclosure/custody'],
  ] as const)('%s -> %s', (step, route) => {
    expect(onboardingStepRoute(step)).toBe(route);
    expect(onboardingStepOfRoute(route)).toBe(step);
    expect(onboardingStepOfRoute(`${route}/`)).toBe(step);
  });

  it('has one route per step, and the SELF_DISCLOSURE process is exactly these routes', () => {
    expect(selfDisclosureRoutes).toHaveLength(onboardingSteps.length);
    expect(processTable.SELF_DISCLOSURE.routes).toEqual(selfDisclosureRoutes);
    expect(onboardingStepOfRoute('/self-disclosure/unknown')).toBeNull();
    expect(onboardingStepOfRoute('/account')).toBeNull();
  });
});

describe('the gate order for a personal account (spec 2 "Entry gating … in this order")', () => {
  // Each row takes the finished investor back to one state; the gate names the first step not done.
  it.each<[string, Change, OnboardingStep | null, string | null]>([
    ['everything done', (f) => f, null, null],
    [
      'spec 5: personal data incomplete (iban)',
      (f) => ({ ...f, personal: { ...f.personal, iban: null } }),
      'personal',
      '/self-disclosure/personal',
    ],
    ['spec 2: PEP not answered', with_({ notPep: null }), 'pep', '/self-disclosure/pep'],
    [
      'spec 2: acting on own account not answered',
      with_({ actingOnOwnAccount: null }),
      'pep',
      '/self-disclosure/pep',
    ],
    ['PEP answered "is a PEP" counts as answered', with_({ notPep: false }), null, null],
    [
      'spec 2: optional adequacy not answered',
      adequacy({ optionalGrade: null, surveyGrades: { wphg_bonds: null, wphg_crypto: null } }),
      'adequacy_optional',
      '/self-disclosure/adequacy-optional',
    ],
    [
      'spec 4: optional 2 and not professional',
      adequacy({ optionalGrade: 2 }),
      'adequacy_professional',
      '/self-disclosure/adequacy-professional',
    ],
    [
      'spec 4: one survey missing',
      adequacy({ surveyGrades: { wphg_bonds: 9, wphg_crypto: null } }),
      'adequacy',
      '/self-disclosure/adequacy',
    ],
    [
      'spec 4: a survey at most 7 without risk pass',
      adequacy({ surveyGrades: { wphg_bonds: 7, wphg_crypto: 12 } }),
      'adequacy_risk',
      '/self-disclosure/adequacy-risk',
    ],
    [
      'spec 4: a survey at most 7, risk passed',
      adequacy({ surveyGrades: { wphg_bonds: 7, wphg_crypto: 12 }, riskAnswered: true, riskPassed: true }),
      null,
      null,
    ],
    [
      'spec 4: optional 0 (declined) without risk pass',
      adequacy({ optionalGrade: 0, surveyGrades: { wphg_bonds: null, wphg_crypto: null } }),
      'adequacy_risk',
      '/self-disclosure/adequacy-risk',
    ],
    ['spec 2: custody wallet missing', with_({ hasWallet: false }), 'custody', '/self-disclosure/custody'],
    [
      'spec 4: KYC not passed (pending)',
      with_({ kycState: 'pending', kycPassed: false }),
      'kyc',
      '/self-disclosure/kyc',
    ],
    [
      'spec 4: KYC rejected',
      with_({ kycState: 'rejected', kycPassed: false }),
      'kyc',
      '/self-disclosure/kyc',
    ],
    ['spec 4: KYC passed in review', with_({ kycState: 'approved_in_review', kycPassed: false }), null, null],
    [
      'spec 4: KYC passed once stays passed (cached)',
      with_({ kycState: 'rejected', kycPassed: true }),
      null,
      null,
    ],
    [
      'earlier steps win: personal data and KYC both missing',
      (f) => ({ ...f, personal: { ...f.personal, firstName: null }, kycState: null, kycPassed: false }),
      'personal',
      '/self-disclosure/personal',
    ],
    [
      'adequacy before custody',
      (f) => adequacy({ optionalGrade: null })(with_({ hasWallet: false })(f)),
      'adequacy_optional',
      '/self-disclosure/adequacy-optional',
    ],
    [
      'KYC before custody (decision 032)',
      with_({ hasWallet: false, kycState: null, kycPassed: false }),
      'kyc',
      '/self-disclosure/kyc',
    ],
    [
      'custody once the identification passed',
      with_({ hasWallet: false }),
      'custody',
      '/self-disclosure/custody',
    ],
  ])('%s', (_name, change, step, route) => {
    const o = onboardingOf(change(personalDone));
    expect(currentStep(o)).toBe(step);
    expect(o.nextRoute).toBe(route);
  });
});

describe('the gate order for a company (spec 2 "for company accounts company data first … for companies representatives, ubo, ubo documents")', () => {
  it.each<[string, Change, OnboardingStep | null]>([
    ['everything done', (f) => f, null],
    [
      'company data incomplete (founding date) comes before personal data',
      (f) => ({
        ...f,
        company: { ...f.company, foundingDate: null },
        personal: { ...f.personal, firstName: null },
      }),
      'company',
    ],
    ['company address missing', (f) => ({ ...f, company: { ...f.company, address: null } }), 'company'],
    [
      'spec 5: no representative',
      with_({ uboUsers: [ubo(1, [], { isUser: true }), ubo(2, [60], { equityShares: 6000 })] }),
      'representatives',
    ],
    [
      'spec 5: only the user in the list, acting by power of attorney (decision 009)',
      with_({ uboUsers: [ubo(1, [10], { isUser: true })] }),
      'representatives',
    ],
    [
      'spec 5: no beneficial owner',
      with_({ uboUsers: [ubo(1, [70], { isUser: true }), ubo(2, [70])] }),
      'ubo',
    ],
    [
      'GwG: owner with 25 % exactly',
      with_({ uboUsers: [ubo(1, [70], { isUser: true }), ubo(2, [60], { equityShares: 2500 })] }),
      'ubo',
    ],
    [
      'spec 5: real and fictitious owner on one person',
      with_({
        uboUsers: [ubo(1, [70], { isUser: true }), ubo(2, [60], { fictitiousBeneficialOwner: true })],
      }),
      'ubo',
    ],
    [
      'a fictitious owner is enough',
      with_({
        uboUsers: [ubo(1, [70], { isUser: true }), ubo(2, [70], { fictitiousBeneficialOwner: true })],
      }),
      null,
    ],
    ['spec 5: a UBO document missing', (f) => ({ ...f, documents: f.documents.slice(1) }), 'ubo_documents'],
    [
      'spec 5: role 10 alone needs the power of attorney',
      (f) => ({
        ...f,
        uboUsers: [ubo(1, [10], { isUser: true }), ubo(2, [70]), ubo(3, [60], { equityShares: 6000 })],
      }),
      'ubo_documents',
    ],
    [
      'role 10 alone with the power of attorney uploaded',
      (f) => ({
        ...f,
        uboUsers: [ubo(1, [10], { isUser: true }), ubo(2, [70]), ubo(3, [60], { equityShares: 6000 })],
        documents: [...f.documents, doc('proof_of_power_of_attorney')],
      }),
      null,
    ],
    ['spec 5: a company account needs no personal bank data', (f) => f, null],
  ])('%s', (_name, change, step) => {
    const o = onboardingOf(change(companyDone));
    expect(currentStep(o)).toBe(step);
    expect(o.nextRoute).toBe(step === null ? null : onboardingStepRoute(step));
  });

  it('lists the company steps in spec 2 order', () => {
    expect(onboardingOf(notStarted(companyDone)).steps.map((s) => s.step)).toEqual([
      'company',
      'personal',
      'pep',
      'representatives',
      'ubo',
      'ubo_documents',
      'adequacy_optional',
      'adequacy_professional',
      'adequacy',
      'adequacy_risk',
      'kyc',
      'custody',
    ]);
  });
});

const personalSteps: OnboardingStep[] = [
  'personal',
  'pep',
  'adequacy_optional',
  'adequacy_professional',
  'adequacy',
  'adequacy_risk',
  'kyc',
  'custody',
];

describe('every step of the account type stays listed; unnecessary ones are skipped (decision 015)', () => {
  const stepsOf = (f: OnboardingFacts) => onboardingOf(f).steps.map((s) => s.step);
  const skippedOf = (f: OnboardingFacts) =>
    onboardingOf(f)
      .steps.filter((s) => s.state === 'skipped')
      .map((s) => s.step);

  it.each<[string, Change, OnboardingStep[]]>([
    [
      'personal account, surveys above 7: no company steps; professional and risk skipped',
      (f) => f,
      ['adequacy_professional', 'adequacy_risk'],
    ],
    [
      'optional not answered yet: nothing skipped, the adequacy steps are still ahead',
      adequacy({ optionalGrade: null, surveyGrades: { wphg_bonds: null, wphg_crypto: null } }),
      [],
    ],
    [
      'optional 0: the surveys skipped, the risk statements instead',
      adequacy({ optionalGrade: 0, surveyGrades: { wphg_bonds: null, wphg_crypto: null } }),
      ['adequacy_professional', 'adequacy'],
    ],
    [
      'optional 2, not yet professional: professional, then surveys and risk as fallback',
      adequacy({ optionalGrade: 2, surveyGrades: { wphg_bonds: null, wphg_crypto: null } }),
      [],
    ],
    [
      'optional 2 and professional: adequacy passed, surveys and risk skipped',
      adequacy({
        optionalGrade: 2,
        isProfessional: true,
        surveyGrades: { wphg_bonds: null, wphg_crypto: null },
      }),
      ['adequacy', 'adequacy_risk'],
    ],
    [
      'a survey with a warning: the risk step is needed',
      adequacy({ surveyGrades: { wphg_bonds: 5, wphg_crypto: 9 } }),
      ['adequacy_professional'],
    ],
  ])('%s', (_name, change, skipped) => {
    expect(stepsOf(change(personalDone))).toEqual(personalSteps);
    expect(skippedOf(change(personalDone))).toEqual(skipped);
  });

  it('marks done, the one current step, and todo (a later step may already be done)', () => {
    const o = onboardingOf({
      ...personalDone,
      notPep: null,
      kycState: null,
      kycPassed: false,
      adequacy: { ...personalDone.adequacy, surveyGrades: { wphg_bonds: 9, wphg_crypto: null } },
    });
    expect(o.steps).toEqual([
      { step: 'personal', route: '/self-disclosure/personal', state: 'done' },
      { step: 'pep', route: '/self-disclosure/pep', state: 'current' },
      { step: 'adequacy_optional', route: '/self-disclosure/adequacy-optional', state: 'done' },
      // not needed (optional 1) but ahead of the current step: shown as still to come
      { step: 'adequacy_professional', route: '/self-disclosure/adequacy-professional', state: 'todo' },
      { step: 'adequacy', route: '/self-disclosure/adequacy', state: 'todo' },
      { step: 'adequacy_risk', route: '/self-disclosure/adequacy-risk', state: 'todo' },
      { step: 'kyc', route: '/self-disclosure/kyc', state: 'todo' },
      { step: 'custody', route: '/self-disclosure/custody', state: 'done' },
    ]);
  });

  it('a brand-new personal account starts at personal data with every step to do', () => {
    const fresh: OnboardingFacts = {
      ...notStarted(personalDone),
      personal: { ...personalDone.personal, birthDate: null, mobileNumber: null, address: null },
      notPep: null,
      actingOnOwnAccount: null,
      adequacy: {
        optionalGrade: null,
        surveyGrades: { wphg_bonds: null, wphg_crypto: null },
        riskAnswered: false,
        riskPassed: false,
        isProfessional: false,
      },
    };
    const o = onboardingOf(fresh);
    expect(o.nextRoute).toBe('/self-disclosure/personal');
    expect(o.steps.map((s) => s.state)).toEqual(['current', ...personalSteps.slice(1).map(() => 'todo')]);
    expect(o.mayBuy).toBe(false);
    expect(o.banner).toBeNull();
  });
});

describe('walking the self-disclosure: the count never changes within a run (issue 15: "4 of 7" became "5 of 6")', () => {
  const freshPersonal: OnboardingFacts = {
    ...notStarted(personalDone),
    personal: { ...personalDone.personal, birthDate: null, mobileNumber: null, address: null },
    notPep: null,
    actingOnOwnAccount: null,
    adequacy: {
      optionalGrade: null,
      surveyGrades: { wphg_bonds: null, wphg_crypto: null },
      riskAnswered: false,
      riskPassed: false,
      isProfessional: false,
    },
  };
  const freshCompany: OnboardingFacts = {
    ...freshPersonal,
    accountType: 'company',
    personal: { ...companyDone.personal, birthDate: null, mobileNumber: null, address: null },
    company: { ...companyDone.company, companyName: null, address: null },
  };
  const personalData = with_({ personal: personalDone.personal });
  const pep = with_({ notPep: true, actingOnOwnAccount: true });
  const optional = (grade: 0 | 1 | 2) => adequacy({ optionalGrade: grade });
  const surveys = (bonds: number, crypto: number) =>
    adequacy({ surveyGrades: { wphg_bonds: bonds, wphg_crypto: crypto } });
  const risk = adequacy({ riskAnswered: true, riskPassed: true });
  const professionalApproved: Change = (f) =>
    adequacy({ isProfessional: true })({ ...f, professionalRequestStatus: 'approved' });
  const custody = with_({ hasWallet: true });
  const kyc = with_({ kycState: 'approved', kycPassed: true });

  /** The progress after each answer: the listed steps and "step n of total" as the indicator shows it. */
  function walk(start: OnboardingFacts, answers: Change[]) {
    let facts = start;
    const seen = [onboardingOf(facts)];
    for (const answer of answers) {
      facts = answer(facts);
      seen.push(onboardingOf(facts));
    }
    return seen.map((o) => ({
      steps: o.steps.map((s) => s.step),
      total: o.steps.length,
      at: o.steps.findIndex((s) => s.state === 'current') + 1,
      currents: o.steps.filter((s) => s.state === 'current').length,
    }));
  }

  it.each<[string, OnboardingFacts, Change[]]>([
    [
      'personal, surveys above 7 (the risk step becomes unnecessary: the reported jump)',
      freshPersonal,
      [personalData, pep, optional(1), surveys(9, 10), kyc, custody],
    ],
    ['personal, declines the surveys', freshPersonal, [personalData, pep, optional(0), risk, kyc, custody]],
    [
      'personal, a survey with a warning, then the risk statements',
      freshPersonal,
      [personalData, pep, optional(1), surveys(5, 9), risk, kyc, custody],
    ],
    [
      'personal, professional request approved',
      freshPersonal,
      [personalData, pep, optional(2), professionalApproved, kyc, custody],
    ],
    [
      'company, surveys above 7',
      freshCompany,
      [
        with_({ company: companyDone.company }),
        personalData,
        pep,
        with_({ uboUsers: companyDone.uboUsers }),
        with_({ documents: companyDone.documents }),
        optional(1),
        surveys(8, 9),
        kyc,
        custody,
      ],
    ],
  ])('%s', (_name, start, answers) => {
    const run = walk(start, answers);
    const first = run[0];
    for (const seen of run) {
      expect(seen.steps).toEqual(first?.steps);
      expect(seen.currents).toBeLessThanOrEqual(1);
    }
    // the open step only moves forward, and the run ends with nothing open
    const positions = run.map((r) => r.at).filter((at) => at > 0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(run.at(-1)?.at).toBe(0);
  });

  it('the reported run: at the surveys "5 of 8", after them "7 of 8" (the identification), the risk step skipped', () => {
    const before = onboardingOf(optional(1)(pep(personalData(freshPersonal))));
    const after = onboardingOf(surveys(9, 10)(optional(1)(pep(personalData(freshPersonal)))));
    const position = (o: Onboarding) => [o.steps.findIndex((s) => s.state === 'current') + 1, o.steps.length];
    expect(position(before)).toEqual([5, 8]);
    expect(position(after)).toEqual([7, 8]);
    expect(after.steps.filter((s) => s.state === 'skipped').map((s) => s.step)).toEqual([
      'adequacy_professional',
      'adequacy_risk',
    ]);
  });
});

describe('more information needed and banned (spec 2 "leads once to the contact page; banned leads to /banned")', () => {
  it.each<[string, Partial<OnboardingFacts>, string | null, Onboarding['banner']]>([
    ['customer follow-up, not yet seen', { customerStatus: 'follow_up' }, '/contact', 'more_information'],
    ['registrar follow-up, not yet seen', { registrarStatus: 'follow_up' }, '/contact', 'more_information'],
    [
      'follow-up already seen: only once to /contact',
      { customerStatus: 'follow_up', followUpSeen: true },
      null,
      'more_information',
    ],
    [
      'follow-up seen, a step left: the step',
      { customerStatus: 'follow_up', followUpSeen: true, notPep: null },
      '/self-disclosure/pep',
      'more_information',
    ],
    [
      'follow-up comes before every step',
      { customerStatus: 'follow_up', notPep: null },
      '/contact',
      'more_information',
    ],
    ['registrar rejected = banned', { registrarStatus: 'rejected' }, '/banned', null],
    ['customer banned', { customerStatus: 'banned' }, '/banned', null],
    ['banned comes before every step', { customerStatus: 'banned', notPep: null }, '/banned', null],
    [
      'follow-up (unseen) comes before banned',
      { registrarStatus: 'follow_up', customerStatus: 'banned' },
      '/contact',
      null,
    ],
    [
      'follow-up seen, then banned',
      { registrarStatus: 'follow_up', customerStatus: 'banned', followUpSeen: true },
      '/banned',
      null,
    ],
    ['a seen flag without a follow-up changes nothing', { followUpSeen: true }, null, 'welcome'],
  ])('%s -> %s', (_name, over, route, banner) => {
    const o = onboardingOf({ ...personalDone, ...over });
    expect(o.nextRoute).toBe(route);
    expect(o.banner).toBe(banner);
    // a follow-up or a ban is never approved; the plain finished investor is
    expect(o.mayBuy).toBe(over.customerStatus === undefined && over.registrarStatus === undefined);
  });
});

describe('may buy (spec 5 "a wallet exists, user status and crypto status … approved")', () => {
  it.each<[string, Partial<OnboardingFacts>, boolean]>([
    ['wallet, customer approved, registrar approved', {}, true],
    ['no wallet', { hasWallet: false }, false],
    ['customer not yet checked', { customerStatus: 'unchecked' }, false],
    ['customer status never set', { customerStatus: null }, false],
    ['customer status requested', { customerStatus: 'requested' }, false],
    [
      'registrar approval only required (passed, but not approved)',
      { registrarStatus: 'approval_required' },
      false,
    ],
    ['registrar approval requested', { registrarStatus: 'approval_requested' }, false],
    ['registrar status missing', { registrarStatus: null }, false],
    // spec 6: only KYC-approved investors invest; a passed identification revoked later (decision 009)
    ['identification revoked after approval', { kycPassed: false, kycState: 'rejected' }, false],
  ])('%s -> %s', (_name, over, mayBuy) => {
    expect(onboardingOf({ ...personalDone, ...over }).mayBuy).toBe(mayBuy);
  });
});

describe('banners (spec 2 "KYC start link, customer not yet approved, more information needed, welcome")', () => {
  it.each<[string, Change, Onboarding['banner']]>([
    ['may buy: welcome', (f) => f, 'welcome'],
    [
      'KYC step current, not started',
      with_({ kycState: null, kycPassed: false, customerStatus: null }),
      'kyc_start',
    ],
    [
      'KYC step current, check in progress',
      with_({ kycState: 'pending', kycPassed: false, customerStatus: null }),
      'kyc_start',
    ],
    [
      'KYC step current, abandoned init',
      with_({ kycState: 'init', kycPassed: false, customerStatus: null }),
      'kyc_start',
    ],
    ['everything done, customer not yet approved', with_({ customerStatus: 'requested' }), 'not_approved'],
    [
      'everything done, registrar approval requested',
      with_({ registrarStatus: 'approval_requested' }),
      'not_approved',
    ],
    [
      'an earlier step is current: the gate leads, no banner',
      (f) => notStarted({ ...f, notPep: null }),
      null,
    ],
    [
      'waiting for the decision on a professional request',
      (f) => ({
        ...adequacy({ optionalGrade: 2 })(f),
        customerStatus: null,
        professionalRequestStatus: 'requested',
      }),
      'not_approved',
    ],
    [
      "professional request refused: the step is the customer's again",
      (f) => ({
        ...adequacy({ optionalGrade: 2 })(f),
        customerStatus: null,
        professionalRequestStatus: 'refused',
      }),
      null,
    ],
    [
      'follow-up wins over KYC start',
      with_({ kycState: null, kycPassed: false, customerStatus: 'follow_up' }),
      'more_information',
    ],
  ])('%s', (_name, change, banner) => {
    expect(onboardingOf(change(personalDone)).banner).toBe(banner);
  });
});

describe("awaits the compliance review: every step done, status not yet checked (the operators' queue)", () => {
  const unchecked = with_({ customerStatus: null, registrarStatus: 'approval_required' });
  it.each<[string, Change, boolean]>([
    ['everything done, status never set', unchecked, true],
    ['everything done, status unchecked', (f) => ({ ...unchecked(f), customerStatus: 'unchecked' }), true],
    ['everything done, status requested', (f) => ({ ...unchecked(f), customerStatus: 'requested' }), true],
    ['a company with everything done', (f) => unchecked({ ...f, ...companyDone }), true],
    ['KYC passed but no custody wallet', (f) => ({ ...unchecked(f), hasWallet: false }), false],
    ['KYC passed but adequacy not answered', (f) => adequacy({ optionalGrade: null })(unchecked(f)), false],
    ['KYC passed but PEP not answered', (f) => ({ ...unchecked(f), notPep: null }), false],
    ['a company without its UBO documents', (f) => unchecked({ ...f, ...companyDone, documents: [] }), false],
    [
      'identification in progress',
      (f) => ({ ...unchecked(f), kycState: 'pending', kycPassed: false }),
      false,
    ],
    ['identification passed, not yet cached', (f) => ({ ...unchecked(f), kycPassed: false }), true],
    [
      'approved by the platform, registrar still pending',
      with_({ registrarStatus: 'approval_requested' }),
      false,
    ],
    ['may buy', (f) => f, false],
    ['asked for more information', (f) => ({ ...unchecked(f), customerStatus: 'follow_up' }), false],
    ['banned by the platform', (f) => ({ ...unchecked(f), customerStatus: 'banned' }), false],
    ['banned by the registrar', (f) => ({ ...unchecked(f), registrarStatus: 'rejected' }), false],
    [
      'waiting for a professional decision (its own reason)',
      (f) => ({ ...adequacy({ optionalGrade: 2 })(unchecked(f)), professionalRequestStatus: 'requested' }),
      false,
    ],
  ])('%s -> %s', (_name, change, expected) => {
    expect(awaitsComplianceReview(change(personalDone))).toBe(expected);
  });
});

describe('the onboarding view', () => {
  it("is the contract's object, checked by its zod schema", () => {
    expectTypeOf<Onboarding>().toEqualTypeOf<OnboardingView>();
    for (const f of [
      personalDone,
      companyDone,
      notStarted(companyDone),
      { ...personalDone, customerStatus: 'banned' as const },
    ]) {
      const o = onboardingOf(f);
      expect(onboardingViewSchema.parse(o)).toEqual(o);
    }
  });
});
