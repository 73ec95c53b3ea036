import { z } from 'zod';
import type { Locale } from '../i18n/index.ts';
import {
  type QuestionnaireDefinition,
  questionnaireResults,
  questionnaireTypes,
  questionnaireWarnings,
} from './types.ts';

/*
 * Views (convention 6): what crosses the wire. A questionnaire's definition is sent in one language
 * and without its scores or grading, so the survey cannot be gamed by reading the page source; the
 * server grades.
 */

const choiceQuestionViewSchema = z.object({
  kind: z.literal('choice'),
  id: z.string(),
  text: z.string(),
  hint: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
const statementQuestionViewSchema = z.object({
  kind: z.literal('statement'),
  id: z.string(),
  text: z.string(),
  hint: z.string().nullable(),
  role: z.enum(['risk', 'criterion', 'declaration']),
});

/** GET questionnaires/{type}: one version in one language, without scores. */
export const questionnaireViewSchema = z.object({
  type: z.enum(questionnaireTypes),
  version: z.string(),
  validFrom: z.string(),
  locale: z.enum(['de', 'en']),
  title: z.string(),
  intro: z.string(),
  legalBasis: z.string(),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      intro: z.string().nullable(),
      points: z.array(z.string()),
      questions: z.array(
        z.discriminatedUnion('kind', [choiceQuestionViewSchema, statementQuestionViewSchema]),
      ),
    }),
  ),
  /** The wording of every warning or notice this version can give, by key (`warningsShown`). */
  warnings: z.array(z.object({ key: z.enum(questionnaireWarnings), title: z.string(), text: z.string() })),
});
export type QuestionnaireView = z.infer<typeof questionnaireViewSchema>;

/** A version as the investor reads it, in one language, with every score left out. */
export function questionnaireView(d: QuestionnaireDefinition, locale: Locale): QuestionnaireView {
  return {
    type: d.type,
    version: d.version,
    validFrom: d.validFrom,
    locale,
    title: d.title[locale],
    intro: d.intro[locale],
    legalBasis: d.legalBasis[locale],
    sections: d.sections.map((s) => ({
      id: s.id,
      title: s.title[locale],
      intro: s.intro?.[locale] ?? null,
      points: (s.points ?? []).map((p) => p[locale]),
      questions: s.questions.map((q) =>
        q.kind === 'choice'
          ? {
              kind: 'choice' as const,
              id: q.id,
              text: q.text[locale],
              hint: q.hint?.[locale] ?? null,
              options: q.options.map((o) => ({ id: o.id, text: o.text[locale] })),
            }
          : {
              kind: 'statement' as const,
              id: q.id,
              text: q.text[locale],
              hint: q.hint?.[locale] ?? null,
              role: q.role,
            },
      ),
    })),
    warnings: d.warnings.map((w) => ({ key: w.key, title: w.title[locale], text: w.text[locale] })),
  };
}

/** Answers as a client sends them: question id -> option id (choice) or true/false (statement). */
export const questionnaireAnswersSchema = z
  .record(z.string().min(1).max(64), z.union([z.string().max(64), z.boolean(), z.null()]))
  .refine((answers) => Object.keys(answers).length <= 100, { params: { violation: 'invalid_value' } });

/**
 * POST answered-questionnaires. The server grades: a `grade` (or any other field) sent along is
 * refused as an unknown parameter. `acknowledgeWarnings` records that the investor took note of the
 * warnings the answers give and proceeds anyway (WpHG § 63 (10)).
 */
export const answerQuestionnaireInputSchema = z.strictObject({
  type: z.enum(questionnaireTypes),
  answers: questionnaireAnswersSchema,
  acknowledgeWarnings: z.boolean().optional(),
});
export type AnswerQuestionnaireInput = z.infer<typeof answerQuestionnaireInputSchema>;

/** PATCH answered-questionnaires/{id}: the investor acknowledges the warnings shown after answering. */
export const acknowledgeWarningsInputSchema = z.strictObject({ acknowledgeWarnings: z.literal(true) });

/** The AnsweredQuestionnaire resource (contract); `customer` is the customer's IRI. */
export const answeredQuestionnaireResourceSchema = z.object({
  id: z.number().int(),
  customer: z.string(),
  type: z.enum(questionnaireTypes),
  version: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
  grade: z.number().int(),
  result: z.enum(questionnaireResults),
  warningsShown: z.array(z.enum(questionnaireWarnings)),
  /** Whether the investor acknowledged the warnings shown (false when none were shown). */
  warningsAcknowledged: z.boolean(),
  warningsAcknowledgedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AnsweredQuestionnaireResource = z.infer<typeof answeredQuestionnaireResourceSchema>;

/** The resource as services return it: the customer's uuid instead of the IRI. */
export type AnsweredQuestionnaireView = Omit<AnsweredQuestionnaireResource, 'customer'> & {
  customerUuid: string;
};
