import { isProfessionalInvestor } from '@token/domain/accounts';
import {
  maxEvidenceFilesPerCriterion,
  type ProfessionalCriterion,
  type ProfessionalRequestResource,
  professionalConsequencesNotice,
  professionalCriteria,
  professionalCriterionTexts,
  professionalRequestInputSchema,
} from '@token/domain/documents';
import { violationCodeOf, violationMessage, violationParamsOf } from '@token/domain/errors';
import { formatDate, formatDateTime } from '@token/domain/format';
import { Download, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { FieldMessages } from '../../components/ui/form-field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { formatBytes } from '../../lib/upload.ts';
import { useCreateProfessionalRequest } from './api/create-professional-request.ts';
import { useDeleteProfessionalEvidence } from './api/delete-professional-evidence.ts';
import { downloadFile } from './api/download-file.ts';
import { useProfessionalRequests } from './api/get-professional-requests.ts';
import { useWithdrawProfessionalRequest } from './api/withdraw-professional-request.ts';
import { EvidenceUpload } from './components/evidence-upload.tsx';
import { StatusCard } from './components/status-card.tsx';
import { FormSkeleton, LoadFailed, Panel, retryFailed } from './components/step-parts.tsx';

/** The request form: each criterion stated or not with its explanation, and the notice confirmed. */
type RequestFormValues = Record<ProfessionalCriterion, { stated: boolean; explanation: string }> & {
  consequencesAcknowledged: boolean;
};

/** The name of the criteria group in the form's errors ("at least two"). */
const criteriaField = 'criteria' as const;

/** The body of POST professional-requests from the form: the stated criteria, in the law's order. */
function requestInputOf(v: RequestFormValues) {
  return {
    criteria: professionalCriteria
      .filter((c) => v[c].stated)
      .map((c) => ({ criterion: c, explanation: v[c].explanation })),
    consequencesAcknowledged: v.consequencesAcknowledged,
  };
}

/** A violation of the request's body as the form's field: `criteria.1.explanation` -> `portfolio.explanation`. */
function formFieldOf(path: readonly PropertyKey[], input: ReturnType<typeof requestInputOf>): string {
  if (path[0] === 'criteria' && typeof path[1] === 'number' && path[2] === 'explanation') {
    const criterion = input.criteria[path[1]]?.criterion;
    if (criterion) return `${criterion}.explanation`;
  }
  if (path[0] === 'consequencesAcknowledged') return 'consequencesAcknowledged';
  return criteriaField;
}

/**
 * Checks the form with the domain's schema of POST professional-requests (at least two criteria,
 * each explained, the notice confirmed), wording each violation in the visitor's language.
 */
function requestResolver(locale: 'de' | 'en'): Resolver<RequestFormValues> {
  return async (values) => {
    const input = requestInputOf(values);
    const parsed = professionalRequestInputSchema.safeParse(input, { reportInput: true });
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path, input);
      const message = violationMessage(violationCodeOf(issue), locale, violationParamsOf(issue));
      const [head, tail] = field.split('.') as [string, string | undefined];
      if (tail) {
        const group = (errors[head] ?? {}) as Record<string, unknown>;
        group[tail] ??= { type: issue.code, message };
        errors[head] = group;
      } else {
        errors[head] ??= { type: issue.code, message };
      }
    }
    return { values: {}, errors: errors as FieldErrors<RequestFormValues> };
  };
}

/** The criteria stated on the adequacy-professional page, passed along as `?criteria=`. */
function criteriaFromQuery(value: string | null): ProfessionalCriterion[] {
  const named = (value ?? '').split(',');
  return professionalCriteria.filter((c) => named.includes(c));
}

