import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerQuestionnaireInputSchema,
  type ChoiceQuestion,
  createQuestionnaireRegistry,
  gradeCurrentQuestionnaire,
  gradeQuestionnaire,
  isQuestionnairePassed,
  publishedQuestionnaires,
  type QuestionnaireAnswers,
  type QuestionnaireDefinition,
  type QuestionnaireType,
  questionnaireRegistry,
  questionnaireTypes,
  questionnaireView,
  type Text,
} from './index.ts';

const defOf = (type: QuestionnaireType) => questionnaireRegistry.current(type);
const choicesOf = (d: QuestionnaireDefinition) =>
  d.sections.flatMap((s) => s.questions).filter((q): q is ChoiceQuestion => q.kind === 'choice');

/** Answers every choice question with `pick` (default: the lowest-scoring option). */
function choiceAnswers(
  d: QuestionnaireDefinition,
  picks: Record<string, string> = {},
  pick: (q: ChoiceQuestion) => string = (q) => [...q.options].sort((a, b) => a.score - b.score)[0]!.id,
): QuestionnaireAnswers {
  return Object.fromEntries(choicesOf(d).map((q) => [q.id, picks[q.id] ?? pick(q)]));
}
const best = (q: ChoiceQuestion) => [...q.options].sort((a, b) => b.score - a.score)[0]!.id;

/** Answers every statement: `true` unless named in `no`. */
function statementAnswers(d: QuestionnaireDefinition, no: string[] = []): QuestionnaireAnswers {
  const statements = d.sections.flatMap((s) => s.questions).filter((q) => q.kind === 'statement');
  return Object.fromEntries(statements.map((q) => [q.id, !no.includes(q.id)]));
}

function graded(type: QuestionnaireType, answers: unknown) {
  const outcome = gradeCurrentQuestionnaire(type, answers);
  if (!outcome.ok) throw new Error(`not graded: ${JSON.stringify(outcome.violations)}`);
  return outcome;
}

describe('published versions', () => {
  it('has a current version of every type, 2026-11', () => {
    for (const type of questionnaireTypes) {
      expect(questionnaireRegistry.current(type).version).toBe('2026-11');
      expect(questionnaireRegistry.versions(type)).toEqual(['2026-11']);
    }
  });

  /*
   * A published version is frozen: stored answers were graded and shown with it. If this test fails,
   * you edited a published version; restore it and publish the change as a new version instead.
   */
  it.each([
    ['optional', '2026-11', 'd116ef87ac116b8b'],
    ['wphg_bonds', '2026-11', '0a7fbf31de578511'],
    ['wphg_crypto', '2026-11', 'a4d2d9d798341980'],
    ['risk', '2026-11', '9a933f11b6b951d1'],
    ['professional', '2026-11', '5d9f79aa386991ac'],
  ] as const)('%s@%s is unchanged since publication', (type, version, fingerprint) => {
    const d = questionnaireRegistry.find(type, version);
    expect(d).not.toBeNull();
    const hash = createHash('sha256').update(JSON.stringify(d)).digest('hex').slice(0, 16);
    expect(hash).toBe(fingerprint);
  });

  it('words every text in German and English, and differently', () => {
    const texts: Text[] = [];
    const collect = (value: unknown): void => {
      if (!value || typeof value !== 'object') return;
      const keys = Object.keys(value);
      if (!Array.isArray(value) && keys.length === 2 && keys.includes('de') && keys.includes('en')) {
        texts.push(value as Text);
        return;
      }
      for (const v of Object.values(value)) collect(v);
    };
    collect(publishedQuestionnaires);
    expect(texts.length).toBeGreaterThan(150);
    for (const t of texts) {
      expect(t.de.trim().length).toBeGreaterThan(0);
      expect(t.en.trim().length).toBeGreaterThan(0);
    }
    // Option labels like "1 bis 5"/"1 to 5" differ; only bare legal citations may coincide.
    const same = texts.filter((t) => t.de === t.en);
    expect(same).toEqual([]);
  });

  it('asks about bonds, subordinated bonds and crypto securities, transactions over 3 and 5 years, education and profession', () => {
    const ids = (type: QuestionnaireType) =>
      defOf(type)
        .sections.flatMap((s) => s.questions)
        .map((q) => q.id);
    expect(ids('wphg_bonds')).toEqual(
      expect.arrayContaining([
        'bond_transactions_3y',
        'subordinated_transactions_3y',
        'bond_volume_5y',
        'issuer_default',
        'subordination',
        'sale_before_maturity',
        'education',
        'profession',
      ]),
    );
    expect(ids('wphg_crypto')).toEqual(
      expect.arrayContaining([
        'crypto_transactions_3y',
        'crypto_volume_5y',
        'token_issuer_default',
        'private_key_loss',
        'custody_risk',
        'transferability',
        'education',
        'profession',
      ]),
    );
    expect(ids('risk')).toEqual(
      expect.arrayContaining(['total_loss', 'subordination', 'illiquidity', 'custody_and_keys']),
    );
    expect(ids('professional')).toEqual([
      'criterion_transactions',
      'criterion_portfolio',
      'criterion_profession',
      'request_classification',
      'protection_notice',
      'inform_changes',
    ]);
  });
});

