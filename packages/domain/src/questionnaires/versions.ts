import { optional202611 } from './content/optional.ts';
import { professional202611 } from './content/professional.ts';
import { risk202611 } from './content/risk.ts';
import { wphgBonds202611 } from './content/wphg-bonds.ts';
import { wphgCrypto202611 } from './content/wphg-crypto.ts';
import { type QuestionnaireDefinition, type QuestionnaireType, questionnaireTypes } from './types.ts';

/**
 * Every published questionnaire version, old ones included: a stored answer is always graded and
 * shown with the version it was given in, so a version is never edited or removed once published
 * (the registry test fingerprints each one). To change a questionnaire, add a new version here;
 * the newest version of a type is the one new answers use.
 */
export const publishedQuestionnaires: readonly QuestionnaireDefinition[] = [
  optional202611,
  wphgBonds202611,
  wphgCrypto202611,
  risk202611,
  professional202611,
];

/** The versions of the questionnaires: the current one per type, and any version by its name. */
export type QuestionnaireRegistry = {
  readonly definitions: readonly QuestionnaireDefinition[];
  /** The version new answers of a type are given in (the newest). */
  current(type: QuestionnaireType): QuestionnaireDefinition;
  /** A version by name, or null when the type never had it. */
  find(type: QuestionnaireType, version: string): QuestionnaireDefinition | null;
  /** All version names of a type, oldest first. */
  versions(type: QuestionnaireType): string[];
};

const versionPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const idPattern = /^[a-z0-9][a-z0-9_]{0,63}$/;

/** Throws when a definition breaks the rules grading relies on (a programming error, caught by tests). */
function assertWellFormed(d: QuestionnaireDefinition): void {
  const where = `${d.type}@${d.version}`;
  if (!versionPattern.test(d.version)) throw new Error(`${where}: version must be YYYY-MM`);
  const questions = d.sections.flatMap((s) => s.questions);
  if (questions.length === 0) throw new Error(`${where}: no questions`);
  const ids = new Set<string>();
  for (const q of questions) {
    if (!idPattern.test(q.id) || ids.has(q.id))
      throw new Error(`${where}: bad or repeated question id ${q.id}`);
    ids.add(q.id);
    if (q.kind === 'choice') {
      const optionIds = new Set(q.options.map((o) => o.id));
      if (q.options.length < 2 || optionIds.size !== q.options.length) {
        throw new Error(`${where}: ${q.id} needs two or more distinct options`);
      }
      for (const o of q.options) {
        if (!idPattern.test(o.id) || !Number.isInteger(o.score) || o.score < 0) {
          throw new Error(`${where}: ${q.id}.${o.id} needs an id and a whole, non-negative score`);
        }
      }
    }
  }
  const choices = questions.filter((q) => q.kind === 'choice');
  const statements = questions.filter((q) => q.kind === 'statement');
  const g = d.grading;
  const fits =
    (g.kind === 'choice' &&
      choices.length === 1 &&
      statements.length === 0 &&
      choices[0]!.options.every((o) => g.outcomes[o.score] !== undefined)) ||
    (g.kind === 'score' && statements.length === 0 && Number.isInteger(g.appropriateAbove)) ||
    (g.kind === 'all_confirmed' && choices.length === 0 && statements.every((s) => s.role === 'risk')) ||
    (g.kind === 'criteria' &&
      choices.length === 0 &&
      statements.filter((s) => s.role === 'criterion').length >= g.minimum &&
      statements.every((s) => s.role !== 'risk'));
  if (!fits) throw new Error(`${where}: questions do not fit grading ${g.kind}`);
  const wordedWarnings = new Set(d.warnings.map((w) => w.key));
  const possibleWarnings =
    g.kind === 'choice'
      ? Object.values(g.outcomes).flatMap((o) => o.warnings)
      : g.kind === 'score'
        ? ['not_appropriate' as const]
        : g.kind === 'all_confirmed'
          ? ['risks_not_confirmed' as const]
          : ['criteria_not_met' as const, 'declarations_missing' as const];
  for (const w of possibleWarnings) {
    if (!wordedWarnings.has(w)) throw new Error(`${where}: warning ${w} has no wording`);
  }
}

/** Builds a registry over published versions; refuses malformed or repeated versions. */
export function createQuestionnaireRegistry(
  definitions: readonly QuestionnaireDefinition[],
): QuestionnaireRegistry {
  const byType = new Map<QuestionnaireType, QuestionnaireDefinition[]>();
  for (const d of definitions) {
    assertWellFormed(d);
    const list = byType.get(d.type) ?? [];
    if (list.some((v) => v.version === d.version)) throw new Error(`${d.type}@${d.version} published twice`);
    list.push(d);
    byType.set(d.type, list);
  }
  for (const type of questionnaireTypes) {
    const list = byType.get(type);
    if (!list?.length) throw new Error(`no version of questionnaire ${type}`);
    // `YYYY-MM` sorts by date as text.
    list.sort((a, b) => a.version.localeCompare(b.version));
  }
  const listOf = (type: QuestionnaireType) => byType.get(type) ?? [];
  return {
    definitions,
    current: (type) => listOf(type).at(-1)!,
    find: (type, version) => listOf(type).find((d) => d.version === version) ?? null,
    versions: (type) => listOf(type).map((d) => d.version),
  };
}

/** THE registry of the platform's questionnaires. */
// Pure: a bundle that does not grade (the web app) leaves the registry and the scored content out.
export const questionnaireRegistry: QuestionnaireRegistry =
  /* @__PURE__ */ createQuestionnaireRegistry(publishedQuestionnaires);
