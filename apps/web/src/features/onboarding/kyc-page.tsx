import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@token/domain/errors';
import { formatDateTime } from '@token/domain/format';
import type { IdentificationView, KycDisplay } from '@token/domain/identification';
import { ExternalLink, RefreshCw, ScanFace } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { accountKeys } from '../../lib/customer.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { latestIdentificationQuery } from '../../lib/identification.ts';
import { appRedirectState } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord, useSessionState } from '../../lib/session.tsx';
import { useStartIdentification } from './api/start-identification.ts';
import { StatusCard, type StatusTone } from './components/status-card.tsx';
import { FormSkeleton, LoadFailed, Panel, StepActions } from './components/step-parts.tsx';
import { useContinueStep } from './components/use-continue.ts';

/** The personal data an identification needs (the API's `onboarding_step_missing` names them). */
const personalFields: Record<string, string> = {
  firstName: 'fields.firstName',
  lastName: 'fields.lastName',
  birthDate: 'fields.birthDate',
  nationality: 'fields.nationality',
  mobileNumber: 'fields.mobileNumber',
  defaultAddress: 'fields.street',
};

const toneOf: Record<KycDisplay, StatusTone> = {
  start: 'info',
  in_progress: 'waiting',
  under_review: 'waiting',
  not_confirmed: 'warning',
  passed: 'success',
};

/**
 * How often the page asks for the identification again while the partner has not decided: every few
 * seconds while the person identifies (the sandbox decides seconds after its buttons), once a minute
 * while a reviewer looks (24 to 48 hours); not at all once decided or before a start (issue 15: the
 * page said "Identifizierung begonnen" after the decision until the user navigated).
 */
function identificationPollInterval(latest: IdentificationView | null | undefined): number | false {
  if (!latest) return false;
  if (latest.state === 'init' || latest.display.display === 'in_progress') return 5_000;
  if (latest.display.display === 'under_review') return 60_000;
  return false;
}

/** spec 4 display: the contact option where the display offers it (the page's own move, nothing is lost). */
function ContactOption() {
  const { t } = useTranslation('onboarding');
  return (
    <p>
      {t('kyc.contactText')}{' '}
      <Link
        to="/contact"
        state={appRedirectState}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        {t('kyc.contact')}
      </Link>
    </p>
  );
}

/** The partner's page of a started identification, in a new tab (this one keeps the status). */
function ContinueLink({ url }: { url: string }) {
  const { t } = useTranslation('onboarding');
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}
    >
      <ExternalLink className="size-4" aria-hidden="true" />
      {t('kyc.continue')}
      <span className="sr-only"> ({t('common:common.newWindow')})</span>
    </a>
  );
}

