import { platformToday } from '@token/domain/calendar';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useLocation } from 'react-router';
import { PersonNameFields, type PersonNameValues } from '../../components/person-name-fields.tsx';
import { Input } from '../../components/ui/input.tsx';
import { orNull, useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { useCountries, useCurrencies } from '../../lib/reference.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useCreateAddress } from './api/create-address.ts';
import { useDefaultAddress } from './api/get-default-address.ts';
import { useUpdateAddress } from './api/update-address.ts';
import { useUpdatePersonalData } from './api/update-personal-data.ts';
import {
  AddressFields,
  type AddressValues,
  BankFields,
  type BankValues,
  CountrySelect,
} from './components/fields.tsx';
import { formatIban } from './components/iban.ts';
import { FormSkeleton, LoadFailed, Panel, retryFailed, StepActions } from './components/step-parts.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';
import { type PersonalFormValues, personalFormSchema, personalFormWithoutBankSchema } from './schemas.ts';
import type { Address, Country, Currency, OnboardingCustomer, PersonalDataInput } from './types.ts';

const fields = [
  'salutation',
  'title',
  'firstName',
  'lastName',
  'birthDate',
  'birthCity',
  'birthCountry',
  'nationality',
  'street',
  'postcode',
  'city',
  'countryCode',
  'mobileNumber',
  'bankCountry',
  'beneficiary',
  'bankName',
  'bic',
  'iban',
  'bankCurrency',
] as const satisfies readonly (keyof PersonalFormValues)[];

/** The contract spells the birth date both ways; the API's wording of the field maps onto the form's. */
const aliases = { birthday: 'birthDate' } as const;

function defaultsOf(
  record: OnboardingCustomer,
  address: Address | null,
  withBank: boolean,
): PersonalFormValues {
  const name = [record.firstName, record.lastName].filter(Boolean).join(' ');
  return {
    salutation: record.salutation,
    title: record.title ?? '',
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    birthDate: record.birthDate ?? record.birthday ?? '',
    birthCity: record.birthCity ?? '',
    birthCountry: record.birthCountry ?? '',
    nationality: record.nationality ?? '',
    street: address?.street ?? '',
    postcode: address?.postcode ?? '',
    city: address?.city ?? '',
    countryCode: address?.countryCode ?? '',
    mobileNumber: record.mobileNumber ?? '',
    // a company's bank account is on the company page; these stay out of the form then
    bankCountry: withBank ? (record.bankCountry ?? '') : '',
    beneficiary: withBank ? (record.beneficiary ?? name) : '',
    bankName: withBank ? (record.bankName ?? '') : '',
    bic: withBank ? (record.bic ?? '') : '',
    iban: withBank ? formatIban(record.iban ?? '') : '',
    bankCurrency: withBank ? (record.bankCurrency ?? 'EUR') : '',
  };
}

/** The form of `/self-disclosure/personal` once its data is there. */
export function PersonalForm({
  record,
  address,
  countries,
  currencies,
}: {
  record: OnboardingCustomer;
  address: Address | null;
  countries: readonly Country[];
  currencies: readonly Currency[];
}) {
  const { t } = useTranslation('onboarding');
  const { pathname } = useLocation();
  const withBank = record.accountType === 'personal';
  // one form type: without a bank account the bank fields stay empty and unchecked
  const schema = (withBank ? personalFormSchema : personalFormWithoutBankSchema) as typeof personalFormSchema;
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(
    schema,
    defaultsOf(record, address, withBank),
  );
  const showServerErrors = useServerErrors(setError, fields, aliases);
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const update = useUpdatePersonalData();
  const continueOnboarding = useContinueOnboarding();
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    const v = values as PersonalFormValues;
    try {
      // the address first: when it is refused, nothing of the form has changed yet
      const addressInput = {
        kind: 'personal' as const,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        street: v.street.trim(),
        postcode: v.postcode.trim(),
        city: v.city.trim(),
        countryCode: v.countryCode,
      };
      if (address) await updateAddress.mutateAsync({ id: address.id, input: addressInput });
      else await createAddress.mutateAsync(addressInput);
      const input: PersonalDataInput = {
        salutation: v.salutation,
        title: orNull(v.title),
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        birthDate: v.birthDate,
        birthCity: v.birthCity.trim(),
        birthCountry: v.birthCountry,
        nationality: v.nationality,
        mobileNumber: v.mobileNumber.trim(),
        ...(withBank
          ? {
              bankCountry: v.bankCountry,
              beneficiary: v.beneficiary.trim(),
              bankName: v.bankName.trim(),
              bic: v.bic,
              iban: v.iban,
              bankCurrency: v.bankCurrency,
            }
          : {}),
      };
      await update.mutateAsync(input);
      reset(undefined, { keepValues: true });
      await continueOnboarding({ from: pathname });
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  const addressRegister = register as unknown as UseFormRegister<AddressValues>;
  const bankRegister = register as unknown as UseFormRegister<BankValues>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('steps.personal')}>
      <p className="max-w-2xl text-slate-700">
        {withBank ? t('personal.intro') : t('personal.introCompany')}
      </p>
      <Panel title={t('personal.person')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <PersonNameFields
            register={register as unknown as UseFormRegister<PersonNameValues>}
            errors={e as FieldErrors<PersonNameValues>}
            namespace="onboarding"
          />
          <Input
            label={t('fields.birthDate')}
            hint={t('hints.birthDate')}
            error={e.birthDate?.message}
            required
            type="date"
            max={platformToday()}
            min="1900-01-01"
            autoComplete="bday"
            {...register('birthDate')}
          />
          <Input
            label={t('fields.birthCity')}
            error={e.birthCity?.message}
            required
            autoComplete="off"
            {...register('birthCity')}
          />
          <CountrySelect
            label={t('fields.birthCountry')}
            error={e.birthCountry?.message}
            required
            countries={countries}
            {...register('birthCountry')}
          />
          <CountrySelect
            label={t('fields.nationality')}
            hint={t('hints.nationality')}
            error={e.nationality?.message}
            required
            countries={countries}
            {...register('nationality')}
          />
        </div>
      </Panel>
      <Panel title={t('personal.address')} description={t('personal.addressIntro')}>
        <AddressFields
          register={addressRegister}
          errors={e as FieldErrors<AddressValues>}
          countries={countries}
          kind="personal"
        />
      </Panel>
      <Panel title={t('personal.contact')}>
        <Input
          label={t('fields.mobileNumber')}
          hint={t('hints.mobileNumber')}
          error={e.mobileNumber?.message}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+49 151 23456789"
          className="sm:max-w-sm"
          {...register('mobileNumber')}
        />
      </Panel>
      {withBank && (
        <Panel title={t('personal.bank')} description={t('personal.bankIntro')}>
          <BankFields
            register={bankRegister}
            errors={e as FieldErrors<BankValues>}
            countries={countries}
            currencies={currencies}
          />
        </Panel>
      )}
      <StepActions busy={formState.isSubmitting} />
    </form>
  );
}

/**
 * /self-disclosure/personal (spec 3 personal profile form): the person, their address (POST or PUT
 * addresses, kind personal), mobile number and, for personal accounts, the bank account (PUT
 * customers/{uuid}). Then on to the step the server names.
 */
export function PersonalPage() {
  const record = useCustomerRecord();
  const address = useDefaultAddress('personal');
  const countries = useCountries();
  const currencies = useCurrencies();
  const queries = [record, address, countries, currencies];
  if (queries.some((q) => q.isError)) {
    return <LoadFailed onRetry={() => retryFailed(queries)} />;
  }
  if (!record.data || address.isPending || !countries.data || !currencies.data) {
    return <FormSkeleton panels={[8, 4, 1, 6]} />;
  }
  return (
    <PersonalForm
      record={record.data as OnboardingCustomer}
      address={address.data ?? null}
      countries={countries.data}
      currencies={currencies.data}
    />
  );
}
