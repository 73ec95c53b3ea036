import { isErrorCode } from '@token/domain/errors';
import { formatDate, formatNumber } from '@token/domain/format';
import { type WhitelistEntryView, whitelistAddInputSchema } from '@token/domain/register';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';
import { useWhitelist } from '../api/get-whitelist.ts';
import { useAddToWhitelist, useRemoveFromWhitelist } from '../api/whitelist-actions.ts';
import { LoadFailed } from '../components/admin-gate.tsx';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { OperatorDialog, operatorReasonSchema } from '../components/operator-dialog.tsx';
import { useDialogFocus } from './dialog-focus.ts';

/** The admission form: the API's body schema without `source` (an operator's own admission), an empty note read as none. */
const addFormSchema = z.strictObject({
  customer: whitelistAddInputSchema.shape.customer,
  reason: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    whitelistAddInputSchema.shape.reason,
  ),
});
type AddFields = z.input<typeof addFormSchema>;

/** Admits an investor by e-mail or customer id; the API's refusals land on the field in the catalogue's words. */
function AddForm({ code, admitted }: { code: string; admitted: readonly WhitelistEntryView[] | undefined }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const add = useAddToWhitelist();
  const form = useForm<AddFields, unknown, z.output<typeof addFormSchema>>({
    defaultValues: { customer: '', reason: '' },
    resolver: formResolver(addFormSchema, locale),
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const entry = await add.mutateAsync({
        code,
        input: values.reason ? values : { customer: values.customer },
      });
      // the API answers 200 instead of 201 for an investor already admitted; the list knew them
      const already = admitted?.some((e) => e.customer.uuid === entry.customer.uuid) ?? false;
      notify(
        'success',
        t(already ? 'whitelist.add.already' : 'whitelist.add.added', { name: entry.customer.name }),
      );
      reset();
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        applyViolations<AddFields>(err.violations, setError, ['customer', 'reason'])
      ) {
        return;
      }
      // the investor's refusals (unknown, not approved, professional only, limit) belong to the field
      if (err instanceof ApiError && isErrorCode(err.code) && err.code.startsWith('whitelist_')) {
        setError('customer', { type: err.code, message: errorMessageOf(err, locale) }, { shouldFocus: true });
        return;
      }
      setFailure(errorMessageOf(err, locale));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="whitelist-add"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="whitelist-add" className="text-base font-semibold text-brand-900">
        {t('whitelist.add.title')}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Input
          label={t('whitelist.add.customer')}
          hint={t('whitelist.add.customerHint')}
          required
          maxLength={254}
          autoComplete="off"
          error={formState.errors.customer?.message}
          {...register('customer')}
        />
        <Input
          label={t('whitelist.add.reason')}
          maxLength={1000}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
      </div>
      {failure && (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {failure}
        </p>
      )}
      <Button type="submit" className="mt-4" disabled={formState.isSubmitting}>
        <UserPlus className="size-4" aria-hidden="true" />
        {formState.isSubmitting ? t('decisions.sending') : t('whitelist.add.submit')}
      </Button>
    </form>
  );
}

type Opener = (entry: WhitelistEntryView, event: React.MouseEvent<HTMLElement>) => void;

function RemoveButton({ entry, onRemove }: { entry: WhitelistEntryView; onRemove: Opener }) {
  const { t } = useAdminLabels();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('whitelist.removeLabel', { name: entry.customer.name })}
      onClick={(event) => onRemove(entry, event)}
    >
      {t('whitelist.remove')}
    </Button>
  );
}

function Investor({ entry }: { entry: WhitelistEntryView }) {
  const { t } = useAdminLabels();
  return (
    <>
      <span className="block font-medium [overflow-wrap:anywhere]">
        {entry.customer.name}
        {entry.customer.isProfessional && (
          <>
            {' '}
            <Badge tone="info">{t('whitelist.professional')}</Badge>
          </>
        )}
      </span>
      <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{entry.customer.email}</span>
    </>
  );
}

