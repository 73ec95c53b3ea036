import { maxRoyaltiesPercent } from '@token/domain/marketplace';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
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

/** spec 5: trait rows (type and value, both needed) and metadata rows (rows with empty keys are dropped). */
export function RowFields({ form, errors, onChange }: FieldsProps) {
  const { t } = useTranslation('creator');
  const setTrait = (i: number, patch: Partial<ProductForm['traits'][number]>) =>
    onChange({ ...form, traits: form.traits.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const setMeta = (i: number, patch: Partial<ProductForm['metadata'][number]>) =>
    onChange({ ...form, metadata: form.metadata.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <>
      <Section title={t('form.traits')}>
        <p className="text-sm text-slate-600 sm:col-span-2">{t('form.traitsHint')}</p>
        {form.traits.map((row, i) => (
          // rows have no identity of their own; their position is it
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
          <div key={i} className="grid gap-3 sm:col-span-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <Input
              label={t('form.traitType', { n: i + 1 })}
              maxLength={100}
              value={row.type}
              error={errors[`traits.${i}.type`]}
              onChange={(e) => setTrait(i, { type: e.target.value })}
            />
            <Input
              label={t('form.traitValue', { n: i + 1 })}
              maxLength={200}
              value={row.value}
              error={errors[`traits.${i}.value`]}
              onChange={(e) => setTrait(i, { value: e.target.value })}
            />
            <Button
              variant="ghost"
              className="sm:mt-6"
              onClick={() => onChange({ ...form, traits: form.traits.filter((_, j) => j !== i) })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('form.removeRow')}
            </Button>
          </div>
        ))}
        <div className="sm:col-span-2">
          <Button
            variant="outline"
            onClick={() => onChange({ ...form, traits: [...form.traits, { type: '', value: '' }] })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('form.addTrait')}
          </Button>
        </div>
      </Section>
      <Section title={t('form.metadata')}>
        <p className="text-sm text-slate-600 sm:col-span-2">{t('form.metadataHint')}</p>
        {form.metadata.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
          <div key={i} className="grid gap-3 sm:col-span-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <Input
              label={t('form.metaKey', { n: i + 1 })}
              maxLength={100}
              value={row.key}
              error={errors[`metadata.${i}.key`]}
              onChange={(e) => setMeta(i, { key: e.target.value })}
            />
            <Input
              label={t('form.metaValue', { n: i + 1 })}
              maxLength={1000}
              value={row.value}
              error={errors[`metadata.${i}.value`]}
              onChange={(e) => setMeta(i, { value: e.target.value })}
            />
            <Button
              variant="ghost"
              className="sm:mt-6"
              onClick={() => onChange({ ...form, metadata: form.metadata.filter((_, j) => j !== i) })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('form.removeRow')}
            </Button>
          </div>
        ))}
        <div className="sm:col-span-2">
          <Button
            variant="outline"
            onClick={() => onChange({ ...form, metadata: [...form.metadata, { key: '', value: '' }] })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('form.addMetadata')}
          </Button>
        </div>
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
