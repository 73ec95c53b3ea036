import { describe, expect, it } from 'vitest';
import { AppError, fieldViolationsOf, violationMessage } from '../errors/index.ts';
import {
  assertProfessionalRequestCanMove,
  isProfessionalRequestOpen,
  minimumProfessionalCriteria,
  missingProfessionalEvidence,
  professionalConsequencesNotice,
  professionalCriteria,
  professionalCriterionTexts,
  professionalDecisionSchema,
  professionalEvidenceFieldsSchema,
  professionalRequestInputSchema,
  professionalRequestLifecycle,
  professionalRequestStatuses,
} from './index.ts';

const explained = (criterion: string) => ({
  criterion,
  explanation: `Begründung für ${criterion} mit Details.`,
});

function violationsOf(schema: typeof professionalRequestInputSchema, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? [] : fieldViolationsOf(r.error.issues, input).map((v) => `${v.propertyPath}:${v.code}`);
}

describe('§ 67 (6) criteria', () => {
  it('are the three criteria of sentence 2, at least two of which must be met', () => {
    expect(professionalCriteria).toEqual(['transactions', 'portfolio', 'profession']);
    expect(minimumProfessionalCriteria).toBe(2);
  });

  it('have a title, the statement and an evidence hint in German and English', () => {
    for (const c of professionalCriteria) {
      for (const locale of ['de', 'en'] as const) {
        const t = professionalCriterionTexts[c][locale];
        expect(t.title.length).toBeGreaterThan(10);
        expect(t.statement.length).toBeGreaterThan(40);
        expect(t.evidence.length).toBeGreaterThan(20);
      }
      expect(professionalCriterionTexts[c].de.statement).not.toBe(professionalCriterionTexts[c].en.statement);
    }
    expect(professionalCriterionTexts.transactions.en.statement).toMatch(/ten per quarter/);
    expect(professionalCriterionTexts.transactions.de.statement).toMatch(/vier Quartale/);
    expect(professionalCriterionTexts.portfolio.de.statement).toMatch(/500\.000 Euro/);
    expect(professionalCriterionTexts.portfolio.en.statement).toMatch(/more than EUR 500,000/);
    expect(professionalCriterionTexts.profession.en.statement).toMatch(/at least one year/);
  });

  it('come with the notice on the protections lost, in both languages, versioned', () => {
    expect(professionalConsequencesNotice.version).toMatch(/^\d{4}-\d{2}$/);
    expect(professionalConsequencesNotice.de.points).toHaveLength(
      professionalConsequencesNotice.en.points.length,
    );
    expect(professionalConsequencesNotice.de.points.join(' ')).toMatch(/Privatkunde/);
    expect(professionalConsequencesNotice.en.points.join(' ')).toMatch(/private client again/);
  });
});

describe('professionalRequestInputSchema', () => {
  it('accepts two or three explained criteria with the confirmation', () => {
    const two = {
      criteria: [explained('portfolio'), explained('profession')],
      consequencesAcknowledged: true,
    };
    expect(professionalRequestInputSchema.parse(two).criteria).toHaveLength(2);
    const three = {
      criteria: professionalCriteria.map(explained),
      consequencesAcknowledged: true,
    };
    expect(violationsOf(professionalRequestInputSchema, three)).toEqual([]);
  });

  it.each([
    [
      { criteria: [explained('portfolio')], consequencesAcknowledged: true },
      ['criteria:professional_criteria_minimum'],
    ],
    [{ criteria: [], consequencesAcknowledged: true }, ['criteria:professional_criteria_minimum']],
    [
      { criteria: [explained('portfolio'), explained('portfolio')], consequencesAcknowledged: true },
      ['criteria.1.criterion:invalid_value', 'criteria:professional_criteria_minimum'],
    ],
    [
      { criteria: [explained('portfolio'), explained('profession')], consequencesAcknowledged: false },
      ['consequencesAcknowledged:confirmation_required'],
    ],
    [{ criteria: [explained('portfolio'), explained('profession')] }, ['consequencesAcknowledged:required']],
    [
      {
        criteria: [explained('portfolio'), { criterion: 'profession', explanation: 'kurz' }],
        consequencesAcknowledged: true,
      },
      ['criteria.1.explanation:too_short'],
    ],
    [
      {
        criteria: [explained('portfolio'), { criterion: 'profession', explanation: 'x'.repeat(1001) }],
        consequencesAcknowledged: true,
      },
      ['criteria.1.explanation:too_long'],
    ],
    [
      { criteria: [explained('portfolio'), explained('inheritance')], consequencesAcknowledged: true },
      ['criteria.1.criterion:invalid_value'],
    ],
    [
      {
        criteria: [explained('portfolio'), explained('profession')],
        consequencesAcknowledged: true,
        grade: 9,
      },
      ['grade:unknown_parameter'],
    ],
  ])('refuses %j', (input, expected) => {
    expect(violationsOf(professionalRequestInputSchema, input)).toEqual(expected);
  });

  it('words the new violations in both languages', () => {
    expect(violationMessage('professional_criteria_minimum', 'en')).toBe(
      'Please state at least two of the three criteria',
    );
    expect(violationMessage('confirmation_required', 'de')).toMatch(/Hinweis/);
  });

  it('takes the criterion an evidence file supports', () => {
    expect(professionalEvidenceFieldsSchema.parse({ criterion: 'portfolio' })).toEqual({
      criterion: 'portfolio',
    });
    expect(professionalEvidenceFieldsSchema.safeParse({ criterion: 'income' }).success).toBe(false);
  });
});