function AddedAt({ entry }: { entry: WhitelistEntryView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  return (
    <>
      {formatDate(entry.addedAt, { locale })}
      {entry.addedBy && (
        <span className="block text-xs text-slate-600">
          {t('whitelist.by', { name: entry.addedBy.name })}
        </span>
      )}
    </>
  );
}

/**
 * The bond's whitelist: who is admitted, from where, when and by whom, with their tokens; admission by
 * e-mail or customer id, removal with a reason (refused while the investor holds tokens).
 */
export function BondWhitelist({ code, whitelisting }: { code: string; whitelisting: boolean }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const list = useWhitelist(code);
  const remove = useRemoveFromWhitelist();
  const [open, setOpen] = useState<WhitelistEntryView | null>(null);
  const focus = useDialogFocus<HTMLHeadingElement>();
  const onRemove: Opener = (entry, event) => {
    focus.remember(event);
    setOpen(entry);
  };
  const columns = ['investor', 'source', 'addedAt', 'balance'] as const;
  const source = (e: WhitelistEntryView) => t(`whitelist.sources.${e.source}`, { defaultValue: e.source });
  return (
    <div className="space-y-4">
      {!whitelisting && (
        <p className="rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {t('whitelist.open')}
        </p>
      )}
      <AddForm code={code} admitted={list.data} />
      <section
        aria-labelledby="whitelist-list"
        aria-busy={list.isFetching}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2
          id="whitelist-list"
          ref={focus.fallback}
          tabIndex={-1}
          className="mb-3 text-sm font-medium text-slate-700 outline-none"
        >
          {list.data ? t('whitelist.count', { count: list.data.length }) : t('register.tabs.whitelist')}
        </h2>
        {list.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : list.isError ? (
          <LoadFailed error={list.error} retry={() => list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{t('whitelist.empty')}</p>
        ) : (
          <>
            <table className="hidden w-full border-collapse text-left text-sm md:table">
              <thead>
                <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                  {columns.map((c) => (
                    <th
                      key={c}
                      scope="col"
                      className={`py-2 pr-4 font-medium ${c === 'balance' ? 'text-right' : ''}`}
                    >
                      {t(`whitelist.columns.${c}`)}
                    </th>
                  ))}
                  <th scope="col" className="py-2">
                    <span className="sr-only">{t('whitelist.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((e) => (
                  <tr key={e.customer.uuid} className="border-b border-slate-100 align-top last:border-0">
                    <td className="py-3 pr-4">
                      <Investor entry={e} />
                    </td>
                    <td className="py-3 pr-4">{source(e)}</td>
                    <td className="py-3 pr-4">
                      <AddedAt entry={e} />
                    </td>
                    <td className="py-3 pr-4 text-right tabular-nums">
                      {formatNumber(e.balance, { locale })}
                    </td>
                    <td className="py-3 text-right">
                      <RemoveButton entry={e} onRemove={onRemove} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="grid gap-3 md:hidden">
              {list.data.map((e) => (
                <li key={e.customer.uuid} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <Investor entry={e} />
                  <p className="mt-1">
                    {source(e)} · <AddedAt entry={e} />
                  </p>
                  <p className="mt-1">
                    {t('whitelist.columns.balance')}: {formatNumber(e.balance, { locale })}
                  </p>
                  <div className="mt-2">
                    <RemoveButton entry={e} onRemove={onRemove} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <OperatorDialog
        schema={operatorReasonSchema}
        open={open !== null}
        formKey={open?.customer.uuid}
        title={t('whitelist.removeDialog.title')}
        text={open ? t('whitelist.removeDialog.text', { name: open.customer.name }) : ''}
        submitLabel={t('whitelist.removeDialog.submit')}
        destructive
        returnFocus={focus.returnFocus}
        onConfirm={async ({ reason }) => {
          if (!open) return;
          await remove.mutateAsync({ code, customerUuid: open.customer.uuid, reason });
          notify('success', t('whitelist.removeDialog.done', { name: open.customer.name }));
          setOpen(null);
        }}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
