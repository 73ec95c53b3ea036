import type { CustomerFile, ReviewedProfessionalRequest } from '@token/domain/compliance';
import { errorMessage, isErrorCode } from '@token/domain/errors';
import { formatDate, formatDateTime, formatPercent } from '@token/domain/format';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { useCountryNames } from '../api/get-countries.ts';
import { Badge } from './badge.tsx';
import type { DecisionKind } from './decision-dialog.tsx';
import { Json, Section } from './file-section.tsx';
import { kycTone, statusTone, useAdminLabels } from './labels.ts';
import { OpenFileButton } from './open-file-button.tsx';

/* The customer file's review panels: the status with the decisions, and what the review judges
   (beneficial owners, documents, identifications, questionnaires, professional requests). */

/** The decision buttons: those the customer's status allows, the others disabled with the reason. */
function DecisionButtons({ file, onDecide }: { file: CustomerFile; onDecide: (kind: DecisionKind) => void }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <div className="flex flex-wrap gap-2">
      {file.decisions.map(({ decision, blocker }) => {
        const why = blocker && isErrorCode(blocker) ? errorMessage(blocker, locale) : null;
        return (
          <Button
            key={decision}
            variant={decision === 'ban' ? 'danger' : decision === 'approve' ? 'primary' : 'outline'}
            disabled={blocker !== null}
            title={why ? t('decisions.notPossible', { reason: why }) : undefined}
            onClick={() => onDecide(decision)}
          >
            {t(`decisions.${decision}.label`)}
          </Button>
        );
      })}
    </div>
  );
}

