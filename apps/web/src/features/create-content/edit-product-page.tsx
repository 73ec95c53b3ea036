import type { CreatorProductView } from '@token/domain/marketplace';
import { Info, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { appRedirectState, useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCreatedProduct, useSaveProduct } from './api/content-api.ts';
import { CreatorFrame } from './create-content-pages.tsx';
import { ReviewState } from './created-page.tsx';
import { type FormErrors, formOfProduct, type ProductForm, validateProductForm } from './product-form.ts';
import { ProductFormFields, RowFields } from './product-form-fields.tsx';
import { WithdrawButton } from './withdraw-button.tsx';

/**
 * Saves an edit with PUT products/{code} and tells the creator when it sent the item back to review
 * (decision 020: a change of texts, media, metadata, traits or tags of an approved or rejected item).
 */
function useSaveEdit(product: CreatorProductView, form: ProductForm, onDone: () => void) {
  const { t } = useTranslation('creator');
  const locale = useLocale();
  const save = useSaveProduct();
  const [errors, setErrors] = useState<FormErrors>({});
  /** Once saved with errors, the form is judged again as the creator corrects it. */
  const recheck = (next: ProductForm) => {
    if (Object.keys(errors).length > 0) setErrors(validateProductForm(next, locale, 'edit').errors ?? {});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const judged = validateProductForm(form, locale, 'edit');
    if (judged.errors) {
      setErrors(judged.errors);
      return;
    }
    setErrors({});
    const { termsAccepted: _t, noCopyrightInfringement: _n, ...input } = judged.input;
    save.mutate(
      { code: product.code, input: input as typeof judged.input },
      {
        onSuccess: (saved) => {
          const backToReview = product.reviewState !== 'pending' && saved.reviewState === 'pending';
          notify(backToReview ? 'info' : 'success', backToReview ? t('edit.backToReview') : t('edit.saved'));
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.violations.length > 0) {
            setErrors(Object.fromEntries(err.violations.map((v) => [v.propertyPath, v.message])));
          }
          notify('error', errorMessageOf(err, locale), errorDetailOf(err));
        },
      },
    );
  };
  return { submit, errors, recheck, pending: save.isPending };
}

function useEditedProduct() {
  const { productCode = '' } = useParams();
  return useCreatedProduct(productCode);
}

function Loading() {
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-12 sm:px-6">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

function EditFrame(props: { product: CreatorProductView; title: string; children: React.ReactNode }) {
  const { t } = useTranslation('creator');
  return (
    <CreatorFrame title={props.title}>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <span id="edited-product-name" tabIndex={-1} className="text-slate-700">
          {props.product.name}
        </span>
        <ReviewState state={props.product.reviewState} />
        <WithdrawButton
          product={props.product}
          focusAfter={() => document.getElementById('edited-product-name')}
        />
      </div>
      {props.product.reviewState === 'withdrawn' && (
        <p className="mb-4 rounded-md bg-slate-100 p-3 text-sm text-slate-800">{t('states.withdrawnText')}</p>
      )}
      {props.product.reviewState === 'rejected' && props.product.rejectionReason && (
        <p className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {t('created.reason', { reason: props.product.rejectionReason })}
        </p>
      )}
      <p className="mb-6 flex items-start gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('edit.reviewNote')}
      </p>
      {props.children}
    </CreatorFrame>
  );
}

function EditForm({ product, rowsOnly }: { product: CreatorProductView; rowsOnly: boolean }) {
  const { t } = useTranslation('creator');
  const navigate = useNavigate();
  const [initial] = useState(() => formOfProduct(product));
  const [form, setForm] = useState(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const { submit, errors, recheck, pending } = useSaveEdit(product, form, () =>
    navigate('/created', { state: appRedirectState }),
  );
  const change = (next: ProductForm) => {
    setForm(next);
    recheck(next);
  };
  const code = encodeURIComponent(product.code);
  return (
    <EditFrame product={product} title={rowsOnly ? t('edit.metadataTitle') : t('edit.title')}>
      <nav className="mb-5 flex gap-2" aria-label={t('edit.sections')}>
        <Link
          to={`/edit-product/${code}`}
          aria-current={rowsOnly ? undefined : 'page'}
          className={buttonClasses({ variant: rowsOnly ? 'ghost' : 'outline', size: 'sm' })}
        >
          {t('edit.details')}
        </Link>
        <Link
          to={`/edit-product/${code}/metadata`}
          aria-current={rowsOnly ? 'page' : undefined}
          className={buttonClasses({ variant: rowsOnly ? 'outline' : 'ghost', size: 'sm' })}
        >
          {t('edit.metadata')}
        </Link>
      </nav>
      <form noValidate onSubmit={submit} className="space-y-5">
        {rowsOnly ? (
          <RowFields form={form} errors={errors} onChange={change} />
        ) : (
          <ProductFormFields form={form} errors={errors} onChange={change} mode="edit" />
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to="/created" className={buttonClasses({ variant: 'outline' })}>
            {t('edit.cancel')}
          </Link>
          <Button type="submit" size="lg" disabled={pending || !dirty}>
            <Save className="size-4" aria-hidden="true" />
            {t('edit.save')}
          </Button>
        </div>
      </form>
    </EditFrame>
  );
}

function EditPage({ rowsOnly }: { rowsOnly: boolean }) {
  const product = useEditedProduct();
  if (product.isPending) return <Loading />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFound />;
    return (
      <div className="mx-auto max-w-4xl px-4 py-12">
        <LoadFailed error={product.error} onRetry={() => void product.refetch()} />
      </div>
    );
  }
  // a new key per product so a move to another product starts a fresh form
  return <EditForm key={`${product.data.code}-${rowsOnly}`} product={product.data} rowsOnly={rowsOnly} />;
}

/** /edit-product/{productCode} (spec 2): the creator's item, every field but the confirmations. */
export function EditProductPage() {
  return <EditPage rowsOnly={false} />;
}

/** /edit-product/{productCode}/metadata (spec 2): its trait and metadata rows. */
export function EditProductMetadataPage() {
  return <EditPage rowsOnly={true} />;
}
