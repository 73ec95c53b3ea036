import { formatDateTime, formatEuro } from '@token/domain/format';
import {
  type BondTerms,
  type BondTermsVersionView,
  businessDayConventions,
  couponFrequencies,
  dayCountConventions,
  lockedTermsFields,
  maxCouponRateBasisPoints,
  maxRecordDateOffsetBusinessDays,
} from '@token/domain/servicing';
import { Lock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useServerErrors } from '../../../lib/form.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useOperator } from '../api/get-operator.ts';
import { useBondTerms } from '../api/servicing-get-terms.ts';
import { useSaveBondTerms } from '../api/servicing-save-terms.ts';
import { LoadFailed } from '../components/admin-gate.tsx';
import { useAdminLabels } from '../components/labels.ts';
import {
  formFieldOf,
  parseScaled,
  type TermsFormField,
  type TermsFormValues,
  termsFieldAliases,
  termsResolver,
  termsToForm,
} from './terms-form.ts';

const textFields = [
  'isin',
  'issuer',
  'nominalPerToken',
  'totalSupply',
  'issueVolume',
  'couponRate',
  'couponFrequency',
  'dayCountConvention',
  'issueDate',
  'firstCouponDate',
  'maturityDate',
  'businessDayConvention',
  'recordDateOffsetBusinessDays',
  'subscriptionStart',
  'subscriptionEnd',
  'minimumSubscription',
  'maximumOrderNonProfessional',
  'investorLimit',
  'professionalOnly',
  'exclusive',
] as const satisfies readonly TermsFormField[];

