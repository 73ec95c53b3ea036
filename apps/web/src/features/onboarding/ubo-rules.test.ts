import { describe, expect, it } from 'vitest';
import type { UboUser } from './types.ts';
import {
  beneficialOwnerListViolations,
  isBeneficialOwner,
  needsAuthority,
  representativeListViolations,
  uboFactsOf,
} from './ubo-rules.ts';

let nextId = 1;
function person(p: Partial<UboUser>): UboUser {
  return {
    id: nextId++,
    type: 'natural',
    roles: [],
    isUser: false,
    firstName: 'Max',
    lastName: 'Muster',
    birthdate: '1970-05-01',
    birthplace: 'Bonn',
    street: 'Weg 1',
    postcode: '53111',
    city: 'Bonn',
    country: 'DE',
    nationality: 'DE',
    pep: false,
    equityShares: null,
    votingShares: null,
    companyName: null,
    companyType: null,
    registerNumber: null,
    representativeRoles: [],
    memberOfRepresentativeBody: false,
    fictitiousBeneficialOwner: false,
    powerOfAttorney: false,
    paysChurchTax: false,
    representativeSent: false,
    ...p,
  };
}

describe('representatives list (spec 5, the domain rule over the API answer)', () => {
  it.each([
    ['an empty list', [], ['representative_required']],
    // decision 009: another person is needed only when the user acts by power of attorney
    [
      'the user alone as legal representative (a one-person GmbH)',
      [person({ isUser: true, roles: [70] })],
      [],
    ],
    [
      'the user alone, by power of attorney',
      [person({ isUser: true, roles: [10] })],
      ['at_least_one_other_person'],
    ],
    [
      'the user by power of attorney and a managing director',
      [person({ isUser: true, roles: [10] }), person({ roles: [70], firstName: 'Eva' })],
      [],
    ],
    [
      'a representative who was sent no longer counts by role 10',
      [person({ roles: [10], representativeSent: true })],
      ['representative_required'],
    ],
    [
      'only a beneficial owner',
      [person({ roles: [60], equityShares: 100, votingShares: 100 })],
      ['representative_required'],
    ],
  ])('%s', (_name, list, expected) => {
    expect(representativeListViolations(list as UboUser[])).toEqual(expected);
  });

  it('treats role 10 alone as needing authority, unless the representative was sent (spec 5)', () => {
    expect(needsAuthority([person({ roles: [10] })])).toBe(true);
    expect(needsAuthority([person({ roles: [10, 70] })])).toBe(false);
    expect(needsAuthority([person({ roles: [70] }), person({ roles: [10], isUser: true })])).toBe(true);
    expect(needsAuthority([person({ roles: [10], representativeSent: true })])).toBe(false);
  });
});

describe('beneficial owners list (spec 5, GwG § 3)', () => {
  it.each([
    ['no beneficial owner', [person({ roles: [70] })], ['beneficial_owner_required']],
    ['a direct owner', [person({ roles: [60], equityShares: 51, votingShares: 51 })], []],
    ['a fictitious owner (no role 60/61)', [person({ roles: [70], fictitiousBeneficialOwner: true })], []],
    [
      'a fictitious owner with the role of a real one',
      [person({ roles: [60], fictitiousBeneficialOwner: true })],
      ['beneficial_owner_conflict'],
    ],
    [
      'exactly 25 % is not more than 25 %',
      [person({ roles: [60], equityShares: 25, votingShares: 10 })],
      ['below_ubo_threshold'],
    ],
    ['25.01 % of the votes is', [person({ roles: [61], equityShares: 0, votingShares: 25.01 })], []],
    ['an owner controlling otherwise (no shares stated)', [person({ roles: [60] })], []],
    [
      'two owners below the threshold: one message',
      [
        person({ roles: [60], equityShares: 20, votingShares: 20 }),
        person({ roles: [60], equityShares: 10, votingShares: 10, firstName: 'Eva' }),
      ],
      ['below_ubo_threshold'],
    ],
  ])('%s', (_name, list, expected) => {
    expect(beneficialOwnerListViolations(list as UboUser[])).toEqual(expected);
  });

  it('lists real and fictitious beneficial owners on the page, representatives not', () => {
    expect(isBeneficialOwner(person({ roles: [61] }))).toBe(true);
    expect(isBeneficialOwner(person({ roles: [], fictitiousBeneficialOwner: true }))).toBe(true);
    expect(isBeneficialOwner(person({ roles: [70] }))).toBe(false);
  });

  it('reads percent shares as hundredths of a percent', () => {
    expect(uboFactsOf(person({ equityShares: 25.5, votingShares: null }))).toMatchObject({
      equityShares: 2550,
      votingShares: null,
      heldThroughId: null,
    });
  });
});
