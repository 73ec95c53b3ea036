import type { ViolationCode } from '@token/domain/errors';
import { uboRoleCodes, uboThresholdPercent } from './schemas.ts';
import type { UboUser } from './types.ts';

/*
 * The list-level rules of spec 5 for a company's persons, to tell the customer why the step is not
 * complete yet. TEMPORARY: the domain's "UBO and documents complete" rules are being written in
 * `@token/domain` by another part of issue 7; the server decides with them (the step stays due),
 * and these only word the reason. The lead switches to the domain functions when they land.
 */

const { authorisedRepresentative, beneficialOwnerDirect, beneficialOwnerIndirect, legalRepresentative } =
  uboRoleCodes;

export function isRepresentative(u: Pick<UboUser, 'roles'>): boolean {
  return u.roles.includes(authorisedRepresentative) || u.roles.includes(legalRepresentative);
}

export function isBeneficialOwner(u: Pick<UboUser, 'roles'>): boolean {
  return u.roles.includes(beneficialOwnerDirect) || u.roles.includes(beneficialOwnerIndirect);
}

/** spec 5: a representative entry with role 10 only acts by power of attorney (authority needed). */
export function needsAuthority(u: Pick<UboUser, 'roles'>): boolean {
  return u.roles.length === 1 && u.roles[0] === authorisedRepresentative;
}

/** Whether the user's own entry acts by power of attorney (the proof of authorisation is then due). */
export function userNeedsAuthority(list: readonly UboUser[]): boolean {
  return list.some((u) => u.isUser && needsAuthority(u));
}

const hasRealShares = (u: UboUser) =>
  (u.equityShares ?? 0) > uboThresholdPercent || (u.votingShares ?? 0) > uboThresholdPercent;

/** The same natural person listed twice: same names and birth date. */
function samePerson(a: UboUser, b: UboUser): boolean {
  const norm = (s: string | null) => (s ?? '').trim().toLowerCase();
  return (
    a.type === 'natural' &&
    b.type === 'natural' &&
    norm(a.firstName) === norm(b.firstName) &&
    norm(a.lastName) === norm(b.lastName) &&
    (a.birthdate ?? '') === (b.birthdate ?? '')
  );
}

/**
 * Representatives page (spec 5): at least one representative; and when the user acts by power of
 * attorney, at least one person other than the user (the representative who granted it).
 */
export function representativeListViolations(list: readonly UboUser[]): ViolationCode[] {
  const out: ViolationCode[] = [];
  if (!list.some(isRepresentative)) out.push('representative_required');
  if (userNeedsAuthority(list) && !list.some((u) => !u.isUser && isRepresentative(u))) {
    out.push('at_least_one_other_person');
  }
  return out;
}

/**
 * Beneficial owners page (spec 5, GwG § 3 (2)): at least one beneficial owner (real or fictitious),
 * and nobody both a real and a fictitious one (on one entry, or listed twice).
 */
export function beneficialOwnerListViolations(list: readonly UboUser[]): ViolationCode[] {
  const out: ViolationCode[] = [];
  const owners = list.filter(isBeneficialOwner);
  if (owners.length === 0) out.push('beneficial_owner_required');
  const real = owners.filter((u) => !u.fictitiousBeneficialOwner);
  const fictitious = owners.filter((u) => u.fictitiousBeneficialOwner);
  const conflict =
    fictitious.some(hasRealShares) ||
    fictitious.some((f) => real.some((r) => r.id !== f.id && samePerson(r, f)));
  if (conflict) out.push('beneficial_owner_conflict');
  return out;
}
