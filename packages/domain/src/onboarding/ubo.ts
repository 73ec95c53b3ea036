import type { FieldViolation } from '../errors/index.ts';
import { beneficialOwnerRoleCodes, representativeRoleCodes, uboRoleCodes } from '../profile/ubo.ts';

/**
 * Representatives and beneficial owners of a company account (spec 3 UBO person, spec 5 UBO rules,
 * GwG § 3 (2) as read in regulatory-notes.md). Pure rules over the list of `ubo_users` the company
 * entered; the API checks one person as it is saved, these rules check the list as a whole.
 *
 * Violations name the person by id: `uboUsers.{id}.{field}` for one person, `uboUsers` for the list.
 */

/** Shares are stored in hundredths of a percent (2550 = 25.50 %). */
export const shareScale = 100;
/** GwG § 3 (2): MORE than 25 % of capital or voting rights on the first level. */
export const uboFirstLevelThreshold = 25 * shareScale;
/** Deeper levels: a legal-person shareholder counts through to a natural person who controls it, i.e. holds MORE than 50 %. */
export const uboControlThreshold = 50 * shareScale;

/** One entry of the company's list as the rules read it (`ubo_users`). */
export type UboPersonFacts = {
  id: number;
  type: 'natural' | 'legal';
  roles: readonly number[];
  /** The user themself (the person filling in the form). */
  isUser: boolean;
  /** Hundredths of a percent; null = not stated. */
  equityShares: number | null;
  votingShares: number | null;
  fictitiousBeneficialOwner: boolean;
  /** The representative was sent (spec 5: role 10 is then removed). */
  representativeSent: boolean;
  /**
   * The legal person (another entry of the list) through which this entry holds its shares; null
   * on the first level, i.e. shares in the company itself.
   */
  heldThroughId: number | null;
};

/** spec 5: role 10 is removed when the representative is sent. */
export function removeRepresentativeRole(roles: readonly number[]): number[] {
  return roles.filter((r) => r !== uboRoleCodes.authorisedRepresentative);
}

/** The roles that count: the stored roles, without role 10 once the representative was sent. */
export function effectiveRoles(person: Pick<UboPersonFacts, 'roles' | 'representativeSent'>): number[] {
  const unique = [...new Set(person.roles)];
  return person.representativeSent ? removeRepresentativeRole(unique) : unique;
}

/** A representative of the company: role 10 (until sent) or 70. */
export function isRepresentative(person: Pick<UboPersonFacts, 'roles' | 'representativeSent'>): boolean {
  return effectiveRoles(person).some((r) => (representativeRoleCodes as readonly number[]).includes(r));
}

/** Whether the entry claims to be a real beneficial owner (roles 60/61). */
export function claimsBeneficialOwnership(person: Pick<UboPersonFacts, 'roles'>): boolean {
  return person.roles.some((r) => (beneficialOwnerRoleCodes as readonly number[]).includes(r));
}

/**
 * spec 5: a representative entry with role 10 only is treated as needing authority; the proof of
 * power of attorney is then one of the required documents.
 */
export function needsAuthority(
  persons: readonly Pick<UboPersonFacts, 'roles' | 'representativeSent'>[],
): boolean {
  return persons.some((p) => {
    const roles = effectiveRoles(p);
    return roles.length === 1 && roles[0] === uboRoleCodes.authorisedRepresentative;
  });
}

const exceeds = (shares: { equity: number; voting: number }, threshold: number) =>
  shares.equity > threshold || shares.voting > threshold;

/** Shares as stated; a dimension not stated counts as 0. */
const sharesOf = (p: UboPersonFacts) => ({ equity: p.equityShares ?? 0, voting: p.votingShares ?? 0 });

const statesShares = (p: UboPersonFacts) => p.equityShares !== null || p.votingShares !== null;

/**
 * What a natural person holds in the company by shares (GwG § 3 (2)): on the first level their own
 * shares; through legal persons the first-level shares of the top legal person, but only when every
 * link of the chain is controlled (> 50 %). `failedThreshold` is the threshold (in percent) that the
 * person does not exceed: 25 on the first level, 50 for a link further down; null when they do.
 */
export type ShareOwnership = {
  /** The company's capital and voting rights attributed to the person (hundredths of a percent). */
  equity: number;
  voting: number;
  /** 1 = shares in the company itself; 2 = through one legal person; … */
  level: number;
  failedThreshold: 25 | 50 | null;
};

