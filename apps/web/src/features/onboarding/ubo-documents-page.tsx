import { documentPurposes, maxDocumentsPerPurpose } from '@token/domain/documents';
import { violationMessage } from '@token/domain/errors';
import { formatDate } from '@token/domain/format';
import { requiredDocumentPurposes } from '@token/domain/onboarding';
import { CheckCircle2, CircleDashed, Download, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { formatBytes } from '../../lib/upload.ts';
import { useDeleteCustomerDocument } from './api/delete-customer-document.ts';
import { downloadFile } from './api/download-file.ts';
import { useCustomerDocuments } from './api/get-customer-documents.ts';
import { useUboUsers } from './api/get-ubo-users.ts';
import { DocumentUpload } from './components/document-upload.tsx';
import { FormSkeleton, LoadFailed, retryFailed, StepActions } from './components/step-parts.tsx';
import { useContinueStep } from './components/use-continue.ts';
import type { CustomerDocument, DocumentPurpose, DocumentType } from './types.ts';
import { needsAuthority } from './ubo-rules.ts';

/** The commercial register excerpt is a registry excerpt; the other documents are UBO documents. */
export function documentTypeOf(purpose: DocumentPurpose): DocumentType {
  return purpose === 'commercial_register_excerpt' ? 'registry_excerpt' : 'ubo';
}

function DocumentRow({ doc }: { doc: CustomerDocument }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const confirm = useConfirm();
  const remove = useDeleteCustomerDocument();
  const [downloading, setDownloading] = useState(false);

  const onRemove = async () => {
    const ok = await confirm({
      title: t('documents.removeTitle'),
      message: t('documents.removeText', { name: doc.file.name }),
      confirmLabel: t('persons.remove'),
      cancelLabel: t('form.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(doc.id);
      notify('success', t('documents.removed', { name: doc.file.name }));
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  };

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadFile(doc.downloadUrl, doc.file.name);
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center">
      <FileText className="hidden size-5 shrink-0 text-brand-600 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={doc.file.name}>
          {doc.file.name}
        </p>
        <p className="text-xs text-slate-600">
          {t('documents.meta', {
            date: formatDate(doc.issuedAt, { locale }),
            size: formatBytes(doc.file.size, locale),
          })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onDownload} disabled={downloading}>
          <Download className="size-4" aria-hidden="true" />
          {t('documents.download')}
          <span className="sr-only">: {doc.file.name}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={remove.isPending}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('persons.remove')}
          <span className="sr-only">: {doc.file.name}</span>
        </Button>
      </div>
    </li>
  );
}

function PurposeSection({ purpose, documents }: { purpose: DocumentPurpose; documents: CustomerDocument[] }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const name = t(`purposes.${purpose}.name`);
  const done = documents.length > 0;
  const headingId = `purpose-${purpose}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        {done ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden="true" />
        ) : (
          <CircleDashed className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-brand-900">
            {name}
            <span className="sr-only"> ({done ? t('documents.present') : t('documents.missing')})</span>
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t(`purposes.${purpose}.text`)}</p>
        </div>
      </div>
      {documents.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label={t('documents.listOf', { purpose: name })}>
          {documents.map((d) => (
            <DocumentRow key={d.id} doc={d} />
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-slate-100 pt-4">
        {documents.length < maxDocumentsPerPurpose ? (
          <DocumentUpload purpose={purpose} type={documentTypeOf(purpose)} label={name} />
        ) : (
          <p className="text-sm text-slate-600">{violationMessage('document_limit_reached', locale)}</p>
        )}
      </div>
    </section>
  );
}

/**
 * /self-disclosure/ubo-documents (company accounts): each required purpose (spec 3/5) with the
 * documents uploaded for it; upload with progress and cancel, PDF only, 20 MB, the document's date,
 * at most three per purpose, delete.
 */
export function UboDocumentsPage() {
  const { t } = useTranslation('onboarding');
  const record = useCustomerRecord();
  const persons = useUboUsers();
  const excerpts = useCustomerDocuments('company', 'registry_excerpt');
  const uboDocs = useCustomerDocuments('company', 'ubo');
  const { continuing, stayed, onContinue } = useContinueStep();

  if (record.data && record.data.accountType !== 'company') return <Navigate replace to="/self-disclosure" />;
  const queries = [record, persons, excerpts, uboDocs];
  if (queries.some((q) => q.isError)) {
    return <LoadFailed onRetry={() => retryFailed(queries)} />;
  }
  if (!record.data || !persons.data || !excerpts.data || !uboDocs.data) {
    return <FormSkeleton panels={[2, 2, 2, 2]} />;
  }

  const all = [...excerpts.data, ...uboDocs.data];
  // spec 5: the four documents, plus the proof of authorisation when someone acts by power of attorney
  const required: DocumentPurpose[] = requiredDocumentPurposes({
    authorityNeeded: needsAuthority(persons.data),
  });
  // a document of a purpose no longer required (nobody acts by power of attorney now) stays visible
  const purposes = documentPurposes.filter((p) => required.includes(p) || all.some((d) => d.purpose === p));
  const byPurpose = (p: DocumentPurpose) =>
    all.filter((d) => d.purpose === p).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const missing = required.filter((p) => byPurpose(p).length === 0);

  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-slate-700">{t('documents.intro')}</p>
      {purposes.map((p) => (
        <PurposeSection key={p} purpose={p} documents={byPurpose(p)} />
      ))}
      {stayed && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {missing.length > 0 ? (
            <>
              <p>{t('documents.missingTitle')}</p>
              <ul className="mt-1 list-disc pl-5">
                {missing.map((p) => (
                  <li key={p}>{t(`purposes.${p}.name`)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('persons.incomplete')}</p>
          )}
        </div>
      )}
      <StepActions busy={continuing} onContinue={onContinue} label={t('form.continue')} />
    </div>
  );
}
