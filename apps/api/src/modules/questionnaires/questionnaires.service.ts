import { AppError, type FieldViolation, notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import {
  type AnsweredQuestionnaireView,
  type AnswerQuestionnaireInput,
  gradeQuestionnaire,
  isQuestionnaireType,
  type QuestionnaireAnswers,
  type QuestionnaireResult,
  type QuestionnaireType,
  type QuestionnaireView,
  type QuestionnaireWarning,
  questionnaireRegistry,
  questionnaireView,
} from '@token/domain/questionnaires';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { answeredQuestionnaires, customers } from '../../db/schema/index.ts';

/** The logged-in customer a questionnaire belongs to. */
export type QuestionnaireOwner = { id: number; uuid: string };

type AnsweredRow = typeof answeredQuestionnaires.$inferSelect;

function toView(row: AnsweredRow, customerUuid: string): AnsweredQuestionnaireView {
  return {
    id: row.id,
    customerUuid,
    type: row.type as QuestionnaireType,
    version: row.version,
    answers: row.answers as QuestionnaireAnswers,
    grade: row.grade,
    result: row.result as QuestionnaireResult,
    warningsShown: row.warningsShown as QuestionnaireWarning[],
    warningsAcknowledged: row.warningsAcknowledgedAt !== null,
    warningsAcknowledgedAt: row.warningsAcknowledgedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET questionnaires/{type}: a version's questions in one language, without scores; the current
 * version unless `version` names an earlier one (to show an old answer with its own questions).
 */
export function getQuestionnaire(opts: {
  type: string;
  version?: string;
  locale: Locale;
}): QuestionnaireView {
  if (!isQuestionnaireType(opts.type)) throw notFound();
  const definition =
    opts.version === undefined
      ? questionnaireRegistry.current(opts.type)
      : questionnaireRegistry.find(opts.type, opts.version);
  if (!definition) throw notFound();
  return questionnaireView(definition, opts.locale);
}

const active = (customerId: number) =>
  and(eq(answeredQuestionnaires.customerId, customerId), isNull(answeredQuestionnaires.deletedAt));

/**
 * The customer's current answers (deleted and replaced ones left out), newest first. Filtering by
 * another customer's uuid (`customer.uuid`) gives an empty list: a customer only ever lists their own.
 */
export async function listAnsweredQuestionnaires(opts: {
  db: Database;
  owner: QuestionnaireOwner;
  customerUuid?: string | undefined;
  type?: QuestionnaireType | undefined;
  page: Page;
}): Promise<{ items: AnsweredQuestionnaireView[]; totalItems: number }> {
  const { db, owner, page } = opts;
  if (opts.customerUuid !== undefined && opts.customerUuid.toLowerCase() !== owner.uuid) {
    return { items: [], totalItems: 0 };
  }
  const where = and(
    active(owner.id),
    opts.type === undefined ? undefined : eq(answeredQuestionnaires.type, opts.type),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(answeredQuestionnaires)
      .where(where)
      .orderBy(desc(answeredQuestionnaires.createdAt), desc(answeredQuestionnaires.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(answeredQuestionnaires).where(where),
  ]);
  return { items: rows.map((r) => toView(r, owner.uuid)), totalItems: total?.n ?? 0 };
}

async function findOwned(db: Db, owner: QuestionnaireOwner, id: number): Promise<AnsweredRow | null> {
  const [row] = await db
    .select()
    .from(answeredQuestionnaires)
    .where(and(eq(answeredQuestionnaires.id, id), active(owner.id)));
  return row ?? null;
}

/** One of the customer's current answers; another customer's, or a deleted one, is "not found". */
export async function getAnsweredQuestionnaire(opts: {
  db: Database;
  owner: QuestionnaireOwner;
  id: number;
}): Promise<AnsweredQuestionnaireView> {
  const row = await findOwned(opts.db, opts.owner, opts.id);
  if (!row) throw notFound();
  return toView(row, opts.owner.uuid);
}

/** The failure for answers that cannot be graded: `questionnaire_incomplete` when a question is unanswered. */
function ungradable(violations: FieldViolation[]): AppError {
  const incomplete = violations.some((v) => v.code === 'questionnaire_incomplete');
  return new AppError(incomplete ? 'questionnaire_incomplete' : 'validation_failed', { violations });
}

/**
 * POST answered-questionnaires: grades the answers by the current version on the server and stores
 * them with that version, the grade, the result and the warnings shown. `acknowledgeWarnings`
 * records that the investor took note of those warnings and proceeds (WpHG § 63 (10)). The new
 * answer replaces the customer's previous one of the type, which stays on file (soft delete).
 */
export async function answerQuestionnaire(opts: {
  db: Database;
  owner: QuestionnaireOwner;
  input: AnswerQuestionnaireInput;
  now?: Date;
}): Promise<AnsweredQuestionnaireView> {
  const { db, owner, input } = opts;
  const now = opts.now ?? new Date();
  const version = questionnaireRegistry.current(input.type).version;
  const graded = gradeQuestionnaire(input.type, version, input.answers);
  if (!graded.ok) throw ungradable(graded.violations);
  const acknowledged = input.acknowledgeWarnings === true && graded.warnings.length > 0;
  return db.transaction(async (tx) => {
    // One current answer per type: answers of one customer are written one at a time.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, owner.id)).for('update');
    await tx
      .update(answeredQuestionnaires)
      .set({ deletedAt: now })
      .where(and(active(owner.id), eq(answeredQuestionnaires.type, input.type)));
    const [row] = await tx
      .insert(answeredQuestionnaires)
      .values({
        customerId: owner.id,
        type: input.type,
        version,
        answers: graded.answers,
        grade: graded.grade,
        result: graded.result,
        warningsShown: graded.warnings,
        warningsAcknowledgedAt: acknowledged ? now : null,
        createdAt: now,
      })
      .returning();
    return toView(row!, owner.uuid);
  });
}

/**
 * PATCH answered-questionnaires/{id}: the investor acknowledges the warnings an answer gave, after
 * reading them. The first acknowledgement counts; an answer without warnings has nothing to acknowledge.
 */
export async function acknowledgeQuestionnaireWarnings(opts: {
  db: Database;
  owner: QuestionnaireOwner;
  id: number;
  now?: Date;
}): Promise<AnsweredQuestionnaireView> {
  const { db, owner } = opts;
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await findOwned(tx, owner, opts.id);
    if (!row) throw notFound();
    if (row.warningsShown.length === 0) {
      throw new AppError('validation_failed', {
        detail: 'This answer gave no warnings to acknowledge.',
        violations: [{ propertyPath: 'acknowledgeWarnings', code: 'invalid_value' }],
      });
    }
    if (row.warningsAcknowledgedAt) return toView(row, owner.uuid);
    const [updated] = await tx
      .update(answeredQuestionnaires)
      .set({ warningsAcknowledgedAt: now })
      .where(eq(answeredQuestionnaires.id, row.id))
      .returning();
    return toView(updated!, owner.uuid);
  });
}

/**
 * DELETE answered-questionnaires/{id}: withdraws an answer so the customer can answer again. The
 * record stays on file for compliance (`deletedAt`); another customer's answer is "not found".
 */
export async function deleteAnsweredQuestionnaire(opts: {
  db: Database;
  owner: QuestionnaireOwner;
  id: number;
  now?: Date;
}): Promise<void> {
  const [deleted] = await opts.db
    .update(answeredQuestionnaires)
    .set({ deletedAt: opts.now ?? new Date() })
    .where(and(eq(answeredQuestionnaires.id, opts.id), active(opts.owner.id)))
    .returning({ id: answeredQuestionnaires.id });
  if (!deleted) throw notFound();
}
