import { companyTypes } from '@token/domain/accounts';
import { platformToday } from '@token/domain/calendar';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { orNull, useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCountries, useCurrencies } from '../../lib/reference.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useCreateAddress } from './api/create-address.ts';
import { useDefaultAddress } from './api/get-default-address.ts';
import { useUpdateAddress } from './api/update-address.ts';
import { useUpdateCompanyData } from './api/update-company-data.ts';
import { AddressFields, type AddressValues, BankFields, type BankValues } from './components/fields.tsx';
import { formatIban } from './components/iban.ts';
import { FormSkeleton, LoadFailed, Panel, retryFailed, StepActions } from './components/step-parts.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';
import { type CompanyFormValues, companyFormSchema } from './schemas.ts';
import type { Address, Country, Currency, OnboardingCustomer } from './types.ts';

const fields = [
  'companyName',
  'companyType',
  'taxnumber',
  'vatNumber',
  'registryNumber',
  'court',
  'foundingDate',
  'bankCountry',
  'beneficiary',
  'bankName',
  'bic',
  'iban',
  'bankCurrency',
  'street',
  'postcode',
  'city',
  'countryCode',
] as const satisfies readonly (keyof CompanyFormValues)[];

function defaultsOf(record: OnboardingCustomer, address: Address | null): CompanyFormValues {
  return {
    companyName: record.companyName ?? '',
    companyType: record.companyType ?? ('' as CompanyFormValues['companyType']),
    taxnumber: record.taxnumber ?? '',
    vatNumber: record.vatNumber ?? '',
    registryNumber: record.registryNumber ?? '',
    court: record.court ?? '',
    foundingDate: record.foundingDate ?? '',
    bankCountry: record.bankCountry ?? '',
    beneficiary: record.beneficiary ?? record.companyName ?? '',
    bankName: record.bankName ?? '',
    bic: record.bic ?? '',
    iban: formatIban(record.iban ?? ''),
    bankCurrency: record.bankCurrency ?? 'EUR',
    street: address?.street ?? '',
    postcode: address?.postcode ?? '',
    city: address?.city ?? '',
    countryCode: address?.countryCode ?? '',
  };
}

/**
 * The company form once its data is there: `/self-disclosure/company` (mode `step`: saved, then on
 * to the step the server names) and `/account/company-edit` (mode `account`: saved, the page stays).
 */
export function CompanyForm({
  record,
  address,
  countries,
  currencies,
  mode = 'step',
}: {
  record: OnboardingCustomer;
  address: Address | null;
  countries: readonly Country[];
  currencies: readonly Currency[];
  mode?: 'step' | 'account';
}) {
  const { t } = useTranslation('onboarding');
  const { pathname } = useLocation();
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(
    companyFormSchema,
    defaultsOf(record, address),
  );
  const showServerErrors = useServerErrors(setError, fields);
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const update = useUpdateCompanyData();
  const continueOnboarding = useContinueOnboarding();
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const onSubmit = handleSubmit(async (v) => {
    try {
      // the company's seat; the contact person named on it is the user
      const addressInput = {
        kind: 'company' as const,
        firstName: record.firstName ?? '',
        lastName: record.lastName ?? '',
        company: v.companyName,
        street: v.street.trim(),
        postcode: v.postcode.trim(),
        city: v.city.trim(),
        countryCode: v.countryCode,
      };
      if (address) await updateAddress.mutateAsync({ id: address.id, input: addressInput });
      else await createAddress.mutateAsync(addressInput);
      await update.mutateAsync({
        companyName: v.companyName,
        companyType: v.companyType,
        taxnumber: v.taxnumber,
        vatNumber: orNull(v.vatNumber?.toUpperCase()),
        registryNumber: orNull(v.registryNumber),
        court: orNull(v.court),
        foundingDate: v.foundingDate,
        iban: v.iban,
        bic: v.bic,
        bankName: v.bankName.trim(),
        beneficiary: v.beneficiary.trim(),
        bankCountry: v.bankCountry,
        bankCurrency: v.bankCurrency,
      });
      reset(undefined, { keepValues: true });
      if (mode === 'step') await continueOnboarding({ from: pathname });
      else notify('success', t('notify.saved'));
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('steps.company')}>
      {mode === 'step' && <p className="max-w-2xl text-slate-700">{t('company.intro')}</p>}
      <Panel title={t('company.company')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label={t('fields.companyName')}
            hint={t('hints.companyName')}
            error={e.companyName?.message}
            required
            autoComplete="organization"
            className="sm:col-span-2"
            {...register('companyName')}
          />
          <Select
            label={t('fields.companyType')}
            error={e.companyType?.message}
            required
            placeholder={t('form.choose')}
            options={companyTypes.map((c) => ({ value: c, label: t(`companyTypes.${c}`) }))}
            className="sm:col-span-2"
            {...register('companyType')}
          />
          <Input
            label={t('fields.registryNumber')}
            hint={t('hints.registryNumber')}
            error={e.registryNumber?.message}
            autoComplete="off"
            placeholder="HRB 123456"
            {...register('registryNumber')}
          />
          <Input
            label={t('fields.court')}
            hint={t('hints.court')}
            error={e.court?.message}
            autoComplete="off"
            {...register('court')}
          />
          <Input
            label={t('fields.foundingDate')}
            error={e.foundingDate?.message}
            required
            type="date"
            max={platformToday()}
            min="1900-01-01"
            {...register('foundingDate')}
          />
          <Input
            label={t('fields.taxnumber')}
            hint={t('hints.taxnumber')}
            error={e.taxnumber?.message}
            required
            autoComplete="off"
            {...register('taxnumber')}
          />
          <Input
            label={t('fields.vatNumber')}
            hint={t('hints.vatNumber')}
            error={e.vatNumber?.message}
            autoComplete="off"
            placeholder="DE123456789"
            {...register('vatNumber')}
          />
        </div>
      </Panel>
      <Panel title={t('company.address')}>
        <AddressFields
          register={register as unknown as UseFormRegister<AddressValues>}
          errors={e as FieldErrors<AddressValues>}
          countries={countries}
          kind="company"
        />
      </Panel>
      <Panel title={t('company.bank')} description={t('company.bankIntro')}>
        <BankFields
          register={register as unknown as UseFormRegister<BankValues>}
          errors={e as FieldErrors<BankValues>}
          countries={countries}
          currencies={currencies}
        />
      </Panel>
      <StepActions busy={formState.isSubmitting} label={mode === 'account' ? t('form.save') : undefined} />
    </form>
  );
}

/**
 * /self-disclosure/company (company accounts, the first step): company data per the contract (PUT
 * companies/{uuid}) and the company's address (POST or PUT addresses, kind company).
 */
export function CompanyPage() {
  const record = useCustomerRecord();
  const address = useDefaultAddress('company');
  const countries = useCountries();
  const currencies = useCurrencies();
  const queries = [record, address, countries, currencies];
  if (record.data && record.data.accountType !== 'company') return <Navigate replace to="/self-disclosure" />;
  if (queries.some((q) => q.isError)) {
    return <LoadFailed onRetry={() => retryFailed(queries)} />;
  }
  if (!record.data || address.isPending || !countries.data || !currencies.data) {
    return <FormSkeleton panels={[7, 4, 6]} />;
  }
  return (
    <CompanyForm
      record={record.data as OnboardingCustomer}
      address={address.data ?? null}
      countries={countries.data}
      currencies={currencies.data}
    />
  );
}
