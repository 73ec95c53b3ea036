import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerResource, CustomerUpdateInput } from '@token/domain/accounts';
import {
  maxSocialLinks,
  publicProfileFormSchema,
  type SocialNetwork,
  socialNetworks,
} from '@token/domain/marketplace';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { accountKeys } from '../../lib/customer.ts';
import { useErrorKeyText } from '../../lib/error-text.tsx';
import { orNull, useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { ProfileImageField } from './profile-image-field.tsx';

const fields = ['displayName', 'profileName', 'profileDescription', 'website', 'socialLinks'] as const;

/** PUT customers/{uuid} with the public profile fields only. */
function useSaveProfile(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerUpdateInput) =>
      apiRequest<CustomerResource>(`/api/v2/shop/customers/${encodeURIComponent(uuid)}`, {
        method: 'PUT',
        auth: true,
        body: input,
      }),
    onSuccess: (record) => {
      queryClient.setQueryData(accountKeys.customer(record.uuid), record);
      return queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
    meta: { silentErrors: true },
  });
}

function defaultsOf(r: CustomerResource) {
  return {
    displayName: r.displayName ?? '',
    profileName: r.profileName ?? '',
    profileDescription: r.profileDescription ?? '',
    website: r.website ?? '',
    socialLinks: r.socialLinks,
  };
}

function ProfileForm({ record }: { record: CustomerResource }) {
  const { t } = useTranslation('collections');
  const save = useSaveProfile(record.uuid);
  const { register, handleSubmit, formState, setError, reset, control } = useDomainForm(
    publicProfileFormSchema,
    defaultsOf(record),
  );
  const links = useFieldArray({ control, name: 'socialLinks' });
  const showServerErrors = useServerErrors(setError, fields);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);
  const networkOptions = socialNetworks.map((n) => ({ value: n, label: t(`networks.${n}`) }));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        displayName: orNull(values.displayName),
        profileName: orNull(values.profileName),
        profileDescription: orNull(values.profileDescription),
        website: orNull(values.website),
        socialLinks: values.socialLinks,
      });
      reset(defaultsOf(saved));
      notify('success', t('editProfile.saved'));
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('editProfile.title')}>
      <section className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label={t('editProfile.displayName')}
            hint={t('editProfile.displayNameHint')}
            error={e.displayName?.message}
            autoComplete="nickname"
            {...register('displayName')}
          />
          <Input
            label={t('editProfile.profileName')}
            hint={t('editProfile.profileNameHint')}
            error={e.profileName?.message}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('profileName')}
          />
        </div>
        <Textarea
          label={t('editProfile.bio')}
          error={e.profileDescription?.message}
          rows={4}
          {...register('profileDescription')}
        />
        <Input
          label={t('editProfile.website')}
          hint={t('editProfile.websiteHint')}
          error={e.website?.message}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...register('website')}
        />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-brand-900">{t('editProfile.socialLinks')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {t('editProfile.socialLinksHint', { count: maxSocialLinks })}
        </p>
        {e.socialLinks?.message && <ListError error={e.socialLinks.message} />}
        <ul className="mt-4 space-y-4">
          {links.fields.map((field, i) => (
            <li key={field.id} className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
              <Select
                label={t('editProfile.network')}
                options={networkOptions}
                error={e.socialLinks?.[i]?.network?.message}
                {...register(`socialLinks.${i}.network`)}
              />
              <Input
                label={t('editProfile.linkUrl')}
                error={e.socialLinks?.[i]?.url?.message}
                type="url"
                inputMode="url"
                placeholder="https://"
                {...register(`socialLinks.${i}.url`)}
              />
              <Button
                variant="ghost"
                className="sm:mt-7"
                onClick={() => links.remove(i)}
                aria-label={t('editProfile.removeLink', { number: i + 1 })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        {links.fields.length < maxSocialLinks && (
          <Button
            variant="outline"
            className="mt-4"
            onClick={() => links.append({ network: 'instagram' as SocialNetwork, url: '' })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('editProfile.addLink')}
          </Button>
        )}
      </section>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('saving') : t('save')}
        </Button>
        {record.profileName && (
          <Link
            to={`/profile/${encodeURIComponent(record.profileName)}`}
            className="text-brand-700 underline"
          >
            {t('editProfile.view')}
          </Link>
        )}
      </div>
    </form>
  );
}

/** /edit-profile (spec 2/3): the public creator profile: profile image, display name, user name, bio, website, links. */
export function EditPublicProfilePage() {
  const { t } = useTranslation('collections');
  const record = useCustomerRecord();
  return (
    <AccountPageShell title={t('editProfile.title')} intro={t('editProfile.intro')} backLabel={t('back')}>
      {record.data ? (
        <div className="space-y-6">
          <ProfileImageField record={record.data} />
          <ProfileForm record={record.data} />
        </div>
      ) : (
        <div className="space-y-4" aria-hidden="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </AccountPageShell>
  );
}

/** An error of the whole list of links, worded from its catalogue key in the current language. */
function ListError({ error }: { error: string }) {
  return (
    <p className="mt-2 text-sm text-red-700" role="alert">
      {useErrorKeyText(error)}
    </p>
  );
}
