import type {
  AnsweredQuestionnaireResource,
  QuestionnaireType,
  QuestionnaireView,
} from '@token/domain/questionnaires';
import { type ReactNode, useState } from 'react';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useAcknowledgeWarnings } from '../api/acknowledge-warnings.ts';
import { useAnswerQuestionnaire } from '../api/answer-questionnaire.ts';
import { useAnsweredQuestionnaires } from '../api/get-answered-questionnaires.ts';
import { useQuestionnaire } from '../api/get-questionnaire.ts';
import { QuestionnaireForm, type QuestionnaireRules } from './questionnaire-form.tsx';
import { isSettled, QuestionnaireOutcome } from './questionnaire-outcome.tsx';
import { FormSkeleton, LoadFailed, retryFailed, StepActions } from './step-parts.tsx';

/** The customer's current answer of a type (the list holds one per type, newest first). */
export function currentAnswer(
  answers: readonly AnsweredQuestionnaireResource[] | undefined,
  type: QuestionnaireType,
): AnsweredQuestionnaireResource | null {
  return answers?.find((a) => a.type === type) ?? null;
}

/** Brings the step's top into view: a graded answer replaces a long form with its short outcome. */
export function scrollToStepTop(): void {
  if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
}

/**
 * Runs `action` and reports a failure in the notification bar; resolves when done. Used by the
 * questionnaire steps' buttons, whose failures have no field to show on.
 */
export function useReported() {
  const locale = useLocale();
  return async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  };
}

/**
 * One questionnaire of the self-disclosure (GET questionnaires/{type}): the form while it is not
 * answered (or being changed), then what the server's grading gave. An answer without a warning
 * moves on at once (`onDone`); a warning waits for "acknowledge and proceed" (PATCH
 * answered-questionnaires/{id}). Coming back to an answered questionnaire shows its outcome.
 */
export function QuestionnaireStep({
  type,
  rules,
  submitLabel,
  doneLabel,
  onDone,
  outcomeExtra,
  heading,
  canAcknowledge = true,
  initiallyEditing = false,
}: {
  type: QuestionnaireType;
  rules?: QuestionnaireRules;
  submitLabel?: string;
  doneLabel?: string;
  /** Where the step goes once the answer is settled (continue the onboarding, or the next survey). */
  onDone: (answer: AnsweredQuestionnaireResource) => Promise<unknown>;
  /** More under the outcome (e.g. the professional page's next step). */
  outcomeExtra?: (answer: AnsweredQuestionnaireResource, view: QuestionnaireView) => ReactNode;
  heading?: string;
  /**
   * Whether a warning may be acknowledged to go on. Not where acknowledging leads nowhere: risk
   * statements not all confirmed, criteria not met; the answers are changed instead.
   */
  canAcknowledge?: boolean;
  /** Open the form even though an answer exists (changing it). */
  initiallyEditing?: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const definition = useQuestionnaire(type);
  const answers = useAnsweredQuestionnaires();
  const answerQuestionnaire = useAnswerQuestionnaire();
  const acknowledge = useAcknowledgeWarnings();
  const reported = useReported();
  const [editing, setEditing] = useState(initiallyEditing);
  // the answer just given, shown at once while the list is fetched again
  const [saved, setSaved] = useState<AnsweredQuestionnaireResource | null>(null);
  const [moving, setMoving] = useState(false);

  const queries = [definition, answers];
  if (queries.some((q) => q.isError)) return <LoadFailed onRetry={() => retryFailed(queries)} />;
  if (!definition.data || !answers.data) return <FormSkeleton panels={[4, 3]} />;
  const view = definition.data;
  const stored = currentAnswer(answers.data, type);
  const answer = saved && (!stored || stored.id <= saved.id) ? saved : stored;

  const done = (a: AnsweredQuestionnaireResource) =>
    reported(async () => {
      setMoving(true);
      try {
        await onDone(a);
      } finally {
        setMoving(false);
      }
    });

  if (!answer || editing) {
    return (
      <QuestionnaireForm
        key={answer?.id ?? 'new'}
        view={view}
        defaults={answer?.answers}
        rules={rules}
        submitLabel={submitLabel}
        onSubmit={async (given) => {
          const result = await answerQuestionnaire.mutateAsync({ type, answers: given });
          setSaved(result);
          setEditing(false);
          if (isSettled(result)) await done(result);
          else scrollToStepTop();
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <QuestionnaireOutcome
        view={view}
        answer={answer}
        heading={heading}
        acknowledging={acknowledge.isPending}
        onAcknowledge={
          canAcknowledge
            ? () =>
                void reported(async () => {
                  const updated = await acknowledge.mutateAsync(answer.id);
                  setSaved(updated);
                  await done(updated);
                })
            : undefined
        }
        onRevise={() => {
          setEditing(true);
          scrollToStepTop();
        }}
      >
        {outcomeExtra?.(answer, view)}
      </QuestionnaireOutcome>
      {isSettled(answer) && (
        <StepActions
          busy={moving}
          onContinue={() => void done(answer)}
          label={doneLabel ?? t('form.continue')}
        />
      )}
    </div>
  );
}
