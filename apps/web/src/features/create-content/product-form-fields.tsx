import { maxRoyaltiesPercent } from '@token/domain/marketplace';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useCollectibleCategories } from './api/content-api.ts';
import type { FormErrors, ProductForm } from './product-form.ts';
import { ContentUploadField } from './upload-field.tsx';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 text-base font-semibold text-brand-900">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type FieldsProps = {
  form: ProductForm;
  errors: FormErrors;
  onChange: (next: ProductForm) => void;
};

type RowField<R> = { name: keyof R & string; label: (n: number) => string; maxLength: number };

type RowsProps<R extends Record<string, string>> = {
  /** The rows' section, for the remove buttons' names ("Eigenschaften, Zeile 2 entfernen"). */
  name: string;
  hint: string;
  /** Where the API puts their errors: `{path}.{i}.{field}`. */
  path: string;
  rows: R[];
  fields: readonly [RowField<R>, RowField<R>];
  blank: R;
  addLabel: string;
  errors: FormErrors;
  onChange: (rows: R[]) => void;
};

/**
 * One editor of two-column rows (spec 5's trait rows and metadata rows, a collection's parameters):
 * each row's inputs with the API's errors, a remove button naming its section and row, and an add
 * button. It fills a two-column grid (a `Section`, or an item's fieldset).
 */
export function EditableRows<R extends Record<string, string>>(props: RowsProps<R>) {
  const { t } = useTranslation('creator');
  const { rows, onChange } = props;
  return (
    <>
      <p className="text-sm text-slate-600 sm:col-span-2">{props.hint}</p>
      {rows.map((row, i) => (
        // rows have no identity of their own; their position is it
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
        <div key={i} className="grid gap-3 sm:col-span-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          {props.fields.map((f) => (
            <Input
              key={f.name}
              label={f.label(i + 1)}
              maxLength={f.maxLength}
              value={row[f.name]}
              error={props.errors[`${props.path}.${i}.${f.name}`]}
              onChange={(e) =>
                onChange(rows.map((r, j) => (j === i ? { ...r, [f.name]: e.target.value } : r)))
              }
            />
          ))}
          <Button
            variant="ghost"
            className="sm:mt-6"
            aria-label={t('form.removeRowNamed', { section: props.name, n: i + 1 })}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('form.removeRow')}
          </Button>
        </div>
      ))}
      <div className="sm:col-span-2">
        <Button variant="outline" onClick={() => onChange([...rows, { ...props.blank }])}>
          <Plus className="size-4" aria-hidden="true" />
          {props.addLabel}
        </Button>
      </div>
    </>
  );
}

type Translate = (key: string, opts?: Record<string, unknown>) => string;

/** The inputs of a trait row (type and value) and of a key/value row (metadata, parameters). */
export const traitRowFields = (t: Translate) =>
  [
    { name: 'type', label: (n: number) => t('form.traitType', { n }), maxLength: 100 },
    { name: 'value', label: (n: number) => t('form.traitValue', { n }), maxLength: 200 },
  ] as const;
export const keyValueRowFields = (t: Translate) =>
  [
    { name: 'key', label: (n: number) => t('form.metaKey', { n }), maxLength: 100 },
    { name: 'value', label: (n: number) => t('form.metaValue', { n }), maxLength: 1000 },
  ] as const;

/** spec 5: trait rows (type and value, both needed) and metadata rows (rows with empty keys are dropped). */
export function RowFields({ form, errors, onChange }: FieldsProps) {
  const { t } = useTranslation('creator');
  return (
    <>
      <Section title={t('form.traits')}>
        <EditableRows
          name={t('form.traits')}
          hint={t('form.traitsHint')}
          path="traits"
          rows={form.traits}
          fields={traitRowFields(t)}
          blank={{ type: '', value: '' }}
          addLabel={t('form.addTrait')}
          errors={errors}
          onChange={(traits) => onChange({ ...form, traits })}
        />
      </Section>
      <Section title={t('form.metadata')}>
        <EditableRows
          name={t('form.metadata')}
          hint={t('form.metadataHint')}
          path="metadata"
          rows={form.metadata}
          fields={keyValueRowFields(t)}
          blank={{ key: '', value: '' }}
          addLabel={t('form.addMetadata')}
          errors={errors}
          onChange={(metadata) => onChange({ ...form, metadata })}
        />
      </Section>
    </>
  );
}