describe('registry rules', () => {
  const bonds = defOf('wphg_bonds');
  const others = publishedQuestionnaires.filter((d) => d.type !== 'wphg_bonds');

  it.each([
    ['a version published twice', [bonds, bonds], /published twice/],
    ['a version not named YYYY-MM', [{ ...bonds, version: '2026-13' }], /YYYY-MM/],
    [
      'a repeated question id',
      [
        {
          ...bonds,
          sections: [bonds.sections[0]!, { ...bonds.sections[0]!, id: 'again' }],
        },
      ],
      /repeated question id/,
    ],
    ['a warning without wording', [{ ...bonds, warnings: [] }], /has no wording/],
    [
      'grading that does not fit the questions',
      [{ ...bonds, grading: { kind: 'all_confirmed' } }],
      /do not fit/,
    ],
  ] as const)('refuses %s', (_name, definitions, message) => {
    expect(() =>
      createQuestionnaireRegistry([...others, ...(definitions as unknown as QuestionnaireDefinition[])]),
    ).toThrow(message);
  });

  it('refuses a registry missing a type', () => {
    expect(() => createQuestionnaireRegistry(others)).toThrow(/no version of questionnaire wphg_bonds/);
  });
});

describe('optional: decline, answer, or professional (grade 0/1/2)', () => {
  it.each([
    ['decline', 0, 'not_judgeable', ['not_judgeable'], false],
    ['answer', 1, 'will_answer', [], true],
    ['professional', 2, 'professional_client', [], true],
  ] as const)('%s gives grade %i, %s', (option, grade, result, warnings, passed) => {
    const g = graded('optional', { participation: option });
    expect(g).toMatchObject({ grade, result, warnings, passed, maxGrade: 2, version: '2026-11' });
    expect(isQuestionnairePassed({ type: 'optional', result })).toBe(passed);
  });
});