/** GwG § 3 (2) by shares, for one natural person of the list (see `ShareOwnership`). */
export function shareOwnershipOf(person: UboPersonFacts, persons: readonly UboPersonFacts[]): ShareOwnership {
  const byId = new Map(persons.map((p) => [p.id, p]));
  let holder = person;
  let level = 1;
  let failedThreshold: 25 | 50 | null = null;
  const seen = new Set<number>([person.id]);
  while (holder.heldThroughId !== null) {
    const through = byId.get(holder.heldThroughId);
    // A chain must lead through legal persons of the list to the company; anything else (a missing
    // entry, a natural person, a cycle) attributes nothing.
    if (through?.type !== 'legal' || seen.has(through.id)) {
      return { equity: 0, voting: 0, level, failedThreshold: 25 };
    }
    // Deeper levels: the holder must control the legal person it holds through.
    if (failedThreshold === null && !exceeds(sharesOf(holder), uboControlThreshold)) failedThreshold = 50;
    seen.add(through.id);
    holder = through;
    level += 1;
  }
  const top = sharesOf(holder);
  const attributed = failedThreshold === null ? top : { equity: 0, voting: 0 };
  if (failedThreshold === null && !exceeds(top, uboFirstLevelThreshold)) failedThreshold = 25;
  return { ...attributed, level, failedThreshold };
}

/**
 * The violations of one entry in the context of the list:
 * - spec 5: a person cannot be both beneficial owner and fictitious beneficial owner;
 * - GwG § 3 (2): a real beneficial owner who states shares must hold more than 25 % (first level),
 *   or control (> 50 %) each legal person they hold through. A beneficial owner who states no shares
 *   controls "in a comparable way" and is not measured by shares; a fictitious one neither.
 */
export function uboPersonViolations(
  person: UboPersonFacts,
  persons: readonly UboPersonFacts[],
): FieldViolation[] {
  const out: FieldViolation[] = [];
  const claims = claimsBeneficialOwnership(person);
  if (claims && person.fictitiousBeneficialOwner) {
    out.push({
      propertyPath: `uboUsers.${person.id}.fictitiousBeneficialOwner`,
      code: 'beneficial_owner_conflict',
    });
  }
  if (claims && person.type === 'natural' && !person.fictitiousBeneficialOwner && statesShares(person)) {
    const { failedThreshold } = shareOwnershipOf(person, persons);
    if (failedThreshold !== null) {
      out.push({
        propertyPath: `uboUsers.${person.id}.equityShares`,
        code: 'below_ubo_threshold',
        params: { value: failedThreshold },
      });
    }
  }
  return out;
}

/**
 * The representatives page (spec 5): at least one representative (role 10 or 70, role 10 no longer
 * counting once sent), and at least one person in the list other than the user when the user acts
 * by power of attorney (their own entry is role 10 alone): someone must have granted that authority.
 * A managing director who is the company's only person (a one-person GmbH) needs nobody else
 * (decision 009).
 */
export function representativeViolations(persons: readonly UboPersonFacts[]): FieldViolation[] {
  const out: FieldViolation[] = [];
  if (!persons.some(isRepresentative))
    out.push({ propertyPath: 'uboUsers', code: 'representative_required' });
  const userActsByAuthority = persons.some((p) => p.isUser && needsAuthority([p]));
  if (userActsByAuthority && !persons.some((p) => !p.isUser))
    out.push({ propertyPath: 'uboUsers', code: 'at_least_one_other_person' });
  return out;
}

/**
 * The beneficial-owner page (spec 5, GwG § 3 (2)): at least one natural person named as beneficial
 * owner (60/61) or as fictitious beneficial owner, and every entry's own rules.
 */
export function beneficialOwnerViolations(persons: readonly UboPersonFacts[]): FieldViolation[] {
  const out: FieldViolation[] = [];
  const hasOwner = persons.some(
    (p) => p.type === 'natural' && (claimsBeneficialOwnership(p) || p.fictitiousBeneficialOwner),
  );
  if (!hasOwner) out.push({ propertyPath: 'uboUsers', code: 'beneficial_owner_required' });
  for (const person of persons) out.push(...uboPersonViolations(person, persons));
  return out;
}

/** Every list rule of spec 5 for representatives and beneficial owners. */
export function uboViolations(persons: readonly UboPersonFacts[]): FieldViolation[] {
  return [...representativeViolations(persons), ...beneficialOwnerViolations(persons)];
}