function ProfessionalRequest({
  request,
  decidable,
  onDecide,
}: {
  request: ReviewedProfessionalRequest;
  /** False for an erased customer: the API refuses every decision on them. */
  decidable: boolean;
  onDecide: (kind: DecisionKind, requestId: number) => void;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const tone = request.status === 'approved' ? 'good' : request.status === 'refused' ? 'bad' : 'warn';
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {t('file.professional.requestedAt', { date: formatDateTime(request.createdAt, { locale }) })}
        </p>
        <Badge tone={tone}>{t(`file.professional.statuses.${request.status}`)}</Badge>
      </div>
      {request.decidedAt && (
        <p className="mt-1 text-sm text-slate-700">
          {t('file.professional.decided', {
            decision: t(`file.professional.statuses.${request.status}`),
            date: formatDateTime(request.decidedAt, { locale }),
            name: request.decidedBy?.fullName ?? t('audit.platform'),
          })}
          {request.reason && ` · ${t('audit.reason', { reason: request.reason })}`}
        </p>
      )}
      <Json value={request.criteria} label={t('file.professional.criteria')} />
      {request.files.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-medium text-slate-600">{t('file.professional.evidence')}</p>
          <ul className="mt-1 space-y-2">
            {request.files.map((f) => (
              <li key={f.uuid}>
                <OpenFileButton file={f} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {request.status === 'requested' && decidable && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => onDecide('professional_approve', request.id)}>
            {t('decisions.professional_approve.label')}
          </Button>
          <Button variant="outline" onClick={() => onDecide('professional_refuse', request.id)}>
            {t('decisions.professional_refuse.label')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The status, what the file waits for, an open follow-up question, and the decisions. */
export function StatusPanel({
  file,
  onDecide,
}: {
  file: CustomerFile;
  onDecide: (kind: DecisionKind) => void;
}) {
  const { t, status, kyc, reason } = useAdminLabels();
  const locale = useLocale();
  const c = file.customer;
  const latestKyc = file.identifications[0]?.state ?? null;
  return (
    <section
      aria-label={t('file.sections.decisions')}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone(c.status)}>{status(c.status)}</Badge>
        <Badge tone={kycTone(latestKyc)}>{kyc(latestKyc)}</Badge>
        <Badge>{t(`accountTypes.${c.accountType}`)}</Badge>
        {c.customerRolesAsString.map((role) => (
          <Badge key={role} tone="info">
            {role}
          </Badge>
        ))}
      </div>
      <p className="mt-3 text-sm text-slate-700">
        {file.queueReasons.length > 0 ? (
          <>
            {t('file.waitingFor')}: {file.queueReasons.map(reason).join(', ')}
          </>
        ) : (
          t('file.notWaiting')
        )}
      </p>
      {c.followUpMessage && (
        <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">
            {t('file.followUpOpen')} (
            {c.followUpSeenAt
              ? t('file.followUpSeen', { date: formatDateTime(c.followUpSeenAt, { locale }) })
              : t('file.followUpUnseen')}
            )
          </p>
          <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-line">{c.followUpMessage}</p>
        </div>
      )}
      <h2 className="mt-5 mb-2 text-sm font-semibold text-brand-900">{t('file.sections.decisions')}</h2>
      <DecisionButtons file={file} onDecide={(kind) => onDecide(kind)} />
    </section>
  );
}

/** The beneficial owners and representatives with their roles and shares. */
export function UboPanel({ file }: { file: CustomerFile }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const country = useCountryNames();
  return (
    <Section id="ubo" title={t('file.sections.ubo')}>
      {file.uboUsers.length === 0 ? (
        <p className="text-sm text-slate-600">{t('file.ubo.none')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {file.uboUsers.map((u) => (
            <li key={u.id} className="rounded-lg border border-slate-200 p-4 text-sm">
              <p className="font-medium text-slate-900">
                {u.type === 'legal' ? u.companyName : [u.firstName, u.lastName].filter(Boolean).join(' ')}
              </p>
              <div className="mt-1 flex flex-wrap gap-1">
                {u.roles.map((r) => (
                  <Badge key={r} tone="info">
                    {t(`file.ubo.roleCodes.${r}`, { defaultValue: String(r) })}
                  </Badge>
                ))}
                {u.isUser && <Badge>{t('file.ubo.isUser')}</Badge>}
                {u.type === 'legal' && <Badge>{t('file.ubo.legal')}</Badge>}
                {u.pep && <Badge tone="warn">{t('file.ubo.pep')}</Badge>}
                {u.fictitiousBeneficialOwner && <Badge tone="warn">{t('file.ubo.fictitious')}</Badge>}
                {u.powerOfAttorney && <Badge>{t('file.ubo.powerOfAttorney')}</Badge>}
                {u.representativeSent && <Badge>{t('file.ubo.representativeSent')}</Badge>}
              </div>
              {u.birthdate && (
                <p className="mt-2 text-slate-700">
                  {t('file.ubo.born', {
                    date: formatDate(u.birthdate, { locale }),
                    place: u.birthplace ?? '–',
                  })}
                </p>
              )}
              {(u.street || u.city) && (
                <p className="text-slate-700">
                  {[u.street, [u.postcode, u.city].filter(Boolean).join(' '), country(u.country)]
                    .filter(Boolean)
                    .join(', ')}
                </p>
              )}
              {u.nationality && (
                <p className="text-slate-700">
                  {t('file.fields.nationality')}: {country(u.nationality)}
                </p>
              )}
              {(u.equityShares !== null || u.votingShares !== null) && (
                <p className="text-slate-700">
                  {t('file.ubo.shares', {
                    equity: u.equityShares === null ? '–' : formatPercent(u.equityShares, { locale }),
                    voting: u.votingShares === null ? '–' : formatPercent(u.votingShares, { locale }),
                  })}
                </p>
              )}
              {u.type === 'legal' && u.registerNumber && <p className="text-slate-700">{u.registerNumber}</p>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The uploaded documents, each opened in a new tab. */
export function DocumentsPanel({ file }: { file: CustomerFile }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <Section id="documents" title={t('file.sections.documents')}>
      {file.documents.length === 0 ? (
        <p className="text-sm text-slate-600">{t('file.documents.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {file.documents.map((d) => (
            <li key={d.id} className="py-3 first:pt-0 last:pb-0">
              <p className="mb-1 text-xs font-medium text-slate-600">
                {t(`file.documents.purposes.${d.purpose}`, { defaultValue: d.purpose })} ·{' '}
                {t(`file.documents.scopes.${d.scope}`)} ·{' '}
                {t('file.documents.issuedAt', { date: formatDate(d.issuedAt, { locale }) })},{' '}
                {t('file.documents.uploadedAt', { date: formatDate(d.createdAt, { locale }) })}
              </p>
              <OpenFileButton file={d.file} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The identifications, newest first, with the partner's result. */
export function IdentificationsPanel({ file }: { file: CustomerFile }) {
  const { t, kyc } = useAdminLabels();
  const locale = useLocale();
  return (
    <Section id="identifications" title={t('file.sections.identifications')}>
      {file.identifications.length === 0 ? (
        <p className="text-sm text-slate-600">{t('file.identifications.none')}</p>
      ) : (
        <ul className="space-y-4">
          {file.identifications.map((i) => (
            <li key={i.id} className="text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={kycTone(i.state)}>{kyc(i.state)}</Badge>
                <span className="text-xs text-slate-600">
                  {t('file.identifications.provider')}:{' '}
                  {t(`file.identifications.providers.${i.provider}`, { defaultValue: i.provider })}
                  {i.partnerResult &&
                    ` · ${t('file.identifications.partnerResult')}: ${t(
                      `file.identifications.partnerResults.${i.partnerResult}`,
                      { defaultValue: i.partnerResult },
                    )}`}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {t('file.identifications.startedAt', { date: formatDateTime(i.createdAt, { locale }) })}
                {i.decidedAt &&
                  ` · ${t('file.identifications.decidedAt', { date: formatDateTime(i.decidedAt, { locale }) })}`}
              </p>
              <Json value={i.result} label={t('file.identifications.result')} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The answered questionnaires, earlier answers dimmed. */
export function QuestionnairesPanel({ file }: { file: CustomerFile }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <Section id="questionnaires" title={t('file.sections.questionnaires')}>
      {file.questionnaires.length === 0 ? (
        <p className="text-sm text-slate-600">{t('file.questionnaires.none')}</p>
      ) : (
        <ul className="space-y-4">
          {file.questionnaires.map((q) => (
            <li key={q.id} className={`text-sm ${q.deletedAt ? 'opacity-70' : ''}`}>
              <p className="font-medium text-slate-900">
                {t(`file.questionnaires.types.${q.type}`, { defaultValue: q.type })}
              </p>
              <p className="text-xs text-slate-600">
                {t('file.questionnaires.version', { version: q.version })} ·{' '}
                {formatDateTime(q.createdAt, { locale })}
                {q.deletedAt &&
                  ` · ${t('file.questionnaires.answeredAgain', { date: formatDateTime(q.deletedAt, { locale }) })}`}
              </p>
              <p className="mt-1">
                {t('file.questionnaires.result')}:{' '}
                <span className="font-medium">
                  {t(`file.questionnaires.results.${q.result}`, { defaultValue: q.result })}
                </span>{' '}
                · {t('file.questionnaires.grade', { grade: q.grade })}
              </p>
              {q.warningsShown.length > 0 && (
                <p className="text-slate-700">
                  {t('file.questionnaires.warnings', {
                    warnings: q.warningsShown
                      .map((w) => t(`file.questionnaires.warningNames.${w}`, { defaultValue: w }))
                      .join(', '),
                  })}{' '}
                  ·{' '}
                  {q.warningsAcknowledgedAt
                    ? t('file.questionnaires.acknowledged', {
                        date: formatDateTime(q.warningsAcknowledgedAt, { locale }),
                      })
                    : t('file.questionnaires.notAcknowledged')}
                </p>
              )}
              <Json value={q.answers} label={t('file.questionnaires.answers')} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The professional-client requests, an open one with its decision buttons. */
export function ProfessionalPanel({
  file,
  onDecide,
}: {
  file: CustomerFile;
  onDecide: (kind: DecisionKind, requestId: number) => void;
}) {
  const { t } = useAdminLabels();
  return (
    <Section id="professional" title={t('file.sections.professional')}>
      {file.professionalRequests.length === 0 ? (
        <p className="text-sm text-slate-600">{t('file.professional.none')}</p>
      ) : (
        <ul className="space-y-3">
          {file.professionalRequests.map((r) => (
            <ProfessionalRequest
              key={r.id}
              request={r}
              decidable={file.erasure?.state !== 'confirmed'}
              onDecide={onDecide}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}
