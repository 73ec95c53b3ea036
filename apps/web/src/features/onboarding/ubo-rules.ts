import type { ViolationCode } from '@token/domain/errors';
import {
  beneficialOwnerViolations,
  claimsBeneficialOwnership,
  isRepresentative as domainIsRepresentative,
  needsAuthority as domainNeedsAuthority,
  representativeViolations,
  type UboPersonFacts,
} from '@token/domain/onboarding';
import { percentToHundredths } from '@token/domain/profile';
import type { UboUser } from './types.ts';

/*
 * The spec 5 list rules of `@token/domain/onboarding` over the persons as GET ubo-users answers
 * them, to tell the customer why a step is not complete yet (the server decides with the same rules;
 * the step stays due). The answer carries no `heldThroughId`, so shares count on the first level.
 */

/** One person as the domain's list rules read it (shares in hundredths of a percent). */
export function uboFactsOf(u: UboUser): UboPersonFacts {
  return {
    id: u.id,
    type: u.type,
    roles: u.roles,
    isUser: u.isUser,
    equityShares: u.equityShares === null ? null : percentToHundredths(u.equityShares),
    votingShares: u.votingShares === null ? null : percentToHundredths(u.votingShares),
    fictitiousBeneficialOwner: u.fictitiousBeneficialOwner,
    representativeSent: u.representativeSent,
    heldThroughId: null,
  };
}

/** A representative of the company: role 10 (until sent) or 70. */
export function isRepresentative(u: UboUser): boolean {
  return domainIsRepresentative(u);
}

/** Listed on the beneficial owners' page: a real (60/61) or the fictitious beneficial owner. */
export function isBeneficialOwner(u: UboUser): boolean {
  return claimsBeneficialOwnership(u) || u.fictitiousBeneficialOwner;
}

/** spec 5: someone acts by power of attorney (role 10 only): the proof of authorisation is due. */
export function needsAuthority(list: readonly UboUser[]): boolean {
  return domainNeedsAuthority(list);
}

const codesOf = (violations: readonly { code: ViolationCode }[]) => [
  ...new Set(violations.map((v) => v.code)),
];

/** Representatives page (spec 5): at least one representative, at least one person other than the user. */
export function representativeListViolations(list: readonly UboUser[]): ViolationCode[] {
  return codesOf(representativeViolations(list.map(uboFactsOf)));
}

/**
 * Beneficial owners page (spec 5, GwG § 3 (2)): at least one beneficial owner (real or fictitious),
 * nobody both, a real one above the threshold.
 */
export function beneficialOwnerListViolations(list: readonly UboUser[]): ViolationCode[] {
  return codesOf(beneficialOwnerViolations(list.map(uboFactsOf)));
}
