import { Image, Layers, Sparkles } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { appRedirectState, useProcessCancelAction } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useSaveProduct } from './api/content-api.ts';
import {
  clearDraft,
  emptyProductForm,
  type FormErrors,
  loadDraft,
  type ProductForm,
  saveDraft,
  validateProductForm,
} from './product-form.ts';
import { ProductFormFields } from './product-form-fields.tsx';

export function CreatorFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      {intro && <p className="mt-2 max-w-2xl text-slate-700">{intro}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** Leaving the preparation process (after the spec's question) throws the draft away. */
function useDraftCancel() {
  useProcessCancelAction('preparationProcess', clearDraft);
}

/**
 * /create-content (spec 2): item or collection. An item goes to /create-content-form, a collection
 * to the preparation process's first step (decision 023).
 */
export function CreateContentPage() {
  const { t } = useTranslation('creator');
  useDraftCancel();
  return (
    <CreatorFrame title={t('choose.title')} intro={t('choose.intro')}>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Link
            to="/create-content-form"
            className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 focus-visible:ring-2 focus-visible:ring-accent-600"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Image className="size-5" aria-hidden="true" />
            </span>
            <span className="mt-4 text-lg font-semibold text-brand-900">{t('choose.item')}</span>
            <span className="mt-1 text-sm text-slate-700">{t('choose.itemText')}</span>
          </Link>
        </li>
        <li>
          <Link
            to="/preparation-process/prepare-collection"
            className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 focus-visible:ring-2 focus-visible:ring-accent-600"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Layers className="size-5" aria-hidden="true" />
            </span>
            <span className="mt-4 text-lg font-semibold text-brand-900">{t('choose.collection')}</span>
            <span className="mt-1 text-sm text-slate-700">{t('choose.collectionText')}</span>
          </Link>
        </li>
      </ul>
    </CreatorFrame>
  );
}

/** The order in which a violation's field takes the focus: the first error on the page. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  });
}

/**
 * /create-content-form (spec 2/3/5): the item form inside the preparation process. The draft is kept
 * in sessionStorage (it survives a reload), cleared when the process is left (the guard asks) or
 * when the item was sent; sending lands on /created, the item in review.
 */
export function CreateContentFormPage() {
  const { t } = useTranslation('creator');
  const locale = useLocale();
  const navigate = useNavigate();
  const [form, setForm] = useState<ProductForm>(() => loadDraft() ?? emptyProductForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveProduct();
  useDraftCancel();
  useEffect(() => saveDraft(form), [form]);
  // once sent with errors, the form is judged again as the creator corrects it
  const change = (next: ProductForm) => {
    setForm(next);
    if (Object.keys(errors).length > 0) setErrors(validateProductForm(next, locale, 'create').errors ?? {});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const judged = validateProductForm(form, locale, 'create');
    if (judged.errors) {
      setErrors(judged.errors);
      focusFirstError();
      return;
    }
    setErrors({});
    save.mutate(
      { code: null, input: judged.input },
      {
        onSuccess: (product) => {
          clearDraft();
          notify('success', t('created.sent', { name: product.name }));
          void navigate('/created', { state: appRedirectState });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.violations.length > 0) {
            setErrors(Object.fromEntries(err.violations.map((v) => [v.propertyPath, v.message])));
            focusFirstError();
          }
          notify('error', errorMessageOf(err, locale), errorDetailOf(err));
        },
      },
    );
  };

  return (
    <CreatorFrame title={t('form.heading')} intro={t('form.intro')}>
      <form noValidate onSubmit={submit} className="space-y-5">
        <ProductFormFields form={form} errors={errors} onChange={change} mode="create" />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to="/create-content" className={buttonClasses({ variant: 'outline' })}>
            {t('form.back')}
          </Link>
          <Button type="submit" size="lg" disabled={save.isPending}>
            <Sparkles className="size-4" aria-hidden="true" />
            {save.isPending ? t('form.sending') : t('form.submit')}
          </Button>
        </div>
      </form>
    </CreatorFrame>
  );
}
