import type { UboRole } from '@token/domain/profile';
import { useEffect, useId, useRef } from 'react';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldMessages } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { useDomainForm, useServerErrors } from '../../../lib/form.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { useUnsavedChanges } from '../../../lib/navigation.ts';
import { useCreateUboUser } from '../api/create-ubo-user.ts';
import { useSendRepresentative } from '../api/send-representative.ts';
import { useUpdateUboUser } from '../api/update-ubo-user.ts';
import {
  type BeneficialOwnerFormValues,
  beneficialOwnerFormSchema,
  parsePercent,
  type RepresentativeFormValues,
  representativeFormSchema,
  representativeRoles,
  uboRoleCodes,
} from '../schemas.ts';
import type { Country, UboUser } from '../types.ts';
import {
  PersonFields,
  type PersonValues,
  personDefaults,
  personFieldNames,
  personInput,
  personName,
} from './person-fields.tsx';

const { authorisedRepresentative, beneficialOwner, beneficialOwnerIndirect, legalRepresentative } =
  uboRoleCodes;

/**
 * The person's roles with one group replaced (a representative may be a beneficial owner too);
 * `chosen` null takes the group's roles away.
 */
function withRoles(
  current: readonly UboRole[],
  group: readonly UboRole[],
  chosen: UboRole | null,
): UboRole[] {
  const kept = current.filter((r) => !group.includes(r));
  return (chosen === null ? kept : [...kept, chosen]).sort((a, b) => a - b);
}

/** The frame of an editor: a titled panel that takes the focus when it opens. */
function EditorFrame({
  title,
  children,
  onSubmit,
}: {
  title: string;
  children: React.ReactNode;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-brand-900">
        {title}
      </h3>
      <div className="mt-5 space-y-6">{children}</div>
    </form>
  );
}

function EditorButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {t('form.cancel')}
      </Button>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('form.saving') : t('form.savePerson')}
      </Button>
    </div>
  );
}

/**
 * Adds or edits a representative (spec 3): the person, whether they represent the company by law
 * (70) or by power of attorney (10), their roles and the statements. The user's own entry keeps
 * its type; confirming that the user represents the company by law sends the representative
 * (PATCH ubo-users/{id}/representative: role 10 removed).
 */