function RequestForm({ prefilled }: { prefilled: readonly ProfessionalCriterion[] }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const create = useCreateProfessionalRequest();
  const notice = professionalConsequencesNotice[locale];
  const defaults = Object.fromEntries(
    professionalCriteria.map((c) => [c, { stated: prefilled.includes(c), explanation: '' }]),
  ) as Record<ProfessionalCriterion, { stated: boolean; explanation: string }>;
  const { register, handleSubmit, formState, watch, setError } = useForm<RequestFormValues>({
    resolver: requestResolver(locale),
    defaultValues: { ...defaults, consequencesAcknowledged: false },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful);

  const onSubmit = handleSubmit(async (values) => {
    const input = requestInputOf(values);
    try {
      await create.mutateAsync(input);
      notify('success', t('professional.sent'));
    } catch (err) {
      const violations = err instanceof ApiError ? err.violations : [];
      for (const v of violations) {
        const path = v.propertyPath.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
        setError(formFieldOf(path, input) as keyof RequestFormValues, { type: v.code, message: v.message });
      }
      if (violations.length === 0) notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  });

  const errors = formState.errors;
  const criteriaError = (errors as Record<string, { message?: string } | undefined>)[criteriaField]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('professional.formTitle')}>
      <Panel title={t('professional.criteriaTitle')} description={t('professional.criteriaIntro')}>
        <fieldset aria-describedby={criteriaError ? 'criteria-error' : 'criteria-hint'} className="space-y-5">
          <legend className="sr-only">{t('professional.criteriaTitle')}</legend>
          {professionalCriteria.map((c) => {
            const text = professionalCriterionTexts[c][locale];
            const stated = watch(`${c}.stated`);
            return (
              <div key={c} className="rounded-lg border border-slate-200 p-4">
                <Checkbox
                  label={<span className="font-medium text-brand-900">{text.title}</span>}
                  hint={text.statement}
                  {...register(`${c}.stated`)}
                />
                {stated && (
                  <Textarea
                    label={t('professional.explanation')}
                    hint={`${t('professional.explanationHint')} ${text.evidence}`}
                    error={errors[c]?.explanation?.message}
                    required
                    rows={3}
                    className="mt-3"
                    {...register(`${c}.explanation`)}
                  />
                )}
              </div>
            );
          })}
          <FieldMessages id="criteria" hint={t('professional.criteriaHint')} error={criteriaError} />
        </fieldset>
      </Panel>
      <Panel title={notice.title}>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          {notice.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <Checkbox
          label={notice.confirmation}
          error={errors.consequencesAcknowledged?.message}
          required
          className="mt-4"
          {...register('consequencesAcknowledged')}
        />
      </Panel>
      <div className="flex justify-end border-t border-slate-200 pt-6">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('form.saving') : t('professional.submit')}
        </Button>
      </div>
    </form>
  );
}

