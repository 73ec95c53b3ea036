import type { AccountType } from '../accounts/kinds.ts';
import {
  type AdequacyFacts,
  hasBothSurveys,
  isProfessionalCheckFailed,
  optionalAdequacyGrades,
  surveysAppropriate,
} from './adequacy.ts';
import {
  type CompanyDataFacts,
  isCompanyDataComplete,
  isPersonalDataComplete,
  type PersonalDataFacts,
} from './completeness.ts';
import { type DocumentFacts, missingDocumentPurposes } from './documents.ts';
import {
  type CustomerStatus,
  isCustomerApproved,
  isCustomerUnchecked,
  isKycPassed,
  isRegistrarApproved,
  isRegistrarBanned,
  type KycState,
  type RegistrarStatus,
  registrarNeedsInformation,
} from './states.ts';
import {
  beneficialOwnerViolations,
  needsAuthority,
  representativeViolations,
  type UboPersonFacts,
} from './ubo.ts';

/**
 * THE entry gate (spec 2 "Entry gating", spec 4 onboarding, spec 5 completeness): from the facts
 * of one customer, the route they must visit next, the progress indicator's steps, whether they may
 * buy and which banner they see. The API answers it in the customer's `onboarding`; the web's router
 * and progress indicator read that answer and the route table below, never an order of their own.
 */

/**
 * The self-disclosure steps in the order of spec 2's entry gating, with one exception (decision 032):
 * the identification comes before the custody wallet, as spec 4's onboarding order and its routes list
 * them, because the custodian opens no wallet for a person who has not identified (GwG § 11, Tangany's
 * customer needs its `kyc`).
 */
