import { describe, expect, it } from 'vitest';
import {
  beneficialOwnerViolations,
  effectiveRoles,
  needsAuthority,
  removeRepresentativeRole,
  representativeViolations,
  shareOwnershipOf,
  type UboPersonFacts,
  uboPersonViolations,
  uboViolations,
} from './index.ts';

let nextId = 1;
/** A natural person; shares in percent for readability (stored as hundredths). */
function person(
  over: Partial<Omit<UboPersonFacts, 'equityShares' | 'votingShares'>> & {
    equity?: number | null;
    voting?: number | null;
  } = {},
): UboPersonFacts {
  const { equity = null, voting = null, ...rest } = over;
  return {
    id: nextId++,
    type: 'natural',
    roles: [],
    isUser: false,
    equityShares: equity === null ? null : Math.round(equity * 100),
    votingShares: voting === null ? null : Math.round(voting * 100),
    fictitiousBeneficialOwner: false,
    representativeSent: false,
    heldThroughId: null,
    ...rest,
  };
}
const legal = (over: Parameters<typeof person>[0] = {}) => person({ type: 'legal', ...over });

const codes = (v: { code: string }[]) => v.map((x) => x.code);

describe('role 10 (spec 5 "role 10 only is treated as needing authority; removed when the representative is sent")', () => {
  it.each([
    ['role 10 alone', [[10]], false, true],
    ['role 10 twice is still role 10 alone', [[10, 10]], false, true],
    ['role 10 with 70', [[10, 70]], false, false],
    ['role 10 with 60', [[10, 60]], false, false],
    ['role 70 only', [[70]], false, false],
    ['role 10 alone, representative sent', [[10]], true, false],
    ['no one', [], false, false],
    ['one of several entries with role 10 alone', [[70], [60], [10]], false, true],
  ] as const)('%s -> authority needed %s', (_name, roleLists, sent, expected) => {
    const persons = roleLists.map((roles) => person({ roles: [...roles], representativeSent: sent }));
    expect(needsAuthority(persons)).toBe(expected);
  });

  it('removes role 10 and keeps the others', () => {
    expect(removeRepresentativeRole([10, 60, 70])).toEqual([60, 70]);
    expect(removeRepresentativeRole([10])).toEqual([]);
    expect(effectiveRoles({ roles: [10, 60], representativeSent: true })).toEqual([60]);
    expect(effectiveRoles({ roles: [10, 60], representativeSent: false })).toEqual([10, 60]);
  });
});

describe('representatives page (spec 5 "at least one representative", "at least one person … other than the user")', () => {
  it.each([
    [
      'the user as authorised representative and another legal representative',
      [{ roles: [10], isUser: true }, { roles: [70] }],
      [],
    ],
    ['a legal representative (70) who is not the user', [{ roles: [70] }], []],
    ['an authorised representative (10) who is not the user', [{ roles: [10] }], []],
    ['nobody', [], ['representative_required']],
    [
      'only the user, acting by power of attorney',
      [{ roles: [10], isUser: true }],
      ['at_least_one_other_person'],
    ],
    ['only the user, as legal representative (a one-person GmbH)', [{ roles: [70], isUser: true }], []],
    [
      'the user by power of attorney, sent as legal representative',
      [{ roles: [10, 70], isUser: true, representativeSent: true }],
      [],
    ],
    ['others, but no representative', [{ roles: [60] }, { roles: [61] }], ['representative_required']],
    [
      'the only representative was sent (role 10 removed)',
      [{ roles: [10], representativeSent: true }],
      ['representative_required'],
    ],
    [
      'a sent representative who is also legal representative still counts',
      [{ roles: [10, 70], representativeSent: true }],
      [],
    ],
  ] as const)('%s -> %j', (_name, entries, expected) => {
    const persons = entries.map((e) => person({ ...e, roles: [...e.roles] }));
    expect(codes(representativeViolations(persons))).toEqual(expected);
    for (const v of representativeViolations(persons)) expect(v.propertyPath).toBe('uboUsers');
  });
});

