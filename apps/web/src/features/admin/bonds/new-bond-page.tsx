import { isErrorCode } from '@token/domain/errors';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { useCreateBond } from './api/bond-actions.ts';
import {
  type BondCreateFields,
  BondFields,
  bondCreateFormSchema,
  bondFieldPaths,
  newBondDefaults,
} from './bond-form.tsx';

/** Where a bond's details tab lives. */
export const bondDetailsPath = (code: string) => `/admin/bonds/${encodeURIComponent(code)}?tab=details`;

/** The create form: validated with the API's schema; the API's refusals land on their fields. */
export function NewBondForm() {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const navigate = useNavigate();
  const create = useCreateBond();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BondCreateFields, unknown, z.output<typeof bondCreateFormSchema>>({
    defaultValues: newBondDefaults,
    resolver: formResolver(bondCreateFormSchema, locale),
  });
  const { register, handleSubmit, formState, setError, watch } = form;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const bond = await create.mutateAsync(values);
      notify('success', t('bondAdmin.created', { code: bond.code }));
      navigate(bondDetailsPath(bond.code));
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        applyViolations<BondCreateFields>(err.violations, setError, bondFieldPaths)
      ) {
        return;
      }
      if (err instanceof ApiError && isErrorCode(err.code) && err.code === 'bond_code_taken') {
        setError('code', { type: err.code, message: errorMessageOf(err, locale) }, { shouldFocus: true });
        return;
      }
      setFailure(errorMessageOf(err, locale));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('bondAdmin.newTitle')} className="space-y-5">
      <BondFields register={register} errors={formState.errors} watch={watch} withCode />
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('bondAdmin.creating') : t('bondAdmin.create')}
      </Button>
    </form>
  );
}

function NewBondPage() {
  const { t } = useAdminLabels();
  return (
    <AdminShell
      title={t('bondAdmin.newTitle')}
      intro={t('bondAdmin.newIntro')}
      back={{ to: '/admin/bonds', label: t('bonds.back') }}
    >
      <NewBondForm />
    </AdminShell>
  );
}

/** /admin/bonds/new: a new bond, created as a draft. */
export function AdminNewBondPage() {
  return (
    <AdminGate>
      <NewBondPage />
    </AdminGate>
  );
}
