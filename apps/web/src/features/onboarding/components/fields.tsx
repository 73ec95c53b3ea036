import type { ChangeEvent } from 'react';
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { Input, type InputProps } from '../../../components/ui/input.tsx';
import { Select, type SelectProps } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Country, Currency } from '../types.ts';
import { caretAfterFormat, formatIban } from './iban.ts';

/** A country of the reference data, by name in the visitor's language. */
export function CountrySelect({
  countries,
  ...props
}: Omit<SelectProps, 'options' | 'placeholder'> & { countries: readonly Country[] }) {
  const { t } = useTranslation('onboarding');
  return (
    <Select
      placeholder={t('form.choose')}
      options={countries.map((c) => ({ value: c.code, label: c.name }))}
      autoComplete={props.autoComplete ?? 'off'}
      {...props}
    />
  );
}

/**
 * The IBAN, shown in groups of four while it is typed (DE89 3704 0044 …) with the caret kept in
 * place; the schema sends it without spaces.
 */
export function IbanInput({
  registration,
  ...props
}: Omit<InputProps, 'name' | 'onChange' | 'onBlur' | 'ref'> & { registration: UseFormRegisterReturn }) {
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const typed = input.value;
    const formatted = formatIban(typed);
    if (formatted !== typed) {
      const caret = caretAfterFormat(formatted, typed, input.selectionStart ?? typed.length);
      input.value = formatted;
      if (document.activeElement === input) input.setSelectionRange(caret, caret);
    }
    return registration.onChange(e);
  };
  return (
    <Input
      {...props}
      {...registration}
      onChange={onChange}
      inputMode="text"
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      className={props.className}
    />
  );
}

/** The fields the bank and address groups edit (the personal and the company forms share them). */
export type BankValues = {
  bankCountry: string;
  beneficiary: string;
  bankName: string;
  bic: string;
  iban: string;
  bankCurrency: string;
};
export type AddressValues = { street: string; postcode: string; city: string; countryCode: string };

/** spec 3 bank account: bank country, account holder, bank, BIC, IBAN, currency. */
export function BankFields({
  register,
  errors,
  countries,
  currencies,
}: {
  register: UseFormRegister<BankValues>;
  errors: FieldErrors<BankValues>;
  countries: readonly Country[];
  currencies: readonly Currency[];
}) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Input
        label={t('fields.beneficiary')}
        hint={t('hints.beneficiary')}
        error={errors.beneficiary?.message}
        required
        autoComplete="cc-name"
        {...register('beneficiary')}
      />
      <Input
        label={t('fields.bankName')}
        error={errors.bankName?.message}
        required
        autoComplete="off"
        {...register('bankName')}
      />
      <IbanInput
        label={t('fields.iban')}
        hint={t('hints.iban')}
        error={errors.iban?.message}
        required
        placeholder="DE89 3704 0044 0532 0130 00"
        className="sm:col-span-2"
        registration={register('iban')}
      />
      <Input
        label={t('fields.bic')}
        hint={t('hints.bic')}
        error={errors.bic?.message}
        required
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        placeholder="COBADEFFXXX"
        {...register('bic')}
      />
      <CountrySelect
        label={t('fields.bankCountry')}
        error={errors.bankCountry?.message}
        required
        countries={countries}
        {...register('bankCountry')}
      />
      <Select
        label={t('fields.bankCurrency')}
        error={errors.bankCurrency?.message}
        required
        placeholder={t('form.choose')}
        options={currencies.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
        {...register('bankCurrency')}
      />
    </div>
  );
}

/** spec 3 address: street and house number, postcode, city, country. */
export function AddressFields({
  register,
  errors,
  countries,
  kind,
}: {
  register: UseFormRegister<AddressValues>;
  errors: FieldErrors<AddressValues>;
  countries: readonly Country[];
  /** Autofill sections: the person's home or the company's seat. */
  kind: 'personal' | 'company';
}) {
  const { t } = useTranslation('onboarding');
  const section = kind === 'company' ? 'section-company ' : '';
  return (
    <div className="grid gap-5 sm:grid-cols-6">
      <Input
        label={t('fields.street')}
        hint={t('hints.street')}
        error={errors.street?.message}
        required
        autoComplete={`${section}street-address`}
        className="sm:col-span-6"
        {...register('street')}
      />
      <Input
        label={t('fields.postcode')}
        error={errors.postcode?.message}
        required
        autoComplete={`${section}postal-code`}
        className="sm:col-span-2"
        {...register('postcode')}
      />
      <Input
        label={t('fields.city')}
        error={errors.city?.message}
        required
        autoComplete={`${section}address-level2`}
        className="sm:col-span-4"
        {...register('city')}
      />
      <CountrySelect
        label={t('fields.country')}
        error={errors.countryCode?.message}
        required
        countries={countries}
        autoComplete={`${section}country`}
        className="sm:col-span-6"
        {...register('countryCode')}
      />
    </div>
  );
}