describe('beneficial owners (spec 5, GwG § 3 (2) first level: MORE than 25 %)', () => {
  it.each([
    // [name, entry, violations]
    ['real owner with 25.01 % capital', { roles: [60], equity: 25.01 }, []],
    ['real owner with exactly 25 % capital (not more)', { roles: [60], equity: 25 }, ['below_ubo_threshold']],
    ['real owner with 25 % capital but 30 % votes', { roles: [61], equity: 25, voting: 30 }, []],
    [
      'real owner with 10 % capital and 10 % votes',
      { roles: [61], equity: 10, voting: 10 },
      ['below_ubo_threshold'],
    ],
    ['real owner with 0 %', { roles: [60], equity: 0, voting: 0 }, ['below_ubo_threshold']],
    ['real owner stating no shares (controls in a comparable way)', { roles: [60] }, []],
    ['fictitious owner (no shares needed)', { roles: [70], fictitiousBeneficialOwner: true }, []],
    ['fictitious owner with small shares', { roles: [70], fictitiousBeneficialOwner: true, equity: 5 }, []],
    [
      'both real and fictitious on one person',
      { roles: [60, 70], fictitiousBeneficialOwner: true, equity: 40 },
      ['beneficial_owner_conflict'],
    ],
    [
      'role 61 and fictitious on one person',
      { roles: [61], fictitiousBeneficialOwner: true },
      ['beneficial_owner_conflict'],
    ],
  ] as const)('%s -> %j', (_name, entry, expected) => {
    const p = person({ ...entry, roles: [...entry.roles] });
    expect(codes(beneficialOwnerViolations([p]))).toEqual(expected);
  });

  it('names the person and the threshold in the violation', () => {
    const p = person({ roles: [60], equity: 20 });
    expect(uboPersonViolations(p, [p])).toEqual([
      { propertyPath: `uboUsers.${p.id}.equityShares`, code: 'below_ubo_threshold', params: { value: 25 } },
    ]);
    const q = person({ roles: [60], fictitiousBeneficialOwner: true });
    expect(uboPersonViolations(q, [q])).toEqual([
      { propertyPath: `uboUsers.${q.id}.fictitiousBeneficialOwner`, code: 'beneficial_owner_conflict' },
    ]);
  });

  it.each([
    ['nobody', [], ['beneficial_owner_required']],
    ['only representatives', [{ roles: [70] }], ['beneficial_owner_required']],
    ['a real owner', [{ roles: [70] }, { roles: [60], equity: 100 }], []],
    ['a fictitious owner', [{ roles: [70], fictitiousBeneficialOwner: true }], []],
    // GwG § 3 (2): a beneficial owner is always a natural person
    [
      'only a legal person named as owner',
      [{ type: 'legal', roles: [60], equity: 100 }],
      ['beneficial_owner_required'],
    ],
  ] as const)('at least one beneficial owner: %s -> %j', (_name, entries, expected) => {
    const persons = entries.map((e) => person({ ...e, roles: [...e.roles] }));
    expect(codes(beneficialOwnerViolations(persons))).toEqual(expected);
  });
});

describe('deeper levels (spec 5 "50 % deeper"; regulatory notes: control = more than 50 %)', () => {
  it.each([
    // [name, holding company's share in the company, person's share in the holding, violation threshold]
    ['controls (60 %) a holding with 40 %', 40, 60, null],
    ['controls (50.01 %) a holding with 25.01 %', 25.01, 50.01, null],
    ['holds exactly 50 % of a holding with 40 % (no control)', 40, 50, 50],
    ['holds 30 % of a holding with 80 % (no control)', 80, 30, 50],
    ['controls (100 %) a holding with only 25 %', 25, 100, 25],
    ['controls a holding with 10 %', 10, 90, 25],
  ] as const)('%s -> threshold %s', (_name, holdingShare, personShare, threshold) => {
    const holding = legal({ equity: holdingShare, roles: [] });
    const owner = person({ roles: [60], equity: personShare, heldThroughId: holding.id });
    const list = [holding, owner];
    expect(shareOwnershipOf(owner, list)).toMatchObject({ level: 2, failedThreshold: threshold });
    expect(codes(uboPersonViolations(owner, list))).toEqual(
      threshold === null ? [] : ['below_ubo_threshold'],
    );
    if (threshold !== null) expect(uboPersonViolations(owner, list)[0]?.params).toEqual({ value: threshold });
  });

  it("attributes the holding's first-level shares to the person who controls it", () => {
    const holding = legal({ equity: 40, voting: 45 });
    const owner = person({ roles: [60], equity: 75, heldThroughId: holding.id });
    expect(shareOwnershipOf(owner, [holding, owner])).toEqual({
      equity: 4000,
      voting: 4500,
      level: 2,
      failedThreshold: null,
    });
  });

  it('follows a chain of controlled legal persons to the first level (level 3)', () => {
    const top = legal({ equity: 30 });
    const middle = legal({ equity: 51, heldThroughId: top.id });
    const owner = person({ roles: [60], voting: 60, heldThroughId: middle.id });
    expect(shareOwnershipOf(owner, [top, middle, owner])).toEqual({
      equity: 3000,
      voting: 0,
      level: 3,
      failedThreshold: null,
    });
    // one link without control breaks the chain
    const weakMiddle = { ...middle, equityShares: 5000 };
    expect(shareOwnershipOf(owner, [top, weakMiddle, owner]).failedThreshold).toBe(50);
  });

  it('attributes nothing through a missing entry, a natural person or a cycle', () => {
    const orphan = person({ roles: [60], equity: 80, heldThroughId: 999_999 });
    expect(shareOwnershipOf(orphan, [orphan])).toMatchObject({ equity: 0, voting: 0, failedThreshold: 25 });
    const natural = person({ equity: 90 });
    const owner = person({ roles: [60], equity: 80, heldThroughId: natural.id });
    expect(shareOwnershipOf(owner, [natural, owner]).failedThreshold).toBe(25);
    const a = legal({ equity: 60 });
    const b = legal({ equity: 60, heldThroughId: a.id });
    const cyclicA = { ...a, heldThroughId: b.id };
    const owner2 = person({ roles: [60], equity: 80, heldThroughId: b.id });
    expect(shareOwnershipOf(owner2, [cyclicA, b, owner2]).failedThreshold).toBe(25);
  });
});

describe('the whole list (spec 5)', () => {
  it('a complete company: user as authorised representative, managing director, majority owner', () => {
    const list = [
      person({ roles: [10], isUser: true }),
      person({ roles: [70] }),
      person({ roles: [60], equity: 60, voting: 60 }),
    ];
    expect(uboViolations(list)).toEqual([]);
    expect(needsAuthority(list)).toBe(true);
  });

  it('reports representative and owner rules together', () => {
    expect(codes(uboViolations([person({ roles: [10], isUser: true })]))).toEqual([
      'at_least_one_other_person',
      'beneficial_owner_required',
    ]);
  });
});
