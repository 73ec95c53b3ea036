import { companyTypes } from '@token/domain/accounts';
import { platformToday } from '@token/domain/calendar';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { orNull } from '../../../lib/form.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Country, UboUser, UboUserInput } from '../types.ts';
import { CountrySelect } from './fields.tsx';

/** The fields of a person of the company's list (spec 3 UBO person), as the forms hold them. */
export type PersonValues = {
  type: 'natural' | 'legal';
  firstName: string;
  lastName: string;
  birthdate: string;
  birthplace: string;
  nationality: string;
  companyName: string;
  companyType: string;
  registerNumber: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  pep: boolean;
};

export const personFieldNames = [
  'type',
  'firstName',
  'lastName',
  'birthdate',
  'birthplace',
  'nationality',
  'companyName',
  'companyType',
  'registerNumber',
  'street',
  'postcode',
  'city',
  'country',
  'pep',
] as const satisfies readonly (keyof PersonValues)[];

export function personDefaults(u: UboUser | null): PersonValues {
  return {
    type: u?.type ?? 'natural',
    firstName: u?.firstName ?? '',
    lastName: u?.lastName ?? '',
    birthdate: u?.birthdate ?? '',
    birthplace: u?.birthplace ?? '',
    nationality: u?.nationality ?? '',
    companyName: u?.companyName ?? '',
    companyType: u?.companyType ?? '',
    registerNumber: u?.registerNumber ?? '',
    street: u?.street ?? '',
    postcode: u?.postcode ?? '',
    city: u?.city ?? '',
    country: u?.country ?? '',
    pep: u?.pep ?? false,
  };
}

/** The person's part of a POST/PATCH ubo-users body: a natural person's or a company's fields. */
export function personInput(v: PersonValues): Omit<UboUserInput, 'roles'> {
  const natural = v.type === 'natural';
  return {
    type: v.type,
    firstName: natural ? v.firstName.trim() : null,
    lastName: natural ? v.lastName.trim() : null,
    birthdate: natural ? v.birthdate : null,
    birthplace: natural ? v.birthplace.trim() : null,
    nationality: natural ? v.nationality : null,
    companyName: natural ? null : v.companyName.trim(),
    // a legal person's type was checked against the legal forms by the form
    companyType: natural ? null : (v.companyType as UboUserInput['companyType']),
    registerNumber: natural ? null : orNull(v.registerNumber),
    street: v.street.trim(),
    postcode: v.postcode.trim(),
    city: v.city.trim(),
    country: v.country,
    pep: natural ? v.pep : false,
  };
}

/** How a person is named in lists: their names, or the company's name. */
export function personName(u: Pick<UboUser, 'type' | 'firstName' | 'lastName' | 'companyName'>): string {
  if (u.type === 'legal') return u.companyName ?? '';
  return [u.firstName, u.lastName].filter(Boolean).join(' ');
}

/**
 * The person's own fields: type (unless fixed), names, birth date and place, nationality and PEP for
 * a natural person; name, legal form and register number for a company; the address for both.
 */
export function PersonFields({
  register,
  errors,
  type,
  countries,
  fixedType,
}: {
  register: UseFormRegister<PersonValues>;
  errors: FieldErrors<PersonValues>;
  type: 'natural' | 'legal';
  countries: readonly Country[];
  /** Beneficial owners are natural persons (GwG § 3); the user is one too. */
  fixedType?: boolean;
}) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="space-y-5">
      {!fixedType && (
        <RadioGroup
          label={t('persons.type')}
          error={errors.type?.message}
          required
          options={[
            { value: 'natural', label: t('persons.natural'), description: t('persons.naturalText') },
            { value: 'legal', label: t('persons.legal'), description: t('persons.legalText') },
          ]}
          {...register('type')}
        />
      )}
      {type === 'natural' ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label={t('fields.firstName')}
            error={errors.firstName?.message}
            required
            autoComplete="off"
            {...register('firstName')}
          />
          <Input
            label={t('fields.lastName')}
            error={errors.lastName?.message}
            required
            autoComplete="off"
            {...register('lastName')}
          />
          <Input
            label={t('fields.birthDate')}
            error={errors.birthdate?.message}
            required
            type="date"
            max={platformToday()}
            min="1900-01-01"
            {...register('birthdate')}
          />
          <Input
            label={t('fields.birthCity')}
            error={errors.birthplace?.message}
            required
            autoComplete="off"
            {...register('birthplace')}
          />
          <CountrySelect
            label={t('fields.nationality')}
            error={errors.nationality?.message}
            required
            countries={countries}
            className="sm:col-span-2"
            {...register('nationality')}
          />
        </div>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label={t('fields.companyName')}
            error={errors.companyName?.message}
            required
            autoComplete="off"
            className="sm:col-span-2"
            {...register('companyName')}
          />
          <Select
            label={t('fields.companyType')}
            error={errors.companyType?.message}
            required
            placeholder={t('form.choose')}
            options={companyTypes.map((c) => ({ value: c, label: t(`companyTypes.${c}`) }))}
            {...register('companyType')}
          />
          <Input
            label={t('fields.registryNumber')}
            error={errors.registerNumber?.message}
            required
            autoComplete="off"
            placeholder="HRB 123456"
            {...register('registerNumber')}
          />
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-6">
        <Input
          label={t('fields.street')}
          hint={t('hints.street')}
          error={errors.street?.message}
          required
          autoComplete="off"
          className="sm:col-span-6"
          {...register('street')}
        />
        <Input
          label={t('fields.postcode')}
          error={errors.postcode?.message}
          required
          autoComplete="off"
          className="sm:col-span-2"
          {...register('postcode')}
        />
        <Input
          label={t('fields.city')}
          error={errors.city?.message}
          required
          autoComplete="off"
          className="sm:col-span-4"
          {...register('city')}
        />
        <CountrySelect
          label={t('fields.country')}
          error={errors.country?.message}
          required
          countries={countries}
          className="sm:col-span-6"
          {...register('country')}
        />
      </div>
      {type === 'natural' && (
        <Checkbox
          label={t('persons.pep')}
          hint={t('persons.pepHint')}
          error={errors.pep?.message}
          {...register('pep')}
        />
      )}
    </div>
  );
}
