import { describe, expect, it } from 'vitest';
import {
  type AdequacyFacts,
  cachedCheck,
  checkCacheMilliseconds,
  isAdequacyPassed,
  isCachedCheckFresh,
  isProfessionalCheckFailed,
  isRiskCheckFailed,
  isRiskQuestionnairePassed,
} from './index.ts';

/** A compact row: optional grade, bonds grade, crypto grade, risk ('-' none, 'x' answered not passed, 'ok' passed), professional. */
function facts(
  optional: number | null,
  bonds: number | null,
  crypto: number | null,
  risk: '-' | 'x' | 'ok',
  professional: boolean,
): AdequacyFacts {
  return {
    optionalGrade: optional,
    surveyGrades: { wphg_bonds: bonds, wphg_crypto: crypto },
    riskAnswered: risk !== '-',
    riskPassed: risk === 'ok',
    isProfessional: professional,
  };
}

describe('adequacy passes (spec 4 "passes if the risk test passed, the user is a professional investor, or two wphg surveys exist"; contract: grades above 7)', () => {
  it.each([
    ['nothing answered', facts(null, null, null, '-', false), false],
    ['risk test passed', facts(0, null, null, 'ok', false), true],
    ['professional', facts(2, null, null, '-', true), true],
    ['both surveys above 7', facts(1, 8, 12, '-', false), true],
    ['both surveys, one exactly 7 (threshold 7: not above)', facts(1, 7, 12, '-', false), false],
    ['one survey only, above 7', facts(1, 9, null, '-', false), false],
    ['both surveys low, risk passed afterwards', facts(1, 3, 4, 'ok', false), true],
    ['risk answered but not passed', facts(0, null, null, 'x', false), false],
  ] as const)('%s -> %s', (_name, f, expected) => {
    expect(isAdequacyPassed(f)).toBe(expected);
  });
});

describe('risk check fails (spec 4 "no test, optional 0 and no surveys, or surveys with grade at most 7 without risk pass or professional status")', () => {
  it.each([
    ['no test at all', facts(null, null, null, '-', false), true],
    ['optional 0 and no surveys', facts(0, null, null, '-', false), true],
    ['optional 0, risk answered but not passed', facts(0, null, null, 'x', false), true],
    ['optional 0, risk passed', facts(0, null, null, 'ok', false), false],
    ['a survey with grade 7', facts(1, 7, 12, '-', false), true],
    ['both surveys at most 7', facts(1, 2, 7, '-', false), true],
    ['both surveys at most 7, risk passed', facts(1, 2, 7, 'ok', false), false],
    ['both surveys at most 7, professional', facts(1, 2, 7, '-', true), false],
    ['both surveys above 7', facts(1, 8, 8, '-', false), false],
    ['optional 1, surveys not yet answered', facts(1, null, null, '-', false), false],
    ['no test, but professional', facts(null, null, null, '-', true), false],
  ] as const)('%s -> %s', (_name, f, expected) => {
    expect(isRiskCheckFailed(f)).toBe(expected);
  });
});

describe('professional check fails (spec 4 "optional result is 2 and the user is not professional")', () => {
  it.each([
    [2, false, true],
    [2, true, false],
    [1, false, false],
    [0, false, false],
    [null, false, false],
  ] as const)('optional %s, professional %s -> %s', (optional, professional, expected) => {
    expect(isProfessionalCheckFailed(facts(optional, null, null, '-', professional))).toBe(expected);
  });

  it('reads a risk questionnaire as passed only with the passed result', () => {
    expect(isRiskQuestionnairePassed('confirmed')).toBe(true);
    expect(isRiskQuestionnairePassed('not_confirmed')).toBe(false);
    expect(isRiskQuestionnairePassed(null)).toBe(false);
  });
});

describe('check results are cached and rechecked after 5 minutes (spec 4, spec 9)', () => {
  const t = Date.UTC(2026, 5, 1, 10, 0, 0);

  it.each([
    [0, true],
    [checkCacheMilliseconds - 1, true],
    [checkCacheMilliseconds, false],
    [checkCacheMilliseconds + 1, false],
    [-1, false], // clock went backwards
  ])('computed at t, asked at t + %i ms -> fresh %s', (offset, fresh) => {
    expect(isCachedCheckFresh(t, t + offset)).toBe(fresh);
    expect(isCachedCheckFresh(new Date(t), new Date(t + offset))).toBe(fresh);
  });

  it('reuses the result until t + 5 min, then computes again', () => {
    let calls = 0;
    const compute = () => ++calls;
    const first = cachedCheck(null, t, compute);
    expect(first).toEqual({ value: 1, computedAt: t });
    expect(cachedCheck(first, t + 4 * 60_000, compute)).toBe(first);
    const second = cachedCheck(first, t + 5 * 60_000, compute);
    expect(second).toEqual({ value: 2, computedAt: t + 5 * 60_000 });
    expect(calls).toBe(2);
  });
});
