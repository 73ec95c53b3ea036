import { isProfessionalInvestor } from '@token/domain/accounts';
import {
  type ProfessionalCriterion,
  professionalCriteria,
  professionalCriterionTexts,
} from '@token/domain/documents';
import { formatDate } from '@token/domain/format';
import type { AnsweredQuestionnaireResource } from '@token/domain/questionnaires';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { appRedirectState } from '../../lib/navigation.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useProfessionalRequests } from './api/get-professional-requests.ts';
import { QuestionnaireStep } from './components/questionnaire-step.tsx';
import { StatusCard } from './components/status-card.tsx';
import { FormSkeleton, LoadFailed, retryFailed, StepActions } from './components/step-parts.tsx';
import { useContinueStep } from './components/use-continue.ts';

/** Where the request with its evidence is made (an account page: it outlives the self-disclosure). */
export const professionalRequestRoute = '/account/professional';

/**
 * The § 67 (6) criteria the investor confirmed in the questionnaire (`criterion_<name>` statements),
 * to fill in the request.
 */
export function statedCriteria(
  answer: Pick<AnsweredQuestionnaireResource, 'answers'>,
): ProfessionalCriterion[] {
  return professionalCriteria.filter((c) => answer.answers[`criterion_${c}`] === true);
}

/** The way to the appropriateness questions instead (the optional questionnaire, answered anew). */
function InsteadLink() {
  const { t } = useTranslation('onboarding');
  return (
    <p>
      <Link
        to="/self-disclosure/adequacy-optional"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        {t('professional.instead')}
      </Link>
    </p>
  );
}

/**
 * /self-disclosure/adequacy-professional (the optional questionnaire's "I am a professional client"):
 * the WpHG § 67 (6) criteria and declarations as a questionnaire (at least two criteria, every
 * declaration); met, it leads to the request with evidence (/account/professional), which an
 * operator decides. While a request is open the page shows its state; once approved, "now
 * classified professional" and the self-disclosure goes on.
 */
export function AdequacyProfessionalPage() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const navigate = useNavigate();
  const record = useCustomerRecord();
  const requests = useProfessionalRequests();
  const { continuing, onContinue } = useContinueStep();

  const queries = [record, requests];
  if (queries.some((q) => q.isError)) return <LoadFailed onRetry={() => retryFailed(queries)} />;
  if (!record.data || !requests.data) return <FormSkeleton panels={[3, 3]} />;
  const latest = requests.data[0] ?? null;

  if (isProfessionalInvestor(record.data.customerRolesAsString)) {
    return (
      <div className="space-y-6">
        <StatusCard tone="success" title={t('professional.status.approved')} testId="professional-status">
          <p>{t('professional.approvedText')}</p>
        </StatusCard>
        <StepActions busy={continuing} onContinue={onContinue} label={t('form.continue')} />
      </div>
    );
  }

  if (latest?.status === 'requested') {
    return (
      <div className="space-y-6">
        <StatusCard tone="waiting" title={t('professional.status.requested')} testId="professional-status">
          <p>{t('professional.requestedText', { date: formatDate(latest.createdAt, { locale }) })}</p>
          {latest.missingEvidence.length > 0 && (
            <p className="font-medium text-amber-800">
              {t('professional.missingEvidence', {
                criteria: latest.missingEvidence
                  .map((c) => professionalCriterionTexts[c][locale].title)
                  .join(', '),
              })}
            </p>
          )}
          <Link
            to={professionalRequestRoute}
            state={appRedirectState}
            className={buttonClasses({ variant: 'outline' })}
          >
            {t('professional.manage')}
          </Link>
          <InsteadLink />
        </StatusCard>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {latest?.status === 'refused' && (
        <StatusCard tone="warning" title={t('professional.status.refused')} testId="professional-closed">
          {latest.reason && (
            <p>
              <span className="font-medium">{t('professional.reason')}</span> {latest.reason}
            </p>
          )}
          <p>{t('professional.again')}</p>
        </StatusCard>
      )}
      <QuestionnaireStep
        type="professional"
        rules={{ minCriteria: 2, requireDeclarations: true }}
        canAcknowledge={false}
        doneLabel={t('professional.toRequest')}
        onDone={async (answer) => {
          const criteria = statedCriteria(answer).join(',');
          await navigate(`${professionalRequestRoute}${criteria ? `?criteria=${criteria}` : ''}`, {
            state: appRedirectState,
          });
        }}
        outcomeExtra={(answer) =>
          answer.warningsShown.length > 0 ? <InsteadLink /> : <p>{t('professional.nextRequest')}</p>
        }
      />
    </div>
  );
}