/** The locked fields a 409 names (`locked: isin, couponRateBasisPoints`), as the form's fields. */
export function lockedFieldsOf(err: unknown): TermsFormField[] {
  if (!(err instanceof ApiError) || err.code !== 'bond_terms_locked') return [];
  const named = (err.detail ?? '').replace(/^locked:\s*/, '').split(/,\s*/);
  return named.filter((f) => (lockedTermsFields as readonly string[]).includes(f)).map(formFieldOf);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-brand-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function VersionLine({ saved }: { saved: BondTermsVersionView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const operator = useOperator(true);
  const who = operator.data?.uuid === saved.createdBy ? t('servicing.terms.byYou') : saved.createdBy;
  return (
    <p className="text-sm text-slate-700">
      {t('servicing.terms.version', {
        version: saved.version,
        date: formatDateTime(saved.createdAt, { locale }),
        who,
      })}
    </p>
  );
}

function TermsForm({ code, saved }: { code: string; saved: BondTermsVersionView | null }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const save = useSaveBondTerms();
  const [locked, setLocked] = useState<TermsFormField[]>([]);
  const form = useForm<TermsFormValues, unknown, BondTerms>({
    resolver: termsResolver(locale),
    defaultValues: termsToForm(saved?.terms ?? null, locale),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const showServerErrors = useServerErrors(
    setError,
    textFields as readonly Path<TermsFormValues>[],
    termsFieldAliases,
  );
  const f = (name: TermsFormField) => `servicing.terms.fields.${name}`;
  const field = (name: Exclude<TermsFormField, 'professionalOnly' | 'exclusive'>, hint?: ReactNode) => ({
    label: t(`${f(name)}.label`),
    hint: hint ?? t(`${f(name)}.hint`),
    error: errors[name]?.message,
    ...register(name),
  });

  const nominal = parseScaled(watch('nominalPerToken'), locale, 2);
  const supply = parseScaled(watch('totalSupply'), locale, 0);
  const volume =
    Number.isSafeInteger(nominal) && Number.isSafeInteger(supply)
      ? formatEuro((nominal as number) * (supply as number), { locale })
      : null;
  const dayCount = watch('dayCountConvention');
  const options = (group: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`servicing.${group}.${value}`) }));

  const submit = handleSubmit((terms) => {
    setLocked([]);
    save.mutate(
      { code, terms },
      {
        onSuccess: (view) => {
          notify('success', t('servicing.terms.saved', { version: view.version }));
          form.reset(termsToForm(view.terms, locale));
        },
        onError: (err) => {
          const fields = lockedFieldsOf(err);
          if (fields.length === 0) {
            showServerErrors(err);
            return;
          }
          setLocked(fields);
          for (const [i, name] of fields.entries()) {
            setError(
              name,
              { type: 'locked', message: t('servicing.terms.lockedField') },
              { shouldFocus: i === 0 },
            );
          }
        },
      },
    );
  });

  const restoreLocked = () => {
    const old = termsToForm(saved?.terms ?? null, locale);
    for (const name of locked) setValue(name, old[name], { shouldValidate: true });
    setLocked([]);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('servicing.terms.title')}>
      {locked.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Lock className="size-4" aria-hidden="true" />
            {t('servicing.terms.lockedTitle')}
          </p>
          <p className="mt-1">{t('servicing.terms.lockedText')}</p>
          <p className="mt-1">
            {t('servicing.terms.lockedFields', {
              fields: locked.map((name) => t(`${f(name)}.label`)).join(', '),
            })}
          </p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={restoreLocked}>
            {t('servicing.terms.restoreLocked')}
          </Button>
        </div>
      )}
      <Section title={t('servicing.terms.sections.bond')}>
        <Input {...field('isin')} autoComplete="off" maxLength={12} className="sm:col-span-1" />
        <Input {...field('issuer')} autoComplete="organization" />
      </Section>
      <Section title={t('servicing.terms.sections.volume')}>
        <Input {...field('nominalPerToken')} inputMode="decimal" end={<Unit>€</Unit>} />
        <Input {...field('totalSupply')} inputMode="numeric" />
        <Input
          {...field(
            'issueVolume',
            volume ? t(`${f('issueVolume')}.hintWith`, { volume }) : t(`${f('issueVolume')}.hint`),
          )}
          inputMode="decimal"
          end={<Unit>€</Unit>}
        />
      </Section>
      <Section title={t('servicing.terms.sections.interest')}>
        <Input
          {...field(
            'couponRate',
            t(`${f('couponRate')}.hint`, { max: (maxCouponRateBasisPoints / 100).toLocaleString(locale) }),
          )}
          inputMode="decimal"
          end={<Unit>%</Unit>}
        />
        <Select
          {...field('couponFrequency')}
          options={options('frequencies', couponFrequencies)}
          placeholder={t('servicing.terms.choose')}
        />
        <Select
          {...field(
            'dayCountConvention',
            dayCount ? t(`servicing.dayCountHints.${dayCount}`) : t(`${f('dayCountConvention')}.hint`),
          )}
          options={options('dayCounts', dayCountConventions)}
          placeholder={t('servicing.terms.choose')}
        />
        <Select
          {...field('businessDayConvention')}
          options={options('businessDays', businessDayConventions)}
        />
        <Input {...field('issueDate')} type="date" />
        <Input {...field('firstCouponDate')} type="date" />
        <Input {...field('maturityDate')} type="date" />
        <Input
          {...field(
            'recordDateOffsetBusinessDays',
            t(`${f('recordDateOffsetBusinessDays')}.hint`, { max: maxRecordDateOffsetBusinessDays }),
          )}
          inputMode="numeric"
        />
      </Section>
      <Section title={t('servicing.terms.sections.sale')}>
        <Input {...field('subscriptionStart')} type="date" />
        <Input {...field('subscriptionEnd')} type="date" />
        <Input {...field('minimumSubscription')} inputMode="decimal" end={<Unit>€</Unit>} />
        <Input {...field('maximumOrderNonProfessional')} inputMode="decimal" end={<Unit>€</Unit>} />
        <Input {...field('investorLimit')} inputMode="numeric" />
        <div className="space-y-3 sm:col-span-2">
          <Checkbox
            label={t(`${f('professionalOnly')}.label`)}
            hint={t(`${f('professionalOnly')}.hint`)}
            error={errors.professionalOnly?.message}
            {...register('professionalOnly')}
          />
          <Checkbox
            label={t(`${f('exclusive')}.label`)}
            hint={t(`${f('exclusive')}.hint`)}
            error={errors.exclusive?.message}
            {...register('exclusive')}
          />
        </div>
      </Section>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {saved ? t('servicing.terms.saveVersion') : t('servicing.terms.saveFirst')}
        </Button>
        <p className="text-xs text-slate-600">{t('servicing.terms.lockNote')}</p>
      </div>
    </form>
  );
}

function Unit({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="pr-3 text-sm text-slate-600">
      {children}
    </span>
  );
}

/** The terms tab: the bond's terms in force (version, who saved it) as a form that saves the next version. */
export function TermsTab({ code }: { code: string }) {
  const { t } = useAdminLabels();
  const terms = useBondTerms(code);
  if (terms.isPending) return <Skeleton className="h-96 w-full" />;
  if (terms.isError) return <LoadFailed error={terms.error} retry={() => terms.refetch()} />;
  return (
    <section className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-brand-900">{t('servicing.terms.title')}</h2>
        {terms.data ? (
          <VersionLine saved={terms.data} />
        ) : (
          <p className="text-sm text-slate-700">{t('servicing.terms.none')}</p>
        )}
      </div>
      <TermsForm key={terms.data?.version ?? 0} code={code} saved={terms.data} />
    </section>
  );
}
