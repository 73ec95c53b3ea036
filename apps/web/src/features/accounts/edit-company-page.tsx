import { type CustomerResource, companyTypes, companyUpdateSchema } from '@token/domain/accounts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useUpdateCompany } from './api/update-company.ts';
import { AccountPageShell, Panel } from './components/page-shell.tsx';
import { useAccountForm, useServerErrors } from './components/use-account-form.ts';

function CompanyForm({ record }: { record: CustomerResource }) {
  const { t } = useTranslation('accounts');
  const update = useUpdateCompany();
  const { register, handleSubmit, formState, setError, reset } = useAccountForm(companyUpdateSchema, {
    companyName: record.companyName ?? '',
    companyType: record.companyType ?? undefined,
  });
  const showServerErrors = useServerErrors(setError, ['companyName', 'companyType']);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ companyName: saved.companyName ?? '', companyType: saved.companyType ?? undefined });
      notify('success', t('notify.saved'));
    } catch (err) {
      showServerErrors(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('company.title')}>
      <Panel className="max-w-xl">
        {/* stacked: the legal forms' names are too long for half the panel */}
        <div className="space-y-5">
          <Input
            label={t('fields.companyName')}
            hint={t('hints.companyName')}
            error={formState.errors.companyName?.message}
            required
            autoComplete="organization"
            {...register('companyName')}
          />
          <Select
            label={t('fields.companyType')}
            hint={t('hints.select')}
            error={formState.errors.companyType?.message}
            required
            placeholder={t('common.choose')}
            options={companyTypes.map((c) => ({ value: c, label: t(`companyTypes.${c}`) }))}
            {...register('companyType', { setValueAs: (v: string | undefined) => v || undefined })}
          />
        </div>
      </Panel>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('common.saving') : t('common.save')}
      </Button>
    </form>
  );
}

/** /account/company-edit (my company profile): company name and type (spec 3). */
export function EditCompanyPage() {
  const { t } = useTranslation('accounts');
  const record = useCustomerRecord();
  const c = record.data;
  return (
    <AccountPageShell title={t('company.title')} intro={t('company.intro')}>
      {!c ? (
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : c.accountType === 'company' ? (
        <CompanyForm record={c} />
      ) : (
        <Panel>
          <p className="text-slate-700">{t('company.personalAccount')}</p>
          <Link to="/account/edit" className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
            {t('account.profile')}
          </Link>
        </Panel>
      )}
    </AccountPageShell>
  );
}