export function RepresentativeEditor({
  person,
  countries,
  onDone,
}: {
  person: UboUser | null;
  countries: readonly Country[];
  onDone: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const isUser = person?.isUser ?? false;
  const defaults: RepresentativeFormValues = {
    ...personDefaults(person),
    kind: person && !person.roles.includes(legalRepresentative) ? 'authorised' : 'legal',
    representativeRoles: (person?.representativeRoles ?? []).filter(
      (r): r is RepresentativeFormValues['representativeRoles'][number] =>
        (representativeRoles as readonly string[]).includes(r),
    ),
    memberOfRepresentativeBody: person?.memberOfRepresentativeBody ?? false,
    powerOfAttorney: person?.powerOfAttorney ?? false,
    paysChurchTax: person?.paysChurchTax ?? false,
  };
  const { register, handleSubmit, formState, setError, watch } = useDomainForm(
    representativeFormSchema,
    defaults,
  );
  const showServerErrors = useServerErrors(setError, [
    ...personFieldNames,
    'kind',
    'representativeRoles',
    'memberOfRepresentativeBody',
    'powerOfAttorney',
    'paysChurchTax',
  ] as Path<RepresentativeFormValues>[]);
  const create = useCreateUboUser();
  const update = useUpdateUboUser();
  const send = useSendRepresentative();
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const onSubmit = handleSubmit(async (v) => {
    const role = v.kind === 'legal' ? legalRepresentative : authorisedRepresentative;
    const input = {
      ...personInput(v as PersonValues),
      roles: withRoles(person?.roles ?? [], [authorisedRepresentative, legalRepresentative], role),
      representativeRoles: v.representativeRoles,
      memberOfRepresentativeBody: v.memberOfRepresentativeBody,
      powerOfAttorney: v.powerOfAttorney,
      paysChurchTax: v.paysChurchTax,
    };
    try {
      if (!person) await create.mutateAsync(input);
      else {
        const saved = await update.mutateAsync({ id: person.id, input });
        // spec 5: the user's entry with role 10 alone needs authority; sending it removes role 10
        if (isUser && v.kind === 'legal' && !saved.representativeSent) await send.mutateAsync(person.id);
      }
      onDone();
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  const rolesError = (e.representativeRoles as { message?: string } | undefined)?.message;
  const rolesId = useId();
  return (
    <EditorFrame
      title={
        !person
          ? t('representatives.addTitle')
          : isUser
            ? t('persons.editYou')
            : t('persons.editTitle', { name: personName(person) })
      }
      onSubmit={onSubmit}
    >
      <PersonFields
        register={register as unknown as UseFormRegister<PersonValues>}
        errors={e as FieldErrors<PersonValues>}
        type={watch('type')}
        countries={countries}
        fixedType={isUser}
      />
      <RadioGroup
        label={t('representatives.kind')}
        error={e.kind?.message}
        required
        options={[
          { value: 'legal', label: t('representatives.legal'), description: t('representatives.legalText') },
          {
            value: 'authorised',
            label: t('representatives.authorised'),
            description: t('representatives.authorisedText'),
          },
        ]}
        {...register('kind')}
      />
      <fieldset aria-describedby={rolesError ? `${rolesId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('representatives.roles')}</legend>
        <p className="mt-0.5 text-xs text-slate-600">{t('representatives.rolesHint')}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {representativeRoles.map((r) => (
            <Checkbox
              key={r}
              label={t(`representativeRoles.${r}`)}
              value={r}
              {...register('representativeRoles')}
            />
          ))}
        </div>
        <FieldMessages id={rolesId} error={rolesError} />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t('representatives.statements')}</legend>
        <Checkbox
          label={t('statements.memberOfRepresentativeBody')}
          {...register('memberOfRepresentativeBody')}
        />
        <Checkbox label={t('statements.powerOfAttorney')} {...register('powerOfAttorney')} />
        <Checkbox
          label={t('statements.paysChurchTax')}
          hint={t('statements.paysChurchTaxHint')}
          {...register('paysChurchTax')}
        />
      </fieldset>
      <EditorButtons busy={formState.isSubmitting} onCancel={onDone} />
    </EditorFrame>
  );
}

/** A percentage for the form's text field, in the visitor's notation (25,5 in German). */
function percentText(value: number | null, locale: string): string {
  if (value === null) return '';
  return locale === 'de' ? String(value).replace('.', ',') : String(value);
}

/**
 * Adds or edits a beneficial owner (spec 3, GwG § 3 (2)): a natural person who holds more than 25 %
 * of capital or votes directly (60) or through companies they control (61), with the percentages;
 * or the fictitious beneficial owner (the legal representative, when no real one exists).
 * `person` may be someone already listed as representative: they keep those roles.
 */
export function BeneficialOwnerEditor({
  person,
  countries,
  onDone,
}: {
  person: UboUser | null;
  countries: readonly Country[];
  onDone: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const isOwner =
    person?.fictitiousBeneficialOwner ||
    person?.roles.some((r) => r === beneficialOwner || r === beneficialOwnerIndirect);
  const defaults: BeneficialOwnerFormValues = {
    ...personDefaults(person),
    type: 'natural',
    ownership: !isOwner
      ? (undefined as unknown as BeneficialOwnerFormValues['ownership'])
      : person?.fictitiousBeneficialOwner
        ? 'fictitious'
        : person?.roles.includes(beneficialOwnerIndirect)
          ? 'indirect'
          : 'direct',
    equityShares: percentText(person?.equityShares ?? null, locale),
    votingShares: percentText(person?.votingShares ?? null, locale),
  };
  const { register, handleSubmit, formState, setError, watch } = useDomainForm(
    beneficialOwnerFormSchema,
    defaults,
  );
  const showServerErrors = useServerErrors(
    setError,
    [...personFieldNames, 'ownership', 'equityShares', 'votingShares'] as Path<BeneficialOwnerFormValues>[],
    { fictitiousBeneficialOwner: 'ownership' },
  );
  const create = useCreateUboUser();
  const update = useUpdateUboUser();
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);
  const ownership = watch('ownership');

  const onSubmit = handleSubmit(async (v) => {
    const fictitious = v.ownership === 'fictitious';
    // GwG § 3 (2): the fictitious beneficial owner is nobody's real one, so it carries no role 60/61
    const role = fictitious ? null : v.ownership === 'indirect' ? beneficialOwnerIndirect : beneficialOwner;
    const input = {
      ...personInput(v as PersonValues),
      roles: withRoles(person?.roles ?? [], [beneficialOwner, beneficialOwnerIndirect], role),
      fictitiousBeneficialOwner: fictitious,
      equityShares: fictitious ? null : parsePercent(v.equityShares),
      votingShares: fictitious ? null : parsePercent(v.votingShares),
    };
    try {
      if (person) await update.mutateAsync({ id: person.id, input });
      else await create.mutateAsync(input);
      onDone();
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  return (
    <EditorFrame
      title={
        !person
          ? t('ubo.addTitle')
          : person.isUser
            ? t('persons.editYou')
            : t('persons.editTitle', { name: personName(person) })
      }
      onSubmit={onSubmit}
    >
      <PersonFields
        register={register as unknown as UseFormRegister<PersonValues>}
        errors={e as FieldErrors<PersonValues>}
        type="natural"
        countries={countries}
        fixedType
      />
      <RadioGroup
        label={t('ubo.ownership')}
        error={e.ownership?.message}
        required
        options={[
          { value: 'direct', label: t('ubo.direct'), description: t('ubo.directText') },
          { value: 'indirect', label: t('ubo.indirect'), description: t('ubo.indirectText') },
          { value: 'fictitious', label: t('ubo.fictitious'), description: t('ubo.fictitiousText') },
        ]}
        {...register('ownership')}
      />
      {ownership !== 'fictitious' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label={t('fields.equityShares')}
            hint={t('hints.percent')}
            error={e.equityShares?.message}
            required
            inputMode="decimal"
            autoComplete="off"
            end={<span className="pr-3 text-sm text-slate-600">%</span>}
            {...register('equityShares')}
          />
          <Input
            label={t('fields.votingShares')}
            hint={t('hints.percent')}
            error={e.votingShares?.message}
            required
            inputMode="decimal"
            autoComplete="off"
            end={<span className="pr-3 text-sm text-slate-600">%</span>}
            {...register('votingShares')}
          />
        </div>
      )}
      <EditorButtons busy={formState.isSubmitting} onCancel={onDone} />
    </EditorFrame>
  );
}