export const onboardingSteps = [
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
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** Where each step is answered: `/self-disclosure/<step with - for _>` (spec 2 routes). */
export function onboardingStepRoute(step: OnboardingStep): string {
  return `/self-disclosure/${step.replaceAll('_', '-')}`;
}

/** spec 2: the routes of the SELF_DISCLOSURE process, in the gate's order. */
export const selfDisclosureRoutes: readonly string[] = onboardingSteps.map(onboardingStepRoute);

/** The step a self-disclosure route belongs to (trailing slash tolerated), or null. */
export function onboardingStepOfRoute(pathname: string): OnboardingStep | null {
  const path = pathname.replace(/\/+$/, '');
  return onboardingSteps.find((s) => onboardingStepRoute(s) === path) ?? null;
}

/** spec 2: before the steps, the gate may lead once to the contact page, or to the banned page. */
export const contactRoute = '/contact';
export const bannedRoute = '/banned';

/** Everything the gate reads about one customer; the API fills it from the database. */
export type OnboardingFacts = {
  accountType: AccountType;
  /** Customer status (the platform's verdict); null while never set. */
  customerStatus: CustomerStatus | null;
  /** Crypto registrar status reported by the custody partner; null before a wallet exists. */
  registrarStatus: RegistrarStatus | null;
  /** The customer was already led to /contact for the current follow-up (`customers.followUpSeenAt`). */
  followUpSeen: boolean;
  personal: PersonalDataFacts;
  /** The company's data (company accounts; ignored for personal accounts). */
  company: CompanyDataFacts;
  /** PEP page: null = not answered. */
  notPep: boolean | null;
  actingOnOwnAccount: boolean | null;
  uboUsers: readonly UboPersonFacts[];
  documents: readonly DocumentFacts[];
  adequacy: AdequacyFacts;
  /** Status of the latest professional-investor request; null when none was made. */
  professionalRequestStatus: 'requested' | 'approved' | 'refused' | 'withdrawn' | null;
  /** The latest identification's state; null when none was started. */
  kycState: KycState | null;
  /** `customers.kycPassed`: true once an identification passed (spec 4 "cached once passed"). */
  kycPassed: boolean;
  hasWallet: boolean;
};

/**
 * A listed step's progress: done, the one current step, still to do, or skipped (the answers so far
 * made it unnecessary, decision 015: it stays listed so the count the investor sees never changes).
 */
export type OnboardingStepState = 'done' | 'current' | 'todo' | 'skipped';
export type OnboardingBanner = 'kyc_start' | 'not_approved' | 'more_information' | 'welcome';

/** The contract's `onboarding` object of the customer resource. */
export type Onboarding = {
  /** The route the customer must visit first; null when nothing is left. */
  nextRoute: string | null;
  /** The progress indicator: the steps listed for this customer's account type, in order. */
  steps: { step: OnboardingStep; route: string; state: OnboardingStepState }[];
  mayBuy: boolean;
  banner: OnboardingBanner | null;
};

type StepRule = {
  /**
   * Whether the step is listed for this customer: decided by what is known when the onboarding
   * starts (the account type), so the list and its count stay the same throughout (decision 015).
   */
  listed: (f: Pick<OnboardingFacts, 'accountType'>) => boolean;
  /** Whether the answers so far make the listed step necessary; when not, it shows as skipped. */
  applies: (f: OnboardingFacts) => boolean;
  /** Whether it is done. */
  isDone: (f: OnboardingFacts) => boolean;
};

const isCompany = (f: Pick<OnboardingFacts, 'accountType'>) => f.accountType === 'company';
const always = () => true;

/** One row per step: whether it is listed, when it applies and when it is done, with its spec line. */
export const onboardingStepRules: Readonly<Record<OnboardingStep, StepRule>> = {
  // spec 2: for company accounts company data first; spec 5 company data complete (investment reading)
  company: { listed: isCompany, applies: isCompany, isDone: (f) => isCompanyDataComplete(f.company) },
  // spec 5 personal data complete (investment reading; bank data only for personal accounts)
  personal: {
    listed: always,
    applies: always,
    isDone: (f) => isPersonalDataComplete(f.personal, { accountType: f.accountType }),
  },
  // spec 3 personal profile: PEP flag and acting-on-own-account flag, both answered
  pep: { listed: always, applies: always, isDone: (f) => f.notPep !== null && f.actingOnOwnAccount !== null },
  // spec 5: at least one representative, at least one person other than the user
  representatives: {
    listed: isCompany,
    applies: isCompany,
    isDone: (f) => representativeViolations(f.uboUsers).length === 0,
  },
  // spec 5 / GwG § 3 (2): at least one beneficial owner, no conflict, above the thresholds
  ubo: {
    listed: isCompany,
    applies: isCompany,
    isDone: (f) => beneficialOwnerViolations(f.uboUsers).length === 0,
  },
  // spec 5: all UBO documents, plus the power of attorney when authority is needed
  ubo_documents: {
    listed: isCompany,
    applies: isCompany,
    isDone: (f) =>
      missingDocumentPurposes(f.documents, { authorityNeeded: needsAuthority(f.uboUsers) }).length === 0,
  },
  // contract: the optional questionnaire answered (0 declines, 1 will answer, 2 professional)
  adequacy_optional: { listed: always, applies: always, isDone: (f) => f.adequacy.optionalGrade !== null },
  // spec 4: professional check fails if the optional result is 2 and the user is not professional
  adequacy_professional: {
    listed: always,
    applies: (f) => f.adequacy.optionalGrade === optionalAdequacyGrades.professional,
    isDone: (f) => !isProfessionalCheckFailed(f.adequacy),
  },
  // spec 4: the two WpHG surveys; not when the optional answer declined them (0), not for a professional
  adequacy: {
    listed: always,
    applies: (f) =>
      f.adequacy.optionalGrade !== optionalAdequacyGrades.declines && !f.adequacy.isProfessional,
    isDone: (f) => hasBothSurveys(f.adequacy),
  },
  // spec 4: the risk statements, unless adequacy passed otherwise (professional, both surveys above 7)
  adequacy_risk: {
    listed: always,
    applies: (f) => !f.adequacy.isProfessional && !surveysAppropriate(f.adequacy),
    isDone: (f) => f.adequacy.riskPassed,
  },
  // spec 4: KYC passed (approved, approved_in_review, approved_data), cached once passed
  kyc: { listed: always, applies: always, isDone: (f) => f.kycPassed || isKycPassed(f.kycState) },
  // spec 2 custody questionnaire / spec 5: a wallet exists (opened after the identification, decision 032)
  custody: { listed: always, applies: always, isDone: (f) => f.hasWallet },
};

/** spec 6: banned = registrar status `rejected`, or the platform banned the customer. */
export function isBanned(f: Pick<OnboardingFacts, 'customerStatus' | 'registrarStatus'>): boolean {
  return isRegistrarBanned(f.registrarStatus) || f.customerStatus === 'banned';
}

/** spec 4: more information needed = registrar or customer status `follow_up`. */
export function needsMoreInformation(
  f: Pick<OnboardingFacts, 'customerStatus' | 'registrarStatus'>,
): boolean {
  return registrarNeedsInformation(f.registrarStatus) || f.customerStatus === 'follow_up';
}

/**
 * spec 5: buying needs a wallet, customer status approved and registrar status approved; spec 6 "only
 * KYC-approved investors can invest": an identification that passed and was not revoked since
 * (decision 009, GwG § 11).
 */
export function mayBuyOf(
  f: Pick<OnboardingFacts, 'hasWallet' | 'customerStatus' | 'registrarStatus' | 'kycPassed' | 'kycState'>,
): boolean {
  return (
    f.hasWallet &&
    isCustomerApproved(f.customerStatus) &&
    isRegistrarApproved(f.registrarStatus) &&
    (f.kycPassed || isKycPassed(f.kycState))
  );
}

/**
 * The steps listed for this customer, in gate order, with their progress state. The current step is
 * the first that applies and is not done. A step the answers made unnecessary is `skipped` once the
 * customer is past it, and `todo` while it is ahead (a later answer may still make it necessary).
 */
export function onboardingStepsOf(f: OnboardingFacts): Onboarding['steps'] {
  const listed = onboardingSteps.filter((step) => onboardingStepRules[step].listed(f));
  const isOpen = (step: OnboardingStep) =>
    onboardingStepRules[step].applies(f) && !onboardingStepRules[step].isDone(f);
  const current = listed.findIndex(isOpen);
  return listed.map((step, i) => {
    const ahead = current !== -1 && i > current;
    let state: OnboardingStepState;
    if (!onboardingStepRules[step].applies(f)) state = ahead ? 'todo' : 'skipped';
    else if (!isOpen(step)) state = 'done';
    else state = i === current ? 'current' : 'todo';
    return { step, route: onboardingStepRoute(step), state };
  });
}

/** Whether a step needs nothing more from the customer: done, or skipped as unnecessary. */
export function isOnboardingStepSettled(state: OnboardingStepState): boolean {
  return state === 'done' || state === 'skipped';
}

/**
 * THE entry gate. nextRoute, in spec 2 order: more information needed leads once to /contact;
 * banned to /banned; then the first self-disclosure step not done; null when all are done.
 * banner: `more_information` while a follow-up is open; `kyc_start` while the KYC step is current;
 * `not_approved` when the customer has done everything they can (every step done, or a professional
 * request waiting for the platform) but may not buy yet; `welcome` when they may buy.
 */
export function onboardingOf(f: OnboardingFacts): Onboarding {
  const steps = onboardingStepsOf(f);
  const current = steps.find((s) => s.state === 'current') ?? null;
  const mayBuy = mayBuyOf(f);
  const banned = isBanned(f);
  const followUp = needsMoreInformation(f);

  let nextRoute: string | null = current?.route ?? null;
  if (banned) nextRoute = bannedRoute;
  if (followUp && !f.followUpSeen) nextRoute = contactRoute;

  const waitingForProfessionalDecision =
    current?.step === 'adequacy_professional' && f.professionalRequestStatus === 'requested';
  let banner: OnboardingBanner | null = null;
  if (banned) banner = null;
  else if (followUp) banner = 'more_information';
  else if (current?.step === 'kyc') banner = 'kyc_start';
  else if (mayBuy) banner = 'welcome';
  else if (current === null || waitingForProfessionalDecision) banner = 'not_approved';

  return { nextRoute, steps, mayBuy, banner };
}

/**
 * The compliance review's "onboarding complete" (the operators' queue reads this, never SQL of its
 * own): the gate finds every step done, and the customer may not buy only because the platform has
 * not checked them yet (status not yet checked, spec 4). Not a banned customer (the gate sends them
 * to /banned: nothing is waiting), not one asked for more information (status `follow_up`, the
 * queue's own reason once they answered), not one already approved who waits for the registrar.
 */
export function awaitsComplianceReview(f: OnboardingFacts): boolean {
  const { steps, mayBuy } = onboardingOf(f);
  return (
    steps.every((s) => isOnboardingStepSettled(s.state)) &&
    !mayBuy &&
    isCustomerUnchecked(f.customerStatus) &&
    !isBanned(f)
  );
}
