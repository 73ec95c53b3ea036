import { errorMessage, violationMessage } from '@token/domain/errors';
import type { QuestionnaireView } from '@token/domain/questionnaires';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldMessages } from '../../../components/ui/form-field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { useUnsavedChanges } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notifications.ts';
import { StepActions } from './step-parts.tsx';

/** Answers by question id: a choice question's option id, a statement's true or false. */
export type QuestionnaireAnswers = Record<string, string | boolean>;

type Question = QuestionnaireView['sections'][number]['questions'][number];

/** What the form requires beyond every choice being answered (spec 5 "Questionnaire must be complete"). */
export type QuestionnaireRules = {
  /** spec 5 "select at least {count} options": the least number of `criterion` statements to confirm. */
  minCriteria?: number;
  /** Every `declaration` statement must be confirmed (a request is only made expressly). */
  requireDeclarations?: boolean;
};

/** The name of the group of criteria in the form's errors (no question has this id). */
const criteriaField = '__criteria';

const questionsOf = (view: QuestionnaireView): Question[] => view.sections.flatMap((s) => s.questions);

/** The form's values for a version: the given answers, else nothing chosen and nothing confirmed. */
export function questionnaireDefaults(
  view: QuestionnaireView,
  answers: QuestionnaireAnswers | null | undefined,
): QuestionnaireAnswers {
  return Object.fromEntries(
    questionsOf(view).map((q) => {
      const given = answers?.[q.id];
      if (q.kind === 'choice') {
        const known = typeof given === 'string' && q.options.some((o) => o.id === given);
        return [q.id, known ? given : ''];
      }
      return [q.id, given === true];
    }),
  );
}

/**
 * Checks the answers before they are sent: every choice answered ('Questionnaire must be complete'),
 * at least `minCriteria` criteria confirmed ('Select at least {count} options'), every declaration
 * confirmed when required. The server grades; it refuses incomplete answers the same way.
 */
export function questionnaireResolver(
  view: QuestionnaireView,
  rules: QuestionnaireRules,
  locale: 'de' | 'en',
): Resolver<QuestionnaireAnswers> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const questions = questionsOf(view);
    for (const q of questions) {
      const value = values[q.id];
      if (q.kind === 'choice' && (typeof value !== 'string' || value === '')) {
        errors[q.id] = {
          type: 'questionnaire_incomplete',
          message: violationMessage('questionnaire_incomplete', locale),
        };
      }
      if (q.kind === 'statement' && q.role === 'declaration' && rules.requireDeclarations && value !== true) {
        errors[q.id] = { type: 'required', message: violationMessage('required', locale) };
      }
    }
    if (rules.minCriteria) {
      const confirmed = questions.filter(
        (q) => q.kind === 'statement' && q.role === 'criterion' && values[q.id] === true,
      ).length;
      if (confirmed < rules.minCriteria) {
        errors[criteriaField] = {
          type: 'select_at_least',
          message: violationMessage('select_at_least', locale, { count: rules.minCriteria }),
        };
      }
    }
    if (Object.keys(errors).length > 0)
      return { values: {}, errors: errors as FieldErrors<QuestionnaireAnswers> };
    // statements not confirmed are answered `false`: the server wants every question answered
    const answers: QuestionnaireAnswers = {};
    for (const q of questions) {
      answers[q.id] = q.kind === 'choice' ? String(values[q.id]) : values[q.id] === true;
    }
    return { values: answers, errors: {} };
  };
}

/**
 * A questionnaire as the API defines it (GET questionnaires/{type}): its sections with their
 * introductions and points, choice questions as radio groups, statements as checkboxes (criteria in
 * one group with its "select at least" rule). `onSubmit` gets every question's answer; a 422 from
 * the server lands on its questions (`answers.<question>`).
 */
export function QuestionnaireForm({
  view,
  defaults,
  rules = {},
  submitLabel,
  onSubmit,
}: {
  view: QuestionnaireView;
  defaults?: QuestionnaireAnswers | null;
  rules?: QuestionnaireRules;
  submitLabel?: string;
  onSubmit: (answers: QuestionnaireAnswers) => Promise<void>;
}) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const criteriaId = useId();
  const { register, handleSubmit, formState, setError } = useForm<QuestionnaireAnswers>({
    resolver: questionnaireResolver(view, rules, locale),
    defaultValues: questionnaireDefaults(view, defaults),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful);

  const submit = handleSubmit(async (answers) => {
    try {
      await onSubmit(answers);
    } catch (err) {
      const onQuestions =
        err instanceof ApiError ? err.violations.filter((v) => v.propertyPath.startsWith('answers.')) : [];
      for (const v of onQuestions) {
        setError(v.propertyPath.slice('answers.'.length), { type: v.code, message: v.message });
      }
      if (onQuestions.length === 0) notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  });

  const errors = formState.errors;
  const incomplete = Object.values(errors).some((e) => e?.type === 'questionnaire_incomplete');
  const criteriaError = errors[criteriaField]?.message;

  const renderQuestion = (q: Question) => {
    const error = errors[q.id]?.message;
    if (q.kind === 'choice') {
      return (
        <RadioGroup
          key={q.id}
          label={q.text}
          hint={q.hint ?? undefined}
          error={error}
          required
          options={q.options.map((o) => ({ value: o.id, label: o.text }))}
          {...register(q.id)}
        />
      );
    }
    return (
      <Checkbox
        key={q.id}
        label={q.text}
        hint={q.hint ?? undefined}
        error={error}
        required={q.role === 'declaration' && rules.requireDeclarations}
        {...register(q.id)}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={view.title}>
      <div className="max-w-2xl space-y-2">
        <p className="text-slate-700">{view.intro}</p>
        <p className="text-xs text-slate-600">
          {t('questionnaire.basis', { basis: view.legalBasis, version: view.version })}
        </p>
      </div>
      {view.sections.map((section) => {
        const criteria = section.questions.filter((q) => q.kind === 'statement' && q.role === 'criterion');
        const others = section.questions.filter((q) => !(q.kind === 'statement' && q.role === 'criterion'));
        return (
          <section
            key={section.id}
            aria-labelledby={`section-${section.id}`}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id={`section-${section.id}`} className="text-lg font-semibold text-brand-900">
              {section.title}
            </h2>
            {section.intro && <p className="mt-1 text-sm text-slate-700">{section.intro}</p>}
            {section.points.length > 0 && (
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
                {section.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            <div className="mt-5 space-y-6">
              {criteria.length > 0 && (
                <fieldset
                  aria-describedby={criteriaError ? `${criteriaId}-error` : `${criteriaId}-hint`}
                  className="space-y-3"
                >
                  <legend className="text-sm font-medium text-slate-800">
                    {t('questionnaire.criteria')}
                  </legend>
                  {criteria.map(renderQuestion)}
                  <FieldMessages
                    id={criteriaId}
                    hint={
                      rules.minCriteria
                        ? t('questionnaire.criteriaHint', { count: rules.minCriteria })
                        : undefined
                    }
                    error={criteriaError}
                  />
                </fieldset>
              )}
              {others.map(renderQuestion)}
            </div>
          </section>
        );
      })}
      {incomplete && (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {errorMessage('questionnaire_incomplete', locale)}
        </p>
      )}
      <StepActions busy={formState.isSubmitting} label={submitLabel} />
    </form>
  );
}
