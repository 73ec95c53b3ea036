import type { CustomerFile, ReviewedProfessionalRequest } from '@token/domain/compliance';
import { errorMessage, isErrorCode } from '@token/domain/errors';
import { formatDate, formatDateTime, formatPercent } from '@token/domain/format';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { useCountryNames } from '../api/get-countries.ts';
import { useCurrencyNames } from '../api/get-currencies.ts';
import { AuditLogList } from './audit-log-list.tsx';
import { Badge } from './badge.tsx';
import type { DecisionKind } from './decision-dialog.tsx';
import { kycTone, statusTone, useAdminLabels } from './labels.ts';
import { OpenFileButton } from './open-file-button.tsx';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs; an empty value reads "not given". */
function Facts({ items }: { items: [string, ReactNode][] }) {
  const { t } = useAdminLabels();
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">
            {value === null || value === undefined || value === '' ? (
              <span className="text-slate-500">{t('values.notGiven')}</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** JSON the customer or a partner sent (answers, criteria, confirmed data), readable as is. */
function Json({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">{label}</summary>
      <pre className="mt-2 overflow-x-auto rounded-md bg-slate-50 p-3 text-xs whitespace-pre-wrap text-slate-800">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

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
  onDecide,
}: {
  request: ReviewedProfessionalRequest;
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
      {request.status === 'requested' && (
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

/**
 * A customer's whole file for the review: decisions, personal and company data, addresses,
 * beneficial owners and representatives, documents (opened in a new tab), identifications,
 * questionnaires, wallet and register status, professional requests and the audit log.
 */
export function CustomerFileView({
  file,
  onDecide,
}: {
  file: CustomerFile;
  /** Opens the decision dialog; `requestId` for a professional request's decision. */
  onDecide: (kind: DecisionKind, requestId?: number) => void;
}) {
  const labels = useAdminLabels();
  const { t, status, registrar, kyc, reason, yesNo } = labels;
  const locale = useLocale();
  const c = file.customer;
  const date = (d: string | null) => (d ? formatDate(d, { locale }) : null);
  // countries and currencies by name in the reader's language (the reference data), not as codes
  const country = useCountryNames();
  const currency = useCurrencyNames();
  const latestKyc = file.identifications[0]?.state ?? null;

  return (
    <div className="grid gap-6">
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

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="personal" title={t('file.sections.personal')}>
          <Facts
            items={[
              [
                t('file.fields.name'),
                [
                  c.salutation && t(`salutations.${c.salutation}`, { defaultValue: c.salutation }),
                  c.title,
                  c.fullName,
                ]
                  .filter(Boolean)
                  .join(' '),
              ],
              [t('file.fields.email'), c.email],
              [t('file.fields.birthDate'), date(c.birthDate)],
              [t('file.fields.birthCity'), c.birthCity],
              [t('file.fields.birthCountry'), country(c.birthCountry)],
              [t('file.fields.nationality'), country(c.nationality)],
              [t('file.fields.mobileNumber'), c.mobileNumber],
              [t('file.fields.locale'), c.locale.toUpperCase()],
              [t('file.fields.verified'), yesNo(c.verified)],
              [t('file.fields.twoFactor'), yesNo(c.twoFactorEnabled)],
              [t('file.fields.kycPassed'), yesNo(c.kycPassed)],
            ]}
          />
        </Section>

        <Section id="declarations" title={t('file.sections.declarations')}>
          <Facts
            items={[
              [t('file.fields.notPep'), yesNo(c.notPep)],
              [t('file.fields.actingOnOwnAccount'), yesNo(c.actingOnOwnAccount)],
              [t('file.fields.representativeConfirmation'), yesNo(c.representativeConfirmation)],
              [t('file.fields.representativeRole'), c.representative_role],
              [t('file.fields.paysChurchTax'), yesNo(c.paysChurchTax)],
            ]}
          />
        </Section>

        {c.accountType === 'company' && (
          <Section id="company" title={t('file.sections.company')}>
            <Facts
              items={[
                [t('file.fields.companyName'), c.companyName],
                [
                  t('file.fields.companyType'),
                  c.companyType && t(`companyTypes.${c.companyType}`, { defaultValue: c.companyType }),
                ],
                [t('file.fields.registryNumber'), c.registryNumber],
                [t('file.fields.court'), c.court],
                [t('file.fields.foundingDate'), date(c.foundingDate)],
                [t('file.fields.taxnumber'), c.taxnumber],
                [t('file.fields.vatNumber'), c.vatNumber],
              ]}
            />
          </Section>
        )}

        <Section id="bank" title={t('file.sections.bank')}>
          <Facts
            items={[
              [t('file.fields.beneficiary'), c.beneficiary],
              [
                t('file.fields.iban'),
                c.iban && <span className="font-mono">{c.iban.replace(/(.{4})/g, '$1 ').trim()}</span>,
              ],
              [t('file.fields.bic'), c.bic && <span className="font-mono">{c.bic}</span>],
              [t('file.fields.bankName'), c.bankName],
              [t('file.fields.bankCountry'), country(c.bankCountry)],
              [t('file.fields.bankCurrency'), currency(c.bankCurrency)],
            ]}
          />
        </Section>

        <Section id="addresses" title={t('file.sections.addresses')}>
          {file.addresses.length === 0 ? (
            <p className="text-sm text-slate-600">{t('file.noAddresses')}</p>
          ) : (
            <ul className="space-y-3">
              {file.addresses.map((a) => (
                <li key={a.id} className="text-sm">
                  <p className="text-xs font-medium text-slate-600">
                    {t(`file.addressKinds.${a.kind}`)}
                    {a.isDefault && ` · ${t('file.defaultAddress')}`}
                  </p>
                  <address className="not-italic text-slate-900">
                    {[
                      a.company,
                      `${a.firstName} ${a.lastName}`,
                      a.street,
                      `${a.postcode} ${a.city}`,
                      country(a.countryCode),
                    ]
                      .filter(Boolean)
                      .join(', ')}
                    {a.phoneNumber && ` · ${a.phoneNumber}`}
                  </address>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="wallets" title={t('file.sections.wallets')}>
          <Facts
            items={[
              [t('file.fields.registrarStatus'), registrar(c.cryptoRegistrarStatus)],
              [
                t('file.fields.ethAddress'),
                c.ethAddress && <span className="font-mono">{c.ethAddress}</span>,
              ],
            ]}
          />
          {file.wallets.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t('file.wallets.none')}</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {file.wallets.map((w) => (
                <li key={w.id} className="text-sm">
                  <p className="font-medium text-slate-900">
                    {w.name} ({t(`file.wallets.types.${w.type}`, { defaultValue: w.type })})
                    {w.defaultWallet && ` · ${t('file.wallets.default')}`}
                  </p>
                  <p className="font-mono text-xs break-all text-slate-700">{w.address}</p>
                  <p className="text-xs text-slate-600">
                    {t('file.wallets.createdAt', { date: formatDate(w.createdAt, { locale }) })}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      {(c.accountType === 'company' || file.uboUsers.length > 0) && (
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
                  {u.type === 'legal' && u.registerNumber && (
                    <p className="text-slate-700">{u.registerNumber}</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

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

      <div className="grid gap-6 lg:grid-cols-2">
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
      </div>

      <Section id="professional" title={t('file.sections.professional')}>
        {file.professionalRequests.length === 0 ? (
          <p className="text-sm text-slate-600">{t('file.professional.none')}</p>
        ) : (
          <ul className="space-y-3">
            {file.professionalRequests.map((r) => (
              <ProfessionalRequest key={r.id} request={r} onDecide={onDecide} />
            ))}
          </ul>
        )}
      </Section>

      <Section id="audit" title={t('file.sections.audit')}>
        <AuditLogList customerUuid={c.uuid} />
      </Section>
    </div>
  );
}