describe('wphg_bonds: grade = points, appropriate above 7', () => {
  const d = defOf('wphg_bonds');
  const knowledge = {
    issuer_default: 'loss_possible',
    subordination: 'paid_after_other_creditors',
    sale_before_maturity: 'buyer_needed',
    interest_rate_change: 'price_falls',
  };

  it.each([
    ['the lowest answer everywhere', choiceAnswers(d), 0, 'not_appropriate'],
    ['the highest answer everywhere', choiceAnswers(d, {}, best), 20, 'appropriate'],
    [
      '"I don\'t know" to every knowledge question',
      choiceAnswers(d, {
        issuer_default: 'dont_know',
        subordination: 'dont_know',
        sale_before_maturity: 'dont_know',
        interest_rate_change: 'dont_know',
      }),
      0,
      'not_appropriate',
    ],
    [
      'every knowledge question right, nothing else (7: the threshold)',
      choiceAnswers(d, knowledge),
      7,
      'not_appropriate',
    ],
    [
      'knowledge and another degree (8)',
      choiceAnswers(d, { ...knowledge, education: 'other_degree' }),
      8,
      'appropriate',
    ],
    [
      'experience only: over 20 bond trades, over 5 subordinated, over €25,000, over 5 years (9)',
      choiceAnswers(d, {
        bond_transactions_3y: 'over_20',
        subordinated_transactions_3y: 'over_5',
        bond_volume_5y: 'over_25000',
        bond_experience_period: 'over_5_years',
      }),
      9,
      'appropriate',
    ],
    [
      'a few trades, a wrong belief in deposit insurance, a former finance job (1+1+1+0+2+1 = 6)',
      choiceAnswers(d, {
        bond_transactions_3y: '1_to_5',
        bond_volume_5y: 'up_to_5000',
        bond_experience_period: 'under_2_years',
        issuer_default: 'deposit_insurance',
        subordination: 'paid_after_other_creditors',
        profession: 'former',
      }),
      6,
      'not_appropriate',
    ],
  ])('%s: grade %i, %s', (_name, answers, grade, result) => {
    const g = graded('wphg_bonds', answers);
    expect(g.grade).toBe(grade);
    expect(g.maxGrade).toBe(20);
    expect(g.result).toBe(result);
    expect(g.warnings).toEqual(result === 'appropriate' ? [] : ['not_appropriate']);
    expect(g.passed).toBe(result === 'appropriate');
  });
});

describe('wphg_crypto: grade = points, appropriate above 7', () => {
  const d = defOf('wphg_crypto');
  it.each([
    ['the lowest answer everywhere', choiceAnswers(d), 0, 'not_appropriate'],
    ['the highest answer everywhere', choiceAnswers(d, {}, best), 21, 'appropriate'],
    [
      'three risks known and a custodial account (2+2+2+1 = 7)',
      choiceAnswers(d, {
        crypto_security: 'register_entry',
        token_issuer_default: 'loss_possible',
        private_key_loss: 'access_lost',
        wallet_experience: 'custodian',
      }),
      7,
      'not_appropriate',
    ],
    [
      'the same and the tradability risk known (9)',
      choiceAnswers(d, {
        crypto_security: 'register_entry',
        token_issuer_default: 'loss_possible',
        private_key_loss: 'access_lost',
        wallet_experience: 'custodian',
        transferability: 'limited',
      }),
      9,
      'appropriate',
    ],
    [
      'experienced trader who believes the blockchain protects against default (3+2+2+0+2 = 9)',
      choiceAnswers(d, {
        crypto_transactions_3y: 'over_20',
        crypto_volume_5y: 'over_25000',
        wallet_experience: 'own_wallet',
        token_issuer_default: 'keeps_value',
        custody_risk: 'operational_risk',
      }),
      9,
      'appropriate',
    ],
  ])('%s: grade %i, %s', (_name, answers, grade, result) => {
    const g = graded('wphg_crypto', answers);
    expect(g).toMatchObject({ grade, maxGrade: 21, result, passed: result === 'appropriate' });
    expect(g.warnings).toEqual(result === 'appropriate' ? [] : ['not_appropriate']);
  });
});

describe('risk: passes when every statement is confirmed', () => {
  const d = defOf('risk');
  it.each([
    ['every statement confirmed', [], 8, 'confirmed'],
    ['total loss not confirmed', ['total_loss'], 7, 'not_confirmed'],
    ['custody risk not confirmed', ['custody_and_keys'], 7, 'not_confirmed'],
    [
      'nothing confirmed',
      [
        'own_decision',
        'total_loss',
        'subordination',
        'illiquidity',
        'custody_and_keys',
        'no_deposit_insurance',
        'no_advice',
        'affordable_loss',
      ],
      0,
      'not_confirmed',
    ],
  ])('%s: grade %i, %s', (_name, no, grade, result) => {
    const g = graded('risk', statementAnswers(d, no));
    expect(g).toMatchObject({ grade, maxGrade: 8, result, passed: result === 'confirmed' });
    expect(g.warnings).toEqual(result === 'confirmed' ? [] : ['risks_not_confirmed']);
    expect(isQuestionnairePassed({ type: 'risk', result })).toBe(result === 'confirmed');
  });
});

