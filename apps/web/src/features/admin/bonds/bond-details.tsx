import {
  type BondAdminView,
  type LegalDocumentUploadFields,
  legalDocumentTypes,
  legalDocumentUploadFieldsSchema,
} from '@token/domain/catalog';
import { formatDate, formatNumber } from '@token/domain/format';
import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FieldMessages } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';
import { LoadFailed } from '../components/admin-gate.tsx';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import {
  useDeleteBondImage,
  useSetBondPublished,
  useUpdateBond,
  useUploadBondImage,
  useUploadLegalDocument,
} from './api/bond-actions.ts';
import { useBond } from './api/get-bond.ts';
import { type BondEditFields, BondFields, bondEditFormSchema, bondFieldPaths } from './bond-form.tsx';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

/** The edit form's values from the edit view. */
function editDefaults(b: BondAdminView): BondEditFields {
  const texts = (l: 'de' | 'en') => ({
    name: b.translations[l]?.name ?? '',
    shortDescription: b.translations[l]?.shortDescription ?? '',
    description: b.translations[l]?.description ?? '',
  });
  return {
    taxon: (b.taxon ?? '') as BondEditFields['taxon'],
    translations: { de: texts('de'), en: texts('en') },
    priceCents: b.priceCents ?? 0,
    totalSupply: b.totalSupply,
    quantityStep: b.quantityStep,
    blockchainName: b.blockchainName ?? '',
    tokenId: b.tokenId ?? '',
    whitelisting: b.whitelisting,
    moreInformationUrl: b.moreInformationUrl ?? '',
    wkn: b.wkn ?? '',
    issuerSeat: b.issuerSeat ?? '',
  };
}