function EvidenceRow({
  request,
  evidence,
}: {
  request: ProfessionalRequestResource;
  evidence: ProfessionalRequestResource['evidence'][number];
}) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const confirm = useConfirm();
  const remove = useDeleteProfessionalEvidence();
  const [downloading, setDownloading] = useState(false);
  const name = evidence.file.name;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center">
      <FileText className="hidden size-5 shrink-0 text-brand-600 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={name}>
          {name}
        </p>
        <p className="text-xs text-slate-600">{formatBytes(evidence.file.size, locale)}</p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadFile(evidence.downloadUrl, name);
            } catch (err) {
              notify('error', errorMessageOf(err, locale), errorDetailOf(err));
            } finally {
              setDownloading(false);
            }
          }}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('documents.download')}
          <span className="sr-only">: {name}</span>
        </Button>
        {request.status === 'requested' && (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={async () => {
              const ok = await confirm({
                title: t('documents.removeTitle'),
                message: t('documents.removeText', { name }),
                confirmLabel: t('persons.remove'),
                cancelLabel: t('form.cancel'),
                destructive: true,
              });
              if (!ok) return;
              try {
                await remove.mutateAsync({ requestId: request.id, fileUuid: evidence.file.uuid });
                notify('success', t('documents.removed', { name }));
              } catch (err) {
                notify('error', errorMessageOf(err, locale), errorDetailOf(err));
              }
            }}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('persons.remove')}
            <span className="sr-only">: {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** An open request: its criteria with their evidence (upload, remove), what is missing, withdraw. */
function OpenRequest({ request }: { request: ProfessionalRequestResource }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const confirm = useConfirm();
  const withdraw = useWithdrawProfessionalRequest();
  const missing = request.missingEvidence;

  const onWithdraw = async () => {
    const ok = await confirm({
      title: t('professional.withdrawTitle'),
      message: t('professional.withdrawText'),
      confirmLabel: t('professional.withdraw'),
      cancelLabel: t('form.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await withdraw.mutateAsync(request.id);
      notify('success', t('professional.withdrawn'));
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  };

  return (
    <div className="space-y-6">
      <StatusCard tone="waiting" title={t('professional.status.requested')} testId="professional-status">
        <p>{t('professional.requestedText', { date: formatDate(request.createdAt, { locale }) })}</p>
        {missing.length > 0 ? (
          <p className="font-medium text-amber-800">
            {t('professional.missingEvidence', {
              criteria: missing.map((c) => professionalCriterionTexts[c][locale].title).join(', '),
            })}
          </p>
        ) : (
          <p>{t('professional.evidenceComplete')}</p>
        )}
      </StatusCard>
      {request.criteria.map(({ criterion, explanation }) => {
        const text = professionalCriterionTexts[criterion][locale];
        const files = request.evidence.filter((e) => e.criterion === criterion);
        return (
          <Panel key={criterion} title={text.title} description={text.statement}>
            <div className="space-y-4">
              <div>
                <p className="text-xs font-medium text-slate-600">{t('professional.explanation')}</p>
                <p className="mt-0.5 text-sm whitespace-pre-line text-slate-800">{explanation}</p>
              </div>
              {files.length > 0 && (
                <ul
                  className="space-y-2"
                  aria-label={t('professional.evidenceOf', { criterion: text.title })}
                >
                  {files.map((e) => (
                    <EvidenceRow key={e.file.uuid} request={request} evidence={e} />
                  ))}
                </ul>
              )}
              <p className="text-xs text-slate-600">{text.evidence}</p>
              {files.length < maxEvidenceFilesPerCriterion ? (
                <EvidenceUpload requestId={request.id} criterion={criterion} label={text.title} />
              ) : (
                <p className="text-sm text-slate-600">{t('professional.evidenceLimit')}</p>
              )}
            </div>
          </Panel>
        );
      })}
      <div className="border-t border-slate-200 pt-6">
        <Button variant="outline" onClick={onWithdraw} disabled={withdraw.isPending}>
          {t('professional.withdraw')}
        </Button>
      </div>
    </div>
  );
}

/** The last decision on a request that is closed (refused with the reason, or withdrawn). */
function ClosedRequest({ request }: { request: ProfessionalRequestResource }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  if (request.status !== 'refused' && request.status !== 'withdrawn') return null;
  return (
    <StatusCard
      tone="warning"
      title={t(`professional.status.${request.status}`)}
      testId="professional-closed"
    >
      {request.decidedAt && (
        <p>{t('professional.decidedAt', { date: formatDateTime(request.decidedAt, { locale }) })}</p>
      )}
      {request.reason && (
        <p>
          <span className="font-medium">{t('professional.reason')}</span> {request.reason}
        </p>
      )}
      <p>{t('professional.again')}</p>
    </StatusCard>
  );
}

/**
 * /account/professional: the request to be classified as a professional client (WpHG § 67 (6)).
 * Without an open request: the three criteria (at least two, each explained) and the notice on the
 * protections lost, confirmed (POST professional-requests). An open request: the evidence per
 * criterion (PDF uploads with progress), what is still missing, withdraw. Once an operator approved:
 * "now classified professional".
 */
export function ProfessionalRequestPage() {
  const { t } = useTranslation('onboarding');
  const record = useCustomerRecord();
  const requests = useProfessionalRequests();
  const [params] = useSearchParams();
  const queries = [record, requests];

  let content: React.ReactNode;
  if (queries.some((q) => q.isError)) content = <LoadFailed onRetry={() => retryFailed(queries)} />;
  else if (!record.data || !requests.data) content = <FormSkeleton panels={[3, 2]} />;
  else {
    const latest = requests.data[0] ?? null;
    if (isProfessionalInvestor(record.data.customerRolesAsString)) {
      content = (
        <StatusCard tone="success" title={t('professional.status.approved')} testId="professional-status">
          <p>{t('professional.approvedText')}</p>
          <Link to="/self-disclosure" className={buttonClasses({ variant: 'outline' })}>
            {t('professional.toSelfDisclosure')}
          </Link>
        </StatusCard>
      );
    } else if (latest?.status === 'requested') {
      content = <OpenRequest request={latest} />;
    } else {
      content = (
        <div className="space-y-6">
          {latest && <ClosedRequest request={latest} />}
          <RequestForm prefilled={criteriaFromQuery(params.get('criteria'))} />
        </div>
      );
    }
  }
  return (
    <AccountPageShell
      title={t('professional.title')}
      intro={t('professional.intro')}
      backLabel={t('account:account.back')}
    >
      {content}
    </AccountPageShell>
  );
}
