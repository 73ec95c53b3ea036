import { changeEmailSchema } from '@token/domain/accounts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TaggedText } from '../../components/ui/tagged-text.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorKeyOf } from '../../lib/error-text.tsx';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useRequestEmailChange } from './api/request-email-change.ts';
import { AccountPageShell, Panel } from './components/page-shell.tsx';
import { ReauthenticationFields } from './components/reauthentication-fields.tsx';

const empty = { newEmail: '', password: '', code: '' };

/** /account/change-email: the new address applies once the link mailed to it is opened. */
export function ChangeEmailPage() {
  const { t } = useTranslation(['account', 'accounts']);
  const record = useCustomerRecord();
  const request = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // two-factor on: the code is asked for at once; a stale record learns it from the answer
  const [codeAsked, setCodeAsked] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(changeEmailSchema, empty);
  const showServerErrors = useServerErrors(setError, ['newEmail', 'password', 'code']);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);
  const c = record.data;
  const needsCode = codeAsked || c?.twoFactorEnabled === true;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ ...values, code: needsCode && values.code ? values.code : undefined });
      reset(empty);
      setSentTo(values.newEmail);
      notify('success', t('notify.emailChangeRequested', { email: values.newEmail }));
    } catch (err) {
      if (
        err instanceof ApiError &&
        (err.code === 'two_factor_required' || err.code === 'two_factor_invalid')
      ) {
        setCodeAsked(true);
        setError('code', { type: err.code, message: errorKeyOf(err) });
        return;
      }
      showServerErrors(err);
    }
  });

  return (
    <AccountPageShell
      title={t('changeEmail.title')}
      intro={
        c ? (
          <TaggedText
            text={t('changeEmail.current', { email: c.email })}
            tags={{ strong: <strong className="[overflow-wrap:anywhere]" /> }}
          />
        ) : (
          <Skeleton className="h-5 w-64 max-w-full" />
        )
      }
    >
      {sentTo && (
        <div
          role="status"
          className="mb-6 flex max-w-xl gap-3 rounded-xl border border-accent-600/30 bg-accent-50 p-4 text-slate-800"
        >
          <MailCheck className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden="true" />
          <p>
            <TaggedText
              text={t('changeEmail.sentText', { email: sentTo })}
              tags={{ strong: <strong className="[overflow-wrap:anywhere]" /> }}
            />
          </p>
        </div>
      )}
      <Panel className="max-w-xl">
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('changeEmail.title')}>
          <Input
            label={t('fields.newEmail')}
            hint={t('hints.email')}
            error={formState.errors.newEmail?.message}
            required
            type="email"
            autoComplete="email"
            inputMode="email"
            {...register('newEmail')}
          />
          <ReauthenticationFields
            password={{ error: formState.errors.password?.message, field: register('password') }}
            code={needsCode ? { error: formState.errors.code?.message, field: register('code') } : null}
          />
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('common.sending') : t('changeEmail.submit')}
          </Button>
        </form>
      </Panel>
    </AccountPageShell>
  );
}