describe('professional: at least two § 67 (6) criteria and every declaration', () => {
  const d = defOf('professional');
  const criteria = ['criterion_transactions', 'criterion_portfolio', 'criterion_profession'];
  it.each([
    ['all three criteria', [], 3, 'criteria_met', []],
    ['two criteria (portfolio, profession)', ['criterion_transactions'], 2, 'criteria_met', []],
    [
      'one criterion',
      ['criterion_transactions', 'criterion_portfolio'],
      1,
      'criteria_not_met',
      ['criteria_not_met'],
    ],
    ['no criterion', criteria, 0, 'criteria_not_met', ['criteria_not_met']],
    [
      'all criteria but no request',
      ['request_classification'],
      3,
      'criteria_not_met',
      ['declarations_missing'],
    ],
    [
      'two criteria without acknowledging the loss of protection',
      ['criterion_profession', 'protection_notice'],
      2,
      'criteria_not_met',
      ['declarations_missing'],
    ],
    [
      'one criterion and no declaration to inform of changes',
      ['criterion_profession', 'criterion_portfolio', 'inform_changes'],
      1,
      'criteria_not_met',
      ['criteria_not_met', 'declarations_missing'],
    ],
  ])('%s: grade %i, %s', (_name, no, grade, result, warnings) => {
    const g = graded('professional', statementAnswers(d, no));
    expect(g).toMatchObject({ grade, maxGrade: 3, result, warnings, passed: result === 'criteria_met' });
  });
});

describe('answers that cannot be graded', () => {
  const bonds = defOf('wphg_bonds');
  const complete = choiceAnswers(bonds);
  const { education: _left, ...withoutEducation } = complete;
  it.each([
    [
      'a question left out',
      'wphg_bonds',
      withoutEducation,
      [['answers.education', 'questionnaire_incomplete']],
    ],
    [
      'an empty answer',
      'wphg_bonds',
      { ...complete, education: '' },
      [['answers.education', 'questionnaire_incomplete']],
    ],
    [
      'a null answer',
      'wphg_bonds',
      { ...complete, profession: null },
      [['answers.profession', 'questionnaire_incomplete']],
    ],
    ['nothing at all', 'optional', {}, [['answers.participation', 'questionnaire_incomplete']]],
    [
      'an unknown question',
      'optional',
      { participation: 'answer', shoe_size: '42' },
      [['answers.shoe_size', 'unknown_parameter']],
    ],
    [
      'an unknown option',
      'optional',
      { participation: 'maybe' },
      [['answers.participation', 'invalid_value']],
    ],
    [
      'a statement answer to a choice question',
      'optional',
      { participation: true },
      [['answers.participation', 'invalid_type']],
    ],
    [
      'a choice answer to a statement',
      'risk',
      { ...statementAnswers(defOf('risk')), total_loss: 'yes' },
      [['answers.total_loss', 'invalid_type']],
    ],
    ['answers that are not an object', 'risk', ['total_loss'], [['answers', 'invalid_type']]],
    ['an unknown type', 'wphg_shares', {}, [['type', 'invalid_value']]],
  ])('%s', (_name, type, answers, violations) => {
    const outcome = gradeQuestionnaire(type, '2026-11', answers);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.violations.map((v) => [v.propertyPath, v.code])).toEqual(violations);
  });

  it('refuses a version the type never had', () => {
    const outcome = gradeQuestionnaire('risk', '2019-01', statementAnswers(defOf('risk')));
    expect(outcome).toEqual({ ok: false, violations: [{ propertyPath: 'version', code: 'invalid_value' }] });
  });

  it('reports every gap at once, in the order of the questions', () => {
    const outcome = gradeQuestionnaire('professional', '2026-11', { criterion_portfolio: true, extra: 1 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.violations.map((v) => v.propertyPath)).toEqual([
        'answers.criterion_transactions',
        'answers.criterion_profession',
        'answers.request_classification',
        'answers.protection_notice',
        'answers.inform_changes',
        'answers.extra',
      ]);
    }
  });
});