function KycContent({ latest, passedCached }: { latest: IdentificationView | null; passedCached: boolean }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const uuid = useSessionState()?.uuid ?? '';
  const start = useStartIdentification();
  const { continuing, onContinue } = useContinueStep();
  const [missing, setMissing] = useState<string[] | null>(null);
  const [checking, setChecking] = useState(false);

  // spec 4: passed is cached once reached (decision 009: until that identification is finally rejected)
  const display: KycDisplay = passedCached ? 'passed' : (latest?.display.display ?? 'start');
  const started = display === 'start' && latest?.state === 'init';

  const onStart = async () => {
    setMissing(null);
    try {
      const identification = await start.mutateAsync();
      // the partner's page opens beside this one; the link below stays should the browser block it
      window.open(identification.urlKycStart, '_blank', 'noopener,noreferrer');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'onboarding_step_missing') {
        setMissing(err.violations.map((v) => v.propertyPath));
        return;
      }
      if (
        err instanceof ApiError &&
        (err.code === 'identification_in_progress' || err.code === 'identification_passed')
      ) {
        await queryClient.invalidateQueries({ queryKey: latestIdentificationQuery(uuid).queryKey });
        notify('info', errorMessageOf(err, locale));
        return;
      }
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  };

  const onCheck = async () => {
    setChecking(true);
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: latestIdentificationQuery(uuid).queryKey }),
        queryClient.refetchQueries({ queryKey: accountKeys.customer(uuid) }),
      ]);
    } finally {
      setChecking(false);
    }
  };

  // a decision seen by polling also changes the customer (kycPassed, the onboarding step)
  const waitedFor = useRef(identificationPollInterval(latest) !== false);
  useEffect(() => {
    const pending = identificationPollInterval(latest) !== false;
    if (waitedFor.current && !pending)
      void queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) });
    waitedFor.current = pending;
  }, [latest, queryClient, uuid]);

  const since = latest ? formatDateTime(latest.decidedAt ?? latest.createdAt, { locale }) : null;
  const title = started ? t('kyc.display.started') : t(`kyc.display.${display}`);
  const waiting = display === 'in_progress' || display === 'under_review';

  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-slate-700">{t('kyc.intro')}</p>
      <StatusCard tone={toneOf[display]} title={title} live testId="kyc-status">
        <p>{started ? t('kyc.text.started') : t(`kyc.text.${display}`)}</p>
        {waiting && <p>{t('kyc.reviewTime')}</p>}
        {latest?.display.contact && display !== 'passed' && <ContactOption />}
        {since && display !== 'start' && (
          <p className="text-xs text-slate-600">{t('kyc.since', { date: since })}</p>
        )}
        {waiting && (
          <Button
            variant="outline"
            size="sm"
            onClick={onCheck}
            disabled={checking}
            aria-busy={checking || undefined}
          >
            <RefreshCw className={`size-4 ${checking ? 'animate-spin' : ''}`} aria-hidden="true" />
            {t('kyc.check')}
          </Button>
        )}
      </StatusCard>

      {(display === 'start' || display === 'not_confirmed') && (
        <Panel title={t('kyc.howTitle')}>
          <div className="flex gap-3 text-sm text-slate-700">
            <ScanFace className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden="true" />
            <ul className="list-disc space-y-1.5 pl-5">
              <li>{t('kyc.how.document')}</li>
              <li>{t('kyc.how.device')}</li>
              <li>{t('kyc.how.duration')}</li>
            </ul>
          </div>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
            {started && latest ? (
              <ContinueLink url={latest.urlKycStart} />
            ) : (
              <Button
                size="lg"
                className="w-full sm:w-auto"
                onClick={onStart}
                disabled={start.isPending}
                aria-busy={start.isPending || undefined}
              >
                {start.isPending
                  ? t('kyc.starting')
                  : display === 'not_confirmed'
                    ? t('kyc.restart')
                    : t('kyc.start')}
              </Button>
            )}
          </div>
        </Panel>
      )}

      {missing && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{errorMessage('onboarding_step_missing', locale)}</p>
          {missing.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {missing.map((f) => (
                <li key={f}>{personalFields[f] ? t(personalFields[f]) : f}</li>
              ))}
            </ul>
          )}
          <Link
            to="/self-disclosure/personal"
            className="mt-2 inline-block font-medium underline underline-offset-2"
          >
            {t('kyc.completePersonal')}
          </Link>
        </div>
      )}

      {display === 'passed' && (
        <StepActions busy={continuing} onContinue={onContinue} label={t('form.continue')} />
      )}
    </div>
  );
}

/**
 * /self-disclosure/kyc: the identification with the partner (spec 4). Starts it (POST
 * identification/start, the partner's page `urlKycStart` opens in a new tab) and shows the latest
 * identification's state with the spec 4 display texts: check in progress and identity not
 * confirmed with the contact option, under review, passed; a review takes about 24 or 48 hours.
 * The state is fetched again whenever the customer returns to the tab, and polled while undecided.
 */
export function KycPage() {
  const record = useCustomerRecord();
  const uuid = useSessionState()?.uuid ?? '';
  const latest = useQuery({
    ...latestIdentificationQuery(uuid),
    refetchOnWindowFocus: true,
    refetchInterval: (query) => identificationPollInterval(query.state.data),
  });
  if (record.isError || latest.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          if (record.isError) void record.refetch();
          if (latest.isError) void latest.refetch();
        }}
      />
    );
  }
  if (!record.data || latest.isPending) return <FormSkeleton panels={[2, 3]} />;
  return <KycContent latest={latest.data} passedCached={record.data.kycPassed} />;
}
