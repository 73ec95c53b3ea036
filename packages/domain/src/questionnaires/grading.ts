import type { FieldViolation } from '../errors/index.ts';
import type {
  ChoiceQuestion,
  Question,
  QuestionnaireAnswers,
  QuestionnaireDefinition,
  QuestionnaireResult,
  QuestionnaireType,
  QuestionnaireWarning,
  StatementQuestion,
} from './types.ts';
import { isQuestionnaireType } from './types.ts';
import { type QuestionnaireRegistry, questionnaireRegistry } from './versions.ts';

/** A graded questionnaire: what the server stores with the answers. */
export type QuestionnaireGrade = {
  type: QuestionnaireType;
  version: string;
  /** optional: 0/1/2; wphg_*: the points; risk: confirmed statements; professional: criteria stated. */
  grade: number;
  /** The highest grade this version can give. */
  maxGrade: number;
  result: QuestionnaireResult;
  /** The warnings and notices to show (and to store as `warningsShown`), in the version's order. */
  warnings: QuestionnaireWarning[];
  /** Whether the outcome lets the investor go on without a warning. */
  passed: boolean;
  /** The answers as graded: exactly the version's questions. */
  answers: QuestionnaireAnswers;
};

export type GradeOutcome = ({ ok: true } & QuestionnaireGrade) | { ok: false; violations: FieldViolation[] };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function questionsOf(d: QuestionnaireDefinition): Question[] {
  return d.sections.flatMap((s) => [...s.questions]);
}

/** Checks the answers against a version: every question answered, only its questions, only its options. */
function checkAnswers(
  d: QuestionnaireDefinition,
  answers: Record<string, unknown>,
): { violations: FieldViolation[]; clean: QuestionnaireAnswers } {
  const violations: FieldViolation[] = [];
  const clean: QuestionnaireAnswers = {};
  const questions = questionsOf(d);
  for (const q of questions) {
    const path = `answers.${q.id}`;
    const value = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
    // spec 5: 'Questionnaire must be complete'
    if (value === undefined || value === null || value === '') {
      violations.push({ propertyPath: path, code: 'questionnaire_incomplete' });
      continue;
    }
    if (q.kind === 'choice') {
      if (typeof value !== 'string') violations.push({ propertyPath: path, code: 'invalid_type' });
      else if (!q.options.some((o) => o.id === value))
        violations.push({ propertyPath: path, code: 'invalid_value' });
      else clean[q.id] = value;
    } else if (typeof value !== 'boolean') {
      violations.push({ propertyPath: path, code: 'invalid_type' });
    } else {
      clean[q.id] = value;
    }
  }
  const known = new Set(questions.map((q) => q.id));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) violations.push({ propertyPath: `answers.${key}`, code: 'unknown_parameter' });
  }
  return { violations, clean };
}

function scoreOf(q: ChoiceQuestion, answers: QuestionnaireAnswers): number {
  return q.options.find((o) => o.id === answers[q.id])?.score ?? 0;
}

function maxScoreOf(q: ChoiceQuestion): number {
  return Math.max(...q.options.map((o) => o.score));
}

function confirmed(statements: StatementQuestion[], answers: QuestionnaireAnswers): number {
  return statements.filter((s) => answers[s.id] === true).length;
}

/** Grades complete, checked answers by the version's own grading. */
function gradeChecked(
  d: QuestionnaireDefinition,
  answers: QuestionnaireAnswers,
): Omit<QuestionnaireGrade, 'type' | 'version' | 'answers'> {
  const questions = questionsOf(d);
  const choices = questions.filter((q): q is ChoiceQuestion => q.kind === 'choice');
  const statements = questions.filter((q): q is StatementQuestion => q.kind === 'statement');
  const g = d.grading;
  switch (g.kind) {
    case 'choice': {
      const q = choices[0]!;
      const grade = scoreOf(q, answers);
      const outcome = g.outcomes[grade]!;
      return {
        grade,
        maxGrade: maxScoreOf(q),
        result: outcome.result,
        warnings: [...outcome.warnings],
        passed: outcome.warnings.length === 0,
      };
    }
    case 'score': {
      const grade = choices.reduce((sum, q) => sum + scoreOf(q, answers), 0);
      const appropriate = grade > g.appropriateAbove;
      return {
        grade,
        maxGrade: choices.reduce((sum, q) => sum + maxScoreOf(q), 0),
        result: appropriate ? 'appropriate' : 'not_appropriate',
        warnings: appropriate ? [] : ['not_appropriate'],
        passed: appropriate,
      };
    }
    case 'all_confirmed': {
      const grade = confirmed(statements, answers);
      const all = grade === statements.length;
      return {
        grade,
        maxGrade: statements.length,
        result: all ? 'confirmed' : 'not_confirmed',
        warnings: all ? [] : ['risks_not_confirmed'],
        passed: all,
      };
    }
    case 'criteria': {
      const criteria = statements.filter((s) => s.role === 'criterion');
      const declarations = statements.filter((s) => s.role === 'declaration');
      const grade = confirmed(criteria, answers);
      const enough = grade >= g.minimum;
      const declared = confirmed(declarations, answers) === declarations.length;
      const warnings: QuestionnaireWarning[] = [];
      if (!enough) warnings.push('criteria_not_met');
      if (!declared) warnings.push('declarations_missing');
      return {
        grade,
        maxGrade: criteria.length,
        result: enough && declared ? 'criteria_met' : 'criteria_not_met',
        warnings,
        passed: enough && declared,
      };
    }
  }
}

/**
 * Grades answers to one version of a questionnaire, by that version's own questions, scores and
 * rules (a later version never changes an earlier result). Incomplete answers, unknown questions and
 * unknown options give violations (`answers.<question>`), never a grade.
 */
export function gradeQuestionnaire(
  type: QuestionnaireType | string,
  version: string,
  answers: unknown,
  registry: QuestionnaireRegistry = questionnaireRegistry,
): GradeOutcome {
  if (!isQuestionnaireType(type)) {
    return { ok: false, violations: [{ propertyPath: 'type', code: 'invalid_value' }] };
  }
  const definition = registry.find(type, version);
  if (!definition) return { ok: false, violations: [{ propertyPath: 'version', code: 'invalid_value' }] };
  if (!isPlainObject(answers)) {
    return { ok: false, violations: [{ propertyPath: 'answers', code: 'invalid_type' }] };
  }
  const { violations, clean } = checkAnswers(definition, answers);
  if (violations.length > 0) return { ok: false, violations };
  return { ok: true, type, version, answers: clean, ...gradeChecked(definition, clean) };
}

/** Grades answers to the current version of a type (what a new answer is given in). */
export function gradeCurrentQuestionnaire(
  type: QuestionnaireType,
  answers: unknown,
  registry: QuestionnaireRegistry = questionnaireRegistry,
): GradeOutcome {
  return gradeQuestionnaire(type, registry.current(type).version, answers, registry);
}

/** The results with which a questionnaire counts as passed (no warning left to show). */
export const passingResults: Readonly<Record<QuestionnaireType, readonly QuestionnaireResult[]>> = {
  optional: ['will_answer', 'professional_client'],
  wphg_bonds: ['appropriate'],
  wphg_crypto: ['appropriate'],
  risk: ['confirmed'],
  professional: ['criteria_met'],
};

/** Whether a stored answer passed (risk: every statement confirmed; wphg: appropriate; …). */
export function isQuestionnairePassed(answer: { type: QuestionnaireType; result: string }): boolean {
  return (passingResults[answer.type] as readonly string[]).includes(answer.result);
}
