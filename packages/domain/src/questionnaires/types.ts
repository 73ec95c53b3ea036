import type { Locale } from '../i18n/index.ts';

/** A text in every supported language. */
export type Text = Record<Locale, string>;

/** Shorthand for a German/English text pair (German first, as everywhere). */
export function text(de: string, en: string): Text {
  return { de, en };
}

/**
 * The questionnaires of the adequacy pages (contract "Questionnaires"):
 * - `optional` (adequacy-optional): whether the investor answers at all (0 declines, 1 answers,
 *   2 states to be a professional client);
 * - `wphg_bonds`, `wphg_crypto` (adequacy): the two WpHG § 63 (10) appropriateness surveys;
 * - `risk` (adequacy-risk): the risk statements after a warning or a declined test;
 * - `professional` (adequacy-professional): the WpHG § 67 (6) criteria and declarations.
 */
export const questionnaireTypes = ['optional', 'wphg_bonds', 'wphg_crypto', 'risk', 'professional'] as const;
export type QuestionnaireType = (typeof questionnaireTypes)[number];

export function isQuestionnaireType(value: unknown): value is QuestionnaireType {
  return typeof value === 'string' && (questionnaireTypes as readonly string[]).includes(value);
}

/**
 * What a grade means. Each type has its own results, so a stored `result` names its outcome on its own:
 * - optional: `not_judgeable` (declined), `will_answer`, `professional_client`;
 * - wphg_*: `appropriate` (grade above the threshold) or `not_appropriate` (the standardised warning);
 * - risk: `confirmed` (every statement confirmed) or `not_confirmed`;
 * - professional: `criteria_met` (at least two § 67 (6) criteria and every declaration) or `criteria_not_met`.
 */
export const questionnaireResults = [
  'not_judgeable',
  'will_answer',
  'professional_client',
  'appropriate',
  'not_appropriate',
  'confirmed',
  'not_confirmed',
  'criteria_met',
  'criteria_not_met',
] as const;
export type QuestionnaireResult = (typeof questionnaireResults)[number];

/**
 * Warnings and notices the investor is shown after grading (stored as `warningsShown`); each version
 * words them in its `warnings` list.
 * - `not_judgeable`: appropriateness cannot be judged (no answers, WpHG § 63 (10));
 * - `not_appropriate`: the standardised warning that the product is not appropriate;
 * - `risks_not_confirmed`: without confirming every risk statement the investor cannot subscribe;
 * - `criteria_not_met`: fewer than two § 67 (6) criteria, no classification as professional client;
 * - `declarations_missing`: the § 67 (6) request or acknowledgement was not given.
 */
export const questionnaireWarnings = [
  'not_judgeable',
  'not_appropriate',
  'risks_not_confirmed',
  'criteria_not_met',
  'declarations_missing',
] as const;
export type QuestionnaireWarning = (typeof questionnaireWarnings)[number];

/** One option of a choice question; `score` is the points the answer earns (never sent to clients). */
export type ChoiceOption = { id: string; text: Text; score: number };

/** A question answered by picking one option (answer: the option's id). */
export type ChoiceQuestion = {
  kind: 'choice';
  id: string;
  text: Text;
  hint?: Text;
  options: readonly ChoiceOption[];
};

/**
 * A statement the investor confirms or not (answer: true or false).
 * - `risk`: a risk statement (risk questionnaire: every one must be confirmed);
 * - `criterion`: a § 67 (6) criterion the investor states to meet (at least two);
 * - `declaration`: a declaration that must be given (the request, the acknowledgement).
 */
export type StatementQuestion = {
  kind: 'statement';
  id: string;
  text: Text;
  hint?: Text;
  role: 'risk' | 'criterion' | 'declaration';
};

export type Question = ChoiceQuestion | StatementQuestion;

/** A part of a questionnaire: a heading, an optional introduction and bullet points, its questions. */
export type QuestionnaireSection = {
  id: string;
  title: Text;
  intro?: Text;
  points?: readonly Text[];
  questions: readonly Question[];
};

/**
 * How a version grades its answers. Kept with the version, so a stored answer is always read with the
 * rules it was graded by; a new rule is a new version (or a new kind here), never an edit.
 * - `choice`: the grade is the chosen option's score of the one question; `outcomes` maps grades;
 * - `score`: the grade is the sum of all scores; above `appropriateAbove` is appropriate (spec 9: 7);
 * - `all_confirmed`: the grade counts confirmed statements; all confirmed passes;
 * - `criteria`: the grade counts confirmed criteria; `minimum` of them plus every declaration passes.
 */
export type QuestionnaireGrading =
  | {
      kind: 'choice';
      outcomes: Readonly<
        Record<number, { result: QuestionnaireResult; warnings: readonly QuestionnaireWarning[] }>
      >;
    }
  | { kind: 'score'; appropriateAbove: number }
  | { kind: 'all_confirmed' }
  | { kind: 'criteria'; minimum: number };

/** The wording of a warning or notice in a version. */
export type QuestionnaireNotice = { key: QuestionnaireWarning; title: Text; text: Text };

/**
 * One published version of a questionnaire: its questions with their scores and its grading.
 * Published versions are frozen (the registry test fingerprints them): a change is a new version.
 */
export type QuestionnaireDefinition = {
  type: QuestionnaireType;
  /** `YYYY-MM`, the month it was published. */
  version: string;
  /** The day from which it is asked (`YYYY-MM-DD`). */
  validFrom: string;
  title: Text;
  intro: Text;
  /** The legal basis, shown under the title. */
  legalBasis: Text;
  sections: readonly QuestionnaireSection[];
  grading: QuestionnaireGrading;
  warnings: readonly QuestionnaireNotice[];
};

/** Answers by question id: a choice question's option id, a statement's true or false. */
export type QuestionnaireAnswers = Record<string, string | boolean>;
