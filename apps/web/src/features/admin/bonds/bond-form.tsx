import { bondCreateInputSchema, bondTaxonCodes } from '@token/domain/catalog';
import { formatEuro } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import type { ReactNode } from 'react';
import type { FieldErrors, Path, UseFormRegister, UseFormWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { useAdminLabels } from '../components/labels.ts';

/** The create form: the API's body schema itself (convention 9). */
export const bondCreateFormSchema = bondCreateInputSchema;
export type BondCreateFields = z.input<typeof bondCreateFormSchema>;

/** The edit form: the same fields without the code, which never changes; sent as one PATCH. */
export const bondEditFormSchema = bondCreateInputSchema.omit({ code: true });
export type BondEditFields = z.input<typeof bondEditFormSchema>;

/** Every field the API's violations may name, for `applyViolations`. */
export const bondFieldPaths = [
  'code',
  'taxon',
  'translations.de.name',
  'translations.de.shortDescription',
  'translations.de.description',
  'translations.en.name',
  'translations.en.shortDescription',
  'translations.en.description',
  'priceCents',
  'totalSupply',
  'quantityStep',
  'blockchainName',
  'tokenId',
  'whitelisting',
  'moreInformationUrl',
  'wkn',
  'issuerSeat',
] as const;

/** Empty values of a new bond: 1 € per token in steps of 1,000 on Polygon, as the demo bonds. */
export const newBondDefaults: BondCreateFields = {
  code: '',
  taxon: '' as BondCreateFields['taxon'],
  translations: {
    de: { name: '', shortDescription: '', description: '' },
    en: { name: '', shortDescription: '', description: '' },
  },
  priceCents: 100,
  totalSupply: 100_000,
  quantityStep: 1_000,
  blockchainName: 'Polygon',
  tokenId: '',
  whitelisting: false,
  moreInformationUrl: '',
  wkn: '',
  issuerSeat: '',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 text-base font-semibold text-brand-900">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type AnyFields = BondCreateFields | BondEditFields;

/**
 * The fields of a bond shared by the create form and the details tab: taxon, de/en texts, sale
 * figures and attributes; `code` only when creating. Errors are the resolver's or the API's, worded
 * in the operator's language.
 */
export function BondFields<F extends AnyFields>({
  register,
  errors,
  watch,
  withCode,
  lockedFigures = false,
  slugs,
}: {
  register: UseFormRegister<F>;
  errors: FieldErrors<F>;
  watch: UseFormWatch<F>;
  withCode: boolean;
  /** Tokens are sold: price and supply are fixed (the API refuses them with `bond_tokens_sold`). */
  lockedFigures?: boolean;
  slugs?: Partial<Record<Locale, string>>;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  // the form is generic over both schemas; the paths used here exist in both
  const reg = register as unknown as UseFormRegister<BondCreateFields>;
  const err = errors as FieldErrors<BondCreateFields>;
  const price = Number((watch as unknown as UseFormWatch<BondCreateFields>)('priceCents'));
  const number = { valueAsNumber: true } as const;
  const text = (path: Path<BondCreateFields>) => reg(path);
  return (
    <div className="space-y-5">
      <Section title={t('bondAdmin.sections.basics')}>
        {withCode && (
          <Input
            label={t('bondAdmin.fields.code')}
            hint={t('bondAdmin.fields.codeHint')}
            required
            maxLength={60}
            autoCapitalize="characters"
            autoComplete="off"
            className="sm:col-span-2"
            error={err.code?.message}
            {...text('code')}
          />
        )}
        <Select
          label={t('bondAdmin.fields.taxon')}
          required
          placeholder={t('bondAdmin.fields.choose')}
          options={bondTaxonCodes.map((c) => ({ value: c, label: t(`bondAdmin.taxons.${c}`) }))}
          error={err.taxon?.message}
          {...text('taxon')}
        />
        <Input
          label={t('bondAdmin.fields.blockchainName')}
          required
          maxLength={60}
          error={err.blockchainName?.message}
          {...text('blockchainName')}
        />
      </Section>
      {(['de', 'en'] as const).map((l) => (
        <Section key={l} title={t('bondAdmin.sections.texts', { locale: t(`bondAdmin.localeNames.${l}`) })}>
          <Input
            label={t('bondAdmin.fields.name')}
            required
            maxLength={200}
            lang={l}
            className="sm:col-span-2"
            hint={slugs?.[l] ? t('bondAdmin.fields.slug', { slug: slugs[l] }) : undefined}
            error={err.translations?.[l]?.name?.message}
            {...text(`translations.${l}.name`)}
          />
          <Textarea
            label={t('bondAdmin.fields.shortDescription')}
            rows={2}
            maxLength={1000}
            lang={l}
            className="sm:col-span-2"
            error={err.translations?.[l]?.shortDescription?.message}
            {...text(`translations.${l}.shortDescription`)}
          />
          <Textarea
            label={t('bondAdmin.fields.description')}
            rows={5}
            maxLength={20_000}
            lang={l}
            className="sm:col-span-2"
            error={err.translations?.[l]?.description?.message}
            {...text(`translations.${l}.description`)}
          />
        </Section>
      ))}
      <Section title={t('bondAdmin.sections.sale')}>
        <Input
          label={t('bondAdmin.fields.priceCents')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          readOnly={lockedFigures}
          hint={
            Number.isFinite(price)
              ? t('bondAdmin.fields.priceHint', { price: formatEuro(price, { locale, fraction: 'always' }) })
              : undefined
          }
          error={err.priceCents?.message}
          {...reg('priceCents', number)}
        />
        <Input
          label={t('bondAdmin.fields.totalSupply')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          readOnly={lockedFigures}
          error={err.totalSupply?.message}
          {...reg('totalSupply', number)}
        />
        <Input
          label={t('bondAdmin.fields.quantityStep')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={err.quantityStep?.message}
          {...reg('quantityStep', number)}
        />
        <Input
          label={t('bondAdmin.fields.tokenId')}
          maxLength={100}
          error={err.tokenId?.message}
          {...text('tokenId')}
        />
        <Checkbox
          label={t('bondAdmin.fields.whitelisting')}
          className="sm:col-span-2"
          error={err.whitelisting?.message}
          {...reg('whitelisting')}
        />
      </Section>
      <Section title={t('bondAdmin.sections.attributes')}>
        <Input
          label={t('bondAdmin.fields.moreInformationUrl')}
          type="url"
          maxLength={500}
          className="sm:col-span-2"
          error={err.moreInformationUrl?.message}
          {...text('moreInformationUrl')}
        />
        <Input label={t('bondAdmin.fields.wkn')} maxLength={20} error={err.wkn?.message} {...text('wkn')} />
        <Input
          label={t('bondAdmin.fields.issuerSeat')}
          maxLength={100}
          error={err.issuerSeat?.message}
          {...text('issuerSeat')}
        />
      </Section>
    </div>
  );
}