describe('versions: a later version never changes an earlier result', () => {
  const v1 = defOf('wphg_bonds');
  // A successor as a later publication might look: the interest-rate question scores 2 and the
  // threshold is 9. Built here, because no successor has been published yet.
  const v2: QuestionnaireDefinition = {
    ...v1,
    version: '2027-05',
    validFrom: '2027-05-01',
    grading: { kind: 'score', appropriateAbove: 9 },
    sections: v1.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) =>
        q.id === 'interest_rate_change' && q.kind === 'choice'
          ? { ...q, options: q.options.map((o) => (o.id === 'price_falls' ? { ...o, score: 2 } : o)) }
          : q,
      ),
    })),
  };
  const registry = createQuestionnaireRegistry([...publishedQuestionnaires, v2]);
  const answers = choiceAnswers(v1, {
    issuer_default: 'loss_possible',
    subordination: 'paid_after_other_creditors',
    sale_before_maturity: 'buyer_needed',
    interest_rate_change: 'price_falls',
    education: 'other_degree',
  });

  it('grades answers given in 2026-11 by 2026-11 and new answers by the newest version', () => {
    expect(registry.current('wphg_bonds').version).toBe('2027-05');
    expect(registry.versions('wphg_bonds')).toEqual(['2026-11', '2027-05']);
    const old = gradeQuestionnaire('wphg_bonds', '2026-11', answers, registry);
    expect(old).toMatchObject({
      ok: true,
      version: '2026-11',
      grade: 8,
      maxGrade: 20,
      result: 'appropriate',
    });
    const now = gradeCurrentQuestionnaire('wphg_bonds', answers, registry);
    expect(now).toMatchObject({
      ok: true,
      version: '2027-05',
      grade: 9,
      maxGrade: 21,
      result: 'not_appropriate',
    });
  });

  it('leaves the published 2026-11 untouched when a successor is added', () => {
    expect(registry.find('wphg_bonds', '2026-11')).toBe(v1);
    expect(gradeQuestionnaire('wphg_bonds', '2026-11', answers)).toMatchObject({ ok: true, grade: 8 });
  });
});

describe('what a client is sent', () => {
  it.each(questionnaireTypes)('%s: texts in the language asked for, no scores or grading', (type) => {
    const d = defOf(type);
    const de = questionnaireView(d, 'de');
    const en = questionnaireView(d, 'en');
    expect(de).toMatchObject({ type, version: '2026-11', locale: 'de', title: d.title.de });
    expect(en.title).toBe(d.title.en);
    const json = JSON.stringify(de);
    expect(json).not.toMatch(/score|grading|appropriateAbove/);
    const ids = (v: typeof de) => v.sections.flatMap((s) => s.questions.map((q) => q.id));
    expect(ids(de)).toEqual(d.sections.flatMap((s) => s.questions.map((q) => q.id)));
    expect(de.warnings.map((w) => w.key)).toEqual(d.warnings.map((w) => w.key));
  });

  it('lists the protections a professional client gives up', () => {
    const v = questionnaireView(defOf('professional'), 'en');
    const consequences = v.sections.find((s) => s.id === 'consequences');
    expect(consequences?.points.length).toBe(5);
    expect(consequences?.intro).toContain('section 67 (6) WpHG');
  });

  it('refuses a client-sent grade and unknown types in the POST body', () => {
    const withGrade = answerQuestionnaireInputSchema.safeParse({ type: 'risk', answers: {}, grade: 20 });
    expect(withGrade.success).toBe(false);
    expect(withGrade.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['grade'] });
    expect(answerQuestionnaireInputSchema.safeParse({ type: 'shares', answers: {} }).success).toBe(false);
    expect(
      answerQuestionnaireInputSchema.safeParse({ type: 'optional', answers: { participation: 'answer' } })
        .success,
    ).toBe(true);
  });
});
