import { describe, expect, it } from 'vitest';
import type { UboUser } from './types.ts';
import {
  beneficialOwnerListViolations,
  needsAuthority,
  representativeListViolations,
  userNeedsAuthority,
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

describe('representatives list (spec 5)', () => {
  it.each([
    ['an empty list', [], ['representative_required']],
    ['the user as legal representative', [person({ isUser: true, roles: [70] })], []],
    [
      'the user by power of attorney alone',
      [person({ isUser: true, roles: [10] })],
      ['at_least_one_other_person'],
    ],
    [
      'the user by power of attorney and a managing director',
      [person({ isUser: true, roles: [10] }), person({ roles: [70], firstName: 'Eva' })],
      [],
    ],
    [
      'only a beneficial owner',
      [person({ roles: [60], equityShares: 100, votingShares: 100 })],
      ['representative_required'],
    ],
  ])('%s', (_name, list, expected) => {
    expect(representativeListViolations(list as UboUser[])).toEqual(expected);
  });

  it('treats role 10 alone as needing authority (spec 5)', () => {
    expect(needsAuthority({ roles: [10] })).toBe(true);
    expect(needsAuthority({ roles: [10, 70] })).toBe(false);
    expect(needsAuthority({ roles: [70] })).toBe(false);
    expect(userNeedsAuthority([person({ roles: [10] })])).toBe(false);
    expect(userNeedsAuthority([person({ roles: [10], isUser: true })])).toBe(true);
  });
});

describe('beneficial owners list (spec 5, GwG § 3)', () => {
  it.each([
    ['no beneficial owner', [person({ roles: [70] })], ['beneficial_owner_required']],
    ['a direct owner', [person({ roles: [60], equityShares: 51, votingShares: 51 })], []],
    ['a fictitious owner', [person({ roles: [70, 60], fictitiousBeneficialOwner: true })], []],
    [
      'a fictitious owner holding more than 25 %',
      [person({ roles: [60], fictitiousBeneficialOwner: true, equityShares: 30, votingShares: 0 })],
      ['beneficial_owner_conflict'],
    ],
    [
      'the same person listed as real and as fictitious owner',
      [
        person({ roles: [60], equityShares: 40, votingShares: 40 }),
        person({ roles: [61], fictitiousBeneficialOwner: true }),
      ],
      ['beneficial_owner_conflict'],
    ],
    [
      'a real owner and another person as fictitious one',
      [
        person({ roles: [60], equityShares: 40, votingShares: 40 }),
        person({ roles: [60], fictitiousBeneficialOwner: true, firstName: 'Eva' }),
      ],
      [],
    ],
  ])('%s', (_name, list, expected) => {
    expect(beneficialOwnerListViolations(list as UboUser[])).toEqual(expected);
  });
});
