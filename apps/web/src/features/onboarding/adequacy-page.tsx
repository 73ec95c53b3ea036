import type { AnsweredQuestionnaireResource } from '@token/domain/questionnaires';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useAcknowledgeWarnings } from './api/acknowledge-warnings.ts';
import { useAnsweredQuestionnaires } from './api/get-answered-questionnaires.ts';
import { useQuestionnaire } from './api/get-questionnaire.ts';
import { isSettled, QuestionnaireOutcome } from './components/questionnaire-outcome.tsx';
import {
  currentAnswer,
  QuestionnaireStep,
  scrollToStepTop,
  useReported,
} from './components/questionnaire-step.tsx';
import { FormSkeleton, LoadFailed, retryFailed, StepActions } from './components/step-parts.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';

/** The two WpHG § 63 (10) surveys of the step, in the order they are asked. */
const surveys = ['wphg_bonds', 'wphg_crypto'] as const;
type Survey = (typeof surveys)[number];

/**
 * /self-disclosure/adequacy: the two appropriateness surveys (bonds and subordinated bonds; crypto
 * securities), one after the other. Each is graded by the server: appropriate (above 7 points), or
 * the standardised warning the investor acknowledges to proceed. Coming back shows both outcomes,
 * each of which can be answered again.
 */
export function AdequacyPage() {
  const { t } = useTranslation('onboarding');
  const { pathname } = useLocation();
  const bondsView = useQuestionnaire('wphg_bonds');
  const cryptoView = useQuestionnaire('wphg_crypto');
  const answers = useAnsweredQuestionnaires();
  const acknowledge = useAcknowledgeWarnings();
  const continueOnboarding = useContinueOnboarding();
  const reported = useReported();
  // null: the outcomes of both; a survey: that survey's form or outcome; undefined: by the answers
  const [active, setActive] = useState<{ survey: Survey; editing: boolean } | null | undefined>(undefined);
  const [acknowledged, setAcknowledged] = useState<Record<number, AnsweredQuestionnaireResource>>({});
  const [moving, setMoving] = useState(false);

  // the survey open when the page's data arrived stays open (its outcome must not give way to the
  // next survey when the answers are fetched again after saving)
  const loadedList = answers.data;
  useEffect(() => {
    if (active !== undefined || !loadedList) return;
    const open = surveys.find((s) => !currentAnswer(loadedList, s));
    setActive(open ? { survey: open, editing: false } : null);
  }, [active, loadedList]);

  const queries = [bondsView, cryptoView, answers];
  if (queries.some((q) => q.isError)) return <LoadFailed onRetry={() => retryFailed(queries)} />;
  if (!bondsView.data || !cryptoView.data || !answers.data) return <FormSkeleton panels={[4, 4]} />;

  const answerOf = (s: Survey) => {
    const a = currentAnswer(answers.data, s);
    return a ? (acknowledged[a.id] ?? a) : null;
  };
  const firstOpen = surveys.find((s) => !answerOf(s)) ?? null;
  const shown = active === undefined ? (firstOpen ? { survey: firstOpen, editing: false } : null) : active;

  const goOn = () =>
    reported(async () => {
      setMoving(true);
      try {
        await continueOnboarding({ from: pathname, quietWhenStaying: true });
      } finally {
        setMoving(false);
      }
    });

  if (shown) {
    const index = surveys.indexOf(shown.survey);
    const view = shown.survey === 'wphg_bonds' ? bondsView.data : cryptoView.data;
    return (
      <div className="space-y-4">
        <p className="text-sm font-medium text-accent-700">
          {t('adequacy.part', { current: index + 1, total: surveys.length, title: view.title })}
        </p>
        <QuestionnaireStep
          key={`${shown.survey}-${shown.editing}`}
          type={shown.survey}
          initiallyEditing={shown.editing}
          submitLabel={index < surveys.length - 1 ? t('adequacy.nextSurvey') : undefined}
          onDone={async () => {
            // the other survey still open: it comes next; both answered: on to the server's next step
            const other = surveys.find((s) => s !== shown.survey && !answerOf(s));
            if (other) {
              setActive({ survey: other, editing: false });
              scrollToStepTop();
            } else {
              setActive(null);
              await continueOnboarding({ from: pathname, quietWhenStaying: true });
            }
          }}
        />
      </div>
    );
  }

  // every survey is answered here (an open one is shown above)
  const both = surveys.flatMap((s) => {
    const answer = answerOf(s);
    return answer ? [{ survey: s, answer }] : [];
  });
  const settled = both.every((b) => isSettled(b.answer));
  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-slate-700">{t('adequacy.summary')}</p>
      {both.map(({ survey, answer }) => (
        <QuestionnaireOutcome
          key={survey}
          view={survey === 'wphg_bonds' ? bondsView.data : cryptoView.data}
          answer={answer}
          heading={(survey === 'wphg_bonds' ? bondsView.data : cryptoView.data).title}
          acknowledging={acknowledge.isPending && acknowledge.variables === answer.id}
          onAcknowledge={() =>
            void reported(async () => {
              const updated = await acknowledge.mutateAsync(answer.id);
              setAcknowledged((m) => ({ ...m, [updated.id]: updated }));
            })
          }
          onRevise={() => {
            setActive({ survey, editing: true });
            scrollToStepTop();
          }}
        />
      ))}
      <StepActions
        busy={moving}
        disabled={!settled}
        onContinue={() => void goOn()}
        label={t('form.continue')}
      />
    </div>
  );
}
