import { type CustomerResource, customerUpdateSchema } from '@token/domain/accounts';
import { useEffect } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useLocation } from 'react-router';
import { PersonNameFields, type PersonNameValues } from '../../components/person-name-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useUpdateCustomer } from './api/update-customer.ts';
import { AccountPageShell, Panel } from './components/page-shell.tsx';

const profileSchema = customerUpdateSchema.pick({
  salutation: true,
  title: true,
  firstName: true,
  lastName: true,
  mobileNumber: true,
  subscribedToNewsletter: true,
});
const fields = [
  'salutation',
  'title',
  'firstName',
  'lastName',
  'mobileNumber',
  'subscribedToNewsletter',
] as const;

/** Empty optional texts are stored as 'not given'. */
const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

function ProfileForm({ record }: { record: CustomerResource }) {
  const { t } = useTranslation(['account', 'accounts']);
  const location = useLocation();
  const update = useUpdateCustomer();
  const defaults = {
    salutation: record.salutation,
    title: record.title ?? '',
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    mobileNumber: record.mobileNumber ?? '',
    subscribedToNewsletter: record.subscribedToNewsletter,
  };
  const { register, handleSubmit, formState, setError, reset, setFocus } = useDomainForm(
    profileSchema,
    defaults,
  );
  const showServerErrors = useServerErrors(setError, fields);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  // /account/edit#newsletter is the notification settings of the account menu
  useEffect(() => {
    if (location.hash !== '#newsletter') return;
    document.getElementById('newsletter')?.scrollIntoView({ block: 'center' });
    setFocus('subscribedToNewsletter');
  }, [location.hash, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        ...values,
        title: orNull(values.title),
        mobileNumber: orNull(values.mobileNumber),
      });
      reset({
        salutation: saved.salutation,
        title: saved.title ?? '',
        firstName: saved.firstName ?? '',
        lastName: saved.lastName ?? '',
        mobileNumber: saved.mobileNumber ?? '',
        subscribedToNewsletter: saved.subscribedToNewsletter,
      });
      notify('success', t('notify.saved'));
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('profile.title')}>
      <Panel title={t('profile.personal')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <PersonNameFields
            register={register as unknown as UseFormRegister<PersonNameValues>}
            errors={e as FieldErrors<PersonNameValues>}
            namespace="accounts"
          />
          <Input
            label={t('fields.mobileNumber')}
            hint={t('hints.mobileNumber')}
            error={e.mobileNumber?.message}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+49 151 23456789"
            {...register('mobileNumber')}
          />
        </div>
      </Panel>
      <Panel title={t('profile.notifications')}>
        <div id="newsletter" className="scroll-mt-24">
          <Checkbox
            label={t('profile.newsletter')}
            hint={t('profile.newsletterHint')}
            error={e.subscribedToNewsletter?.message}
            {...register('subscribedToNewsletter')}
          />
        </div>
      </Panel>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('common.saving') : t('common.save')}
      </Button>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div className="space-y-6" aria-hidden="true">
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <div className="grid gap-5 sm:grid-cols-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** /account/edit (my profile, spec 2): salutation, title, names, mobile number, newsletter consent. */
export function EditProfilePage() {
  const { t } = useTranslation(['account', 'accounts']);
  const record = useCustomerRecord();
  return (
    <AccountPageShell title={t('profile.title')} intro={t('profile.intro')}>
      {record.data ? <ProfileForm record={record.data} /> : <FormSkeleton />}
    </AccountPageShell>
  );
}
