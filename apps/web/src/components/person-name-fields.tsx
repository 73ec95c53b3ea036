import { type Salutation, salutations } from '@token/domain/accounts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../lib/i18n.ts';
import { Input } from './ui/input.tsx';
import { Select } from './ui/select.tsx';

/** First and last name, as every form naming a person holds them. */
export type FirstLastNameValues = { firstName: string; lastName: string };

/**
 * First and last name (required), for sign-up, the edit-profile form and the self-disclosure;
 * labels and hints from the caller's namespace. Place it inside a grid: the two fields are its cells.
 */
export function FirstLastNameFields({
  register,
  errors,
  namespace,
}: {
  register: UseFormRegister<FirstLastNameValues>;
  errors: FieldErrors<FirstLastNameValues>;
  namespace: 'accounts' | 'onboarding';
}) {
  const { t } = useTranslation(namespace);
  return (
    <>
      <Input
        label={t('fields.firstName')}
        hint={t('hints.name')}
        error={errors.firstName?.message}
        required
        autoComplete="given-name"
        {...register('firstName')}
      />
      <Input
        label={t('fields.lastName')}
        hint={t('hints.name')}
        error={errors.lastName?.message}
        required
        autoComplete="family-name"
        {...register('lastName')}
      />
    </>
  );
}

/** The person's name as the profile and the self-disclosure forms hold it. */
export type PersonNameValues = {
  salutation: Salutation | null;
  title: string;
  firstName: string;
  lastName: string;
};

/**
 * Salutation, title, first and last name (spec 3 personal profile), for the edit-profile form and
 * the self-disclosure's personal page alike; each reads its labels and hints from its own
 * namespace (`fields.*`, `hints.*`, `salutations.*`), which words the hints for its purpose.
 * Place it inside a grid: the four fields are its cells.
 */
export function PersonNameFields({
  register,
  errors,
  namespace,
}: {
  register: UseFormRegister<PersonNameValues>;
  errors: FieldErrors<PersonNameValues>;
  namespace: 'accounts' | 'onboarding';
}) {
  const { t } = useTranslation(namespace);
  return (
    <>
      <Select
        label={t('fields.salutation')}
        hint={t('hints.optional')}
        error={errors.salutation?.message}
        placeholder={t('salutations.none')}
        options={salutations.map((s) => ({ value: s, label: t(`salutations.${s}`) }))}
        {...register('salutation', { setValueAs: (v: string | null) => (v ? v : null) })}
      />
      <Input
        label={t('fields.title')}
        hint={t('hints.title')}
        error={errors.title?.message}
        autoComplete="honorific-prefix"
        {...register('title')}
      />
      <FirstLastNameFields
        register={register as unknown as UseFormRegister<FirstLastNameValues>}
        errors={errors}
        namespace={namespace}
      />
    </>
  );
}