describe('request lifecycle', () => {
  it('is open only while requested; every decision is final', () => {
    expect(professionalRequestStatuses.filter(isProfessionalRequestOpen)).toEqual(['requested']);
    expect(professionalRequestLifecycle.transitions.requested).toEqual(['approved', 'refused', 'withdrawn']);
    for (const s of ['approved', 'refused', 'withdrawn'] as const) {
      expect(professionalRequestLifecycle.transitions[s]).toEqual([]);
    }
  });

  it.each([
    ['requested', 'approved', true],
    ['requested', 'refused', true],
    ['requested', 'withdrawn', true],
    ['requested', 'requested', false],
    ['approved', 'approved', false],
    ['approved', 'refused', false],
    ['refused', 'approved', false],
    ['withdrawn', 'approved', false],
  ] as const)('%s -> %s allowed: %s', (from, to, allowed) => {
    const move = () => assertProfessionalRequestCanMove(from, to);
    if (allowed) expect(move).not.toThrow();
    else {
      expect(move).toThrow(AppError);
      try {
        move();
      } catch (e) {
        expect((e as AppError).code).toBe('invalid_transition');
        expect((e as AppError).status).toBe(409);
      }
    }
  });
});

describe('evidence', () => {
  it.each([
    [['portfolio', 'profession'], [], ['portfolio', 'profession']],
    [['portfolio', 'profession'], ['portfolio'], ['profession']],
    [['portfolio', 'profession'], ['portfolio', 'portfolio', 'profession'], []],
    [['transactions', 'portfolio', 'profession'], ['transactions', 'profession'], ['portfolio']],
    // Evidence for a criterion not stated does not stand in for a stated one.
    [['portfolio', 'profession'], ['transactions', 'portfolio'], ['profession']],
  ] as const)('stated %j, evidence for %j: missing %j', (stated, evidence, missing) => {
    expect(missingProfessionalEvidence(stated, evidence)).toEqual(missing);
  });
});

describe('decision', () => {
  it('needs a reason to refuse, not to approve', () => {
    expect(professionalDecisionSchema.safeParse({ decision: 'approved' }).success).toBe(true);
    const refused = professionalDecisionSchema.safeParse({ decision: 'refused', reason: '  ' });
    expect(refused.success).toBe(false);
    if (!refused.success) {
      expect(fieldViolationsOf(refused.error.issues, { decision: 'refused', reason: '  ' })).toEqual([
        { propertyPath: 'reason', code: 'required' },
      ]);
    }
    expect(
      professionalDecisionSchema.parse({ decision: 'refused', reason: ' Nachweise unzureichend ' }),
    ).toEqual({
      decision: 'refused',
      reason: 'Nachweise unzureichend',
    });
    expect(professionalDecisionSchema.safeParse({ decision: 'maybe' }).success).toBe(false);
  });
});
