import type { CustomerFile } from '@token/domain/compliance';
import { AuditLogList } from './audit-log-list.tsx';
import {
  AddressesPanel,
  BankPanel,
  CompanyPanel,
  DeclarationsPanel,
  PersonalPanel,
  WalletsPanel,
} from './customer-file-data-panels.tsx';
import {
  DocumentsPanel,
  IdentificationsPanel,
  ProfessionalPanel,
  QuestionnairesPanel,
  StatusPanel,
  UboPanel,
} from './customer-file-review-panels.tsx';
import type { DecisionKind } from './decision-dialog.tsx';
import { ErasureNotice } from './erasure-notice.tsx';
import { Section } from './file-section.tsx';
import { useAdminLabels } from './labels.ts';

/**
 * A customer's whole file for the review: an erasure request first (an erased customer's file is
 * what the law keeps, and takes no decision), decisions, personal and company data, addresses,
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
  const { t } = useAdminLabels();
  const c = file.customer;
  return (
    <div className="grid gap-6">
      <ErasureNotice erasure={file.erasure} />
      <StatusPanel file={file} onDecide={(kind) => onDecide(kind)} />

      <div className="grid gap-6 lg:grid-cols-2">
        <PersonalPanel file={file} />
        <DeclarationsPanel file={file} />
        {c.accountType === 'company' && <CompanyPanel file={file} />}
        <BankPanel file={file} />
        <AddressesPanel file={file} />
        <WalletsPanel file={file} />
      </div>

      {(c.accountType === 'company' || file.uboUsers.length > 0) && <UboPanel file={file} />}

      <DocumentsPanel file={file} />

      <div className="grid gap-6 lg:grid-cols-2">
        <IdentificationsPanel file={file} />
        <QuestionnairesPanel file={file} />
      </div>

      <ProfessionalPanel file={file} onDecide={onDecide} />

      <Section id="audit" title={t('file.sections.audit')}>
        <AuditLogList customerUuid={c.uuid} />
      </Section>
    </div>
  );
}