/** Draft or published, what publishing still needs, and the button that changes it. */
function Publication({ bond }: { bond: BondAdminView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const action = useSetBondPublished();
  const [failure, setFailure] = useState<string[] | null>(null);
  const published = bond.status === 'published';
  const toggle = async () => {
    setFailure(null);
    try {
      await action.mutateAsync({ code: bond.code, publish: !published });
      notify(
        'success',
        t(published ? 'bondAdmin.status.unpublished_done' : 'bondAdmin.status.published_done'),
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'bond_not_publishable') {
        setFailure(err.violations.map((v) => v.message));
        return;
      }
      notify('error', errorMessageOf(err, locale));
    }
  };
  const missing = bond.missingForPublication;
  return (
    <section aria-labelledby="bond-publication" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="bond-publication" className="text-base font-semibold text-brand-900">
            {t('bondAdmin.status.title')}
          </h2>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
            <Badge tone={published ? 'good' : 'neutral'}>{t(`bonds.statuses.${bond.status}`)}</Badge>
            {t(`bondAdmin.status.${bond.status}`)}
          </p>
        </div>
        <Button
          variant={published ? 'outline' : 'primary'}
          onClick={toggle}
          disabled={action.isPending || (!published && missing.length > 0)}
        >
          {t(published ? 'bondAdmin.status.unpublish' : 'bondAdmin.status.publish')}
        </Button>
      </div>
      {!published &&
        (missing.length > 0 ? (
          <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p>{t('bondAdmin.status.missing')}</p>
            <ul className="mt-1 list-disc pl-5">
              {missing.map((m) => (
                <li key={m}>{t(`bondAdmin.missing.${m}`)}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="mt-3 text-sm text-green-800">{t('bondAdmin.status.ready')}</p>
        ))}
      {failure && (
        <ul
          role="alert"
          className="mt-3 list-disc rounded-md border border-red-200 bg-red-50 py-2 pr-3 pl-8 text-sm text-red-900"
        >
          {failure.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          [t('bondAdmin.figures.sold'), formatNumber(bond.sold, { locale })],
          [t('bondAdmin.figures.onHand'), formatNumber(bond.onHand, { locale })],
          [
            t('bonds.columns.price'),
            bond.priceCents === null
              ? '–'
              : `${formatNumber(bond.priceCents / 100, { locale, maximumFractionDigits: 2 })} €`,
          ],
          [
            t('bondAdmin.figures.terms'),
            bond.termsVersion === null
              ? t('bondAdmin.figures.noTerms')
              : t('bondAdmin.figures.termsVersion', { version: bond.termsVersion }),
          ],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-medium text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The edit form: every field at once, sent as one PATCH; refusals on their fields. */
function EditForm({ bond }: { bond: BondAdminView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const update = useUpdateBond();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BondEditFields, unknown, z.output<typeof bondEditFormSchema>>({
    defaultValues: editDefaults(bond),
    resolver: formResolver(bondEditFormSchema, locale),
  });
  const { register, handleSubmit, formState, setError, watch, reset } = form;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ code: bond.code, input: values });
      reset(editDefaults(saved));
      notify('success', t('bondAdmin.saved'));
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        applyViolations<BondEditFields>(
          err.violations,
          setError,
          bondFieldPaths.filter((p) => p !== 'code'),
        )
      ) {
        return;
      }
      setFailure(errorMessageOf(err, locale));
    }
  });
  const locked = bond.sold > 0;
  return (
    <form onSubmit={submit} noValidate aria-label={t('register.tabs.details')} className="space-y-5">
      {locked && (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {t('bondAdmin.soldLocked', { count: bond.sold })}
        </p>
      )}
      <BondFields
        register={register}
        errors={formState.errors}
        watch={watch}
        withCode={false}
        lockedFigures={locked}
        slugs={{ de: bond.translations.de?.slug, en: bond.translations.en?.slug }}
      />
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('bondAdmin.saving') : t('bondAdmin.save')}
      </Button>
    </form>
  );
}

/** The bond's pictures in their order, an upload, and a remove button each. */
function Images({ bond }: { bond: BondAdminView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const upload = useUploadBondImage();
  const remove = useDeleteBondImage();
  const [error, setError] = useState<string | undefined>();
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(undefined);
    try {
      await upload.mutateAsync({ code: bond.code, file });
      notify('success', t('bondAdmin.images.added'));
    } catch (err) {
      setError(errorMessageOf(err, locale));
    }
  };
  const inputId = `bond-image-${bond.code}`;
  return (
    <section aria-labelledby="bond-images" className={card}>
      <h2 id="bond-images" className="text-base font-semibold text-brand-900">
        {t('bondAdmin.images.title')}
      </h2>
      {bond.images.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('bondAdmin.images.empty')}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {bond.images.map((img) => (
            <li key={img.id} className="overflow-hidden rounded-lg border border-slate-200">
              <img src={img.url} alt={img.fileName} className="aspect-[4/3] w-full object-cover" />
              <div className="flex items-center justify-between gap-2 p-2">
                <span className="truncate text-xs text-slate-600">{img.fileName}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('bondAdmin.images.removeLabel', { name: img.fileName })}
                  disabled={remove.isPending}
                  onClick={async () => {
                    try {
                      await remove.mutateAsync({ code: bond.code, id: img.id });
                      notify('success', t('bondAdmin.images.removed'));
                    } catch (err) {
                      notify('error', errorMessageOf(err, locale));
                    }
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-brand-900 shadow-sm focus-within:ring-2 focus-within:ring-brand-200 hover:bg-slate-50"
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          {upload.isPending ? t('bondAdmin.images.uploading') : t('bondAdmin.images.upload')}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-describedby={`${inputId}-hint`}
            onChange={onFile}
            disabled={upload.isPending}
          />
        </label>
        <FieldMessages id={inputId} hint={t('bondAdmin.images.hint')} error={error} />
      </div>
    </section>
  );
}

type DocumentFields = LegalDocumentUploadFields;

/** The legal documents with every version, and the upload of a new one (the next version of its type and language). */
function LegalDocuments({ bond }: { bond: BondAdminView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const upload = useUploadLegalDocument();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<DocumentFields, unknown, z.output<typeof legalDocumentUploadFieldsSchema>>({
    defaultValues: { type: 'information_sheet', locale: '', title: '' },
    resolver: formResolver(legalDocumentUploadFieldsSchema, locale),
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const submit = handleSubmit(async (values) => {
    setFileError(undefined);
    if (!file) {
      setFileError(t('bondAdmin.documents.noFile'));
      return;
    }
    try {
      const view = await upload.mutateAsync({
        code: bond.code,
        fields: { ...values, locale: values.locale ?? '' },
        file,
      });
      const added = view.legalDocuments.find(
        (d) => d.current && d.type === values.type && d.locale === (values.locale ?? null),
      );
      notify('success', t('bondAdmin.documents.added', { version: added?.version ?? 1 }));
      reset({ type: values.type, locale: values.locale ?? '', title: '' });
      setFile(null);
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        applyViolations<DocumentFields>(err.violations, setError, ['type', 'locale', 'title'])
      ) {
        return;
      }
      setFileError(errorMessageOf(err, locale));
    }
  });
  const fileId = `bond-document-${bond.code}`;
  return (
    <section aria-labelledby="bond-documents" className={card}>
      <h2 id="bond-documents" className="text-base font-semibold text-brand-900">
        {t('bondAdmin.documents.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('bondAdmin.documents.intro')}</p>
      {bond.legalDocuments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('bondAdmin.documents.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {bond.legalDocuments.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className={d.current ? 'font-medium text-brand-900' : 'text-slate-600'}>
                  {d.title}
                  <span className="ml-2 text-xs text-slate-600">
                    {t(`bondAdmin.documents.types.${d.type}`)} ·{' '}
                    {d.locale ? t(`bondAdmin.localeNames.${d.locale}`) : t('bondAdmin.documents.allLocales')}
                  </span>
                </p>
                <p className="text-xs text-slate-600">
                  {t('bondAdmin.documents.version', { version: d.version })} ·{' '}
                  {formatDate(d.createdAt, { locale })}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {d.current ? (
                  <Badge tone="good">{t('bondAdmin.documents.current')}</Badge>
                ) : (
                  <Badge>
                    {t('bondAdmin.documents.superseded', {
                      date: formatDate(d.supersededAt ?? d.createdAt, { locale }),
                    })}
                  </Badge>
                )}
                <a
                  href={d.downloadPath}
                  target="_blank"
                  rel="noreferrer"
                  className="text-sm font-medium text-brand-800 underline"
                >
                  {t('bondAdmin.documents.open')}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={submit}
        noValidate
        aria-label={t('bondAdmin.documents.upload')}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <Select
          label={t('bondAdmin.documents.type')}
          required
          options={legalDocumentTypes.map((v) => ({ value: v, label: t(`bondAdmin.documents.types.${v}`) }))}
          error={formState.errors.type?.message}
          {...register('type')}
        />
        <Select
          label={t('bondAdmin.documents.locale')}
          options={[
            { value: '', label: t('bondAdmin.documents.allLocales') },
            { value: 'de', label: t('bondAdmin.localeNames.de') },
            { value: 'en', label: t('bondAdmin.localeNames.en') },
          ]}
          error={formState.errors.locale?.message}
          {...register('locale')}
        />
        <Input
          label={t('bondAdmin.documents.docTitle')}
          required
          maxLength={200}
          error={formState.errors.title?.message}
          {...register('title')}
        />
        <div>
          <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
            {t('bondAdmin.documents.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept="application/pdf"
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            aria-invalid={fileError ? true : undefined}
            className="mt-1 block w-full text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <FieldMessages id={fileId} hint={t('bondAdmin.documents.fileHint')} error={fileError} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={formState.isSubmitting}>
            <Upload className="size-4" aria-hidden="true" />
            {formState.isSubmitting ? t('bondAdmin.documents.uploading') : t('bondAdmin.documents.upload')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The details tab of a bond's page: publication, master data, images and legal documents. */
export function BondDetails({ code }: { code: string }) {
  const bond = useBond(code);
  if (bond.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (bond.isError) return <LoadFailed error={bond.error} retry={() => bond.refetch()} />;
  return (
    <div className="space-y-5">
      <Publication bond={bond.data} />
      {/* a new key after a save from elsewhere (another tab) starts the form from the fresh values */}
      <EditForm key={bond.data.updatedAt} bond={bond.data} />
      <Images bond={bond.data} />
      <LegalDocuments bond={bond.data} />
    </div>
  );
}
