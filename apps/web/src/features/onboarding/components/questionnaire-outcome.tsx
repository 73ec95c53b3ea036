import { formatDateTime } from '@token/domain/format';
import type { AnsweredQuestionnaireResource, QuestionnaireView } from '@token/domain/questionnaires';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { StatusCard } from './status-card.tsx';

/** Whether an answer lets the investor go on: no warning, or the warning was acknowledged. */
export function isSettled(
  answer: Pick<AnsweredQuestionnaireResource, 'warningsShown' | 'warningsAcknowledged'>,
) {
  return answer.warningsShown.length === 0 || answer.warningsAcknowledged;
}

/**
 * What an answered questionnaire gave (the server graded it): the result, or each warning in the
 * version's own words (the standardised warning, "cannot be judged", …). A warning not yet
 * acknowledged offers "acknowledge and proceed" (WpHG § 63 (10): the investor may go on; the choice
 * is recorded); the answers can always be changed.
 */
export function QuestionnaireOutcome({
  view,
  answer,
  heading,
  onAcknowledge,
  acknowledging,
  onRevise,
  children,
}: {
  view: QuestionnaireView;
  answer: AnsweredQuestionnaireResource;
  /** The questionnaire's name above the outcome when a page shows more than one. */
  heading?: string;
  onAcknowledge?: () => void;
  acknowledging?: boolean;
  onRevise?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const warnings = answer.warningsShown.map(
    (key) =>
      view.warnings.find((w) => w.key === key) ?? {
        key,
        title: t('questionnaire.warningTitle'),
        text: t('questionnaire.warningText'),
      },
  );
  const revise = onRevise && (
    <Button variant="ghost" size="sm" onClick={onRevise} className="self-start sm:-ml-3">
      <Pencil className="size-4" aria-hidden="true" />
      {t('questionnaire.revise')}
    </Button>
  );
  const answeredAt = formatDateTime(answer.createdAt, { locale });

  const [firstWarning] = warnings;
  if (!firstWarning) {
    return (
      <StatusCard
        tone="success"
        title={heading ?? t(`questionnaire.result.${answer.result}.title`)}
        testId={`outcome-${answer.type}`}
      >
        {heading && <p className="font-medium">{t(`questionnaire.result.${answer.result}.title`)}</p>}
        <p>{t(`questionnaire.result.${answer.result}.text`)}</p>
        <p className="text-xs text-slate-600">{t('questionnaire.answeredAt', { date: answeredAt })}</p>
        {children}
        {revise}
      </StatusCard>
    );
  }

  return (
    <StatusCard tone="warning" title={heading ?? firstWarning.title} testId={`outcome-${answer.type}`}>
      {warnings.map((w, i) => (
        <div key={w.key} className="space-y-1">
          {(heading || i > 0) && <p className="font-semibold text-brand-900">{w.title}</p>}
          <p>{w.text}</p>
        </div>
      ))}
      <p className="text-xs text-slate-600">
        {answer.warningsAcknowledged && answer.warningsAcknowledgedAt
          ? t('questionnaire.acknowledgedAt', {
              date: formatDateTime(answer.warningsAcknowledgedAt, { locale }),
            })
          : t('questionnaire.answeredAt', { date: answeredAt })}
      </p>
      {children}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {!answer.warningsAcknowledged && onAcknowledge && (
          <Button onClick={onAcknowledge} disabled={acknowledging} aria-busy={acknowledging || undefined}>
            {acknowledging ? t('form.saving') : t('questionnaire.acknowledge')}
          </Button>
        )}
        {revise}
      </div>
    </StatusCard>
  );
}