/** Every field of the item form (spec 3): the file, category, texts de/en, sale, flags, rows, confirmations. */
export function ProductFormFields({
  form,
  errors,
  onChange,
  mode,
}: FieldsProps & { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('creator');
  const categories = useCollectibleCategories();
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) =>
    onChange({ ...form, [key]: value });
  const category = categories.data?.find((c) => c.code === form.mainTaxon);
  const subCategories = category?.children ?? [];
  return (
    <div className="space-y-5">
      <Section title={t('form.sections.file')}>
        <div className="sm:col-span-2">
          <ContentUploadField
            value={form.mediaFiles}
            onChange={(files) => set('mediaFiles', files)}
            error={errors.mediaFiles ?? Object.entries(errors).find(([k]) => k.startsWith('mediaFiles'))?.[1]}
          />
        </div>
      </Section>
      <Section title={t('form.sections.category')}>
        <Select
          label={t('form.category')}
          placeholder={t('form.choose')}
          options={(categories.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
          value={form.mainTaxon}
          error={errors.mainTaxon}
          onChange={(e) => onChange({ ...form, mainTaxon: e.target.value, subCategory: '' })}
        />
        <Select
          label={t('form.subCategory')}
          placeholder={subCategories.length === 0 ? t('form.noSubCategory') : t('form.choose')}
          options={subCategories.map((c) => ({ value: c.code, label: c.name }))}
          disabled={subCategories.length === 0}
          value={form.subCategory}
          error={errors.subCategory}
          onChange={(e) => set('subCategory', e.target.value)}
        />
        <Input
          label={t('form.tags')}
          hint={t('form.tagsHint')}
          maxLength={1100}
          className="sm:col-span-2"
          value={form.tags}
          error={Object.entries(errors).find(([k]) => k === 'tags' || k.startsWith('tags.'))?.[1]}
          onChange={(e) => set('tags', e.target.value)}
        />
      </Section>
      {(['de', 'en'] as const).map((l) => (
        <Section key={l} title={t(`form.sections.texts_${l}`)}>
          <Input
            label={t('form.title')}
            required
            maxLength={200}
            lang={l}
            className="sm:col-span-2"
            value={form.translations[l].name}
            error={errors[`translations.${l}.name`]}
            onChange={(e) =>
              set('translations', {
                ...form.translations,
                [l]: { ...form.translations[l], name: e.target.value },
              })
            }
          />
          <Textarea
            label={t('form.description')}
            rows={4}
            maxLength={5000}
            lang={l}
            className="sm:col-span-2"
            value={form.translations[l].description}
            error={errors[`translations.${l}.description`]}
            onChange={(e) =>
              set('translations', {
                ...form.translations,
                [l]: { ...form.translations[l], description: e.target.value },
              })
            }
          />
        </Section>
      ))}
      <Section title={t('form.sections.sale')}>
        <fieldset className="sm:col-span-2">
          <legend className="block text-sm font-medium text-slate-800">{t('form.itemType')}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(['single', 'multiple'] as const).map((type) => (
              <label
                key={type}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-accent-600"
              >
                <input
                  type="radio"
                  name="itemType"
                  value={type}
                  checked={form.itemType === type}
                  onChange={() => set('itemType', type)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-800"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{t(`form.${type}`)}</span>
                  <span className="block text-xs text-slate-600">{t(`form.${type}Text`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {form.itemType === 'multiple' && (
          <Input
            label={t('form.copies')}
            required
            inputMode="numeric"
            value={form.copies}
            error={errors.copies}
            onChange={(e) => set('copies', e.target.value)}
          />
        )}
        <Input
          label={t('form.price')}
          hint={t('form.priceHint')}
          required
          inputMode="decimal"
          autoComplete="off"
          end="€"
          value={form.price}
          error={errors.price}
          onChange={(e) => set('price', e.target.value)}
        />
        <Input label={t('form.currency')} value="EUR" readOnly hint={t('form.currencyHint')} />
        <Input
          label={t('form.royalties')}
          hint={t('form.royaltiesHint', { max: maxRoyaltiesPercent })}
          required
          inputMode="numeric"
          end="%"
          value={form.royalties}
          error={errors.royalties}
          onChange={(e) => set('royalties', e.target.value)}
        />
      </Section>
      <Section title={t('form.sections.rights')}>
        <Checkbox
          label={t('form.collaboration')}
          className="sm:col-span-2"
          checked={form.collaboration}
          onChange={(e) => set('collaboration', e.target.checked)}
        />
        <Checkbox
          label={t('form.copyrightTransfer')}
          className="sm:col-span-2"
          checked={form.copyrightTransfer}
          onChange={(e) => set('copyrightTransfer', e.target.checked)}
        />
        <Checkbox
          label={t('form.unlockOnPurchase')}
          hint={t('form.unlockOnPurchaseHint')}
          className="sm:col-span-2"
          checked={form.unlockOnPurchase}
          onChange={(e) => set('unlockOnPurchase', e.target.checked)}
        />
      </Section>
      <RowFields form={form} errors={errors} onChange={onChange} />
      {mode === 'create' && (
        <Section title={t('form.sections.confirmations')}>
          <Checkbox
            label={t('form.termsAccepted')}
            required
            className="sm:col-span-2"
            checked={form.termsAccepted}
            error={errors.termsAccepted}
            onChange={(e) => set('termsAccepted', e.target.checked)}
          />
          <Checkbox
            label={t('form.noCopyrightInfringement')}
            required
            className="sm:col-span-2"
            checked={form.noCopyrightInfringement}
            error={errors.noCopyrightInfringement}
            onChange={(e) => set('noCopyrightInfringement', e.target.checked)}
          />
        </Section>
      )}
    </div>
  );
}
