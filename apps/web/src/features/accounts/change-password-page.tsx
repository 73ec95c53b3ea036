import { changePasswordSchema } from '@token/domain/accounts';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useChangePassword } from './api/change-password.ts';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { AccountPageShell, Panel } from './components/page-shell.tsx';

const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/** /account/change-password and /change-password (spec 2): other devices are signed out afterwards. */
export function ChangePasswordPage() {
  const { t } = useTranslation(['account', 'accounts']);
  const change = useChangePassword();
  const record = useCustomerRecord();
  const { register, handleSubmit, formState, setError, reset, control } = useDomainForm(
    changePasswordSchema,
    empty,
  );
  const password = useWatch({ control, name: 'newPassword' });
  const showServerErrors = useServerErrors(setError, [
    'currentPassword',
    'newPassword',
    'confirmNewPassword',
  ]);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);
  const c = record.data;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(empty);
      notify('success', t('notify.passwordChanged'));
    } catch (err) {
      showServerErrors(err);
    }
  });

  return (
    <AccountPageShell title={t('changePassword.title')} intro={t('changePassword.intro')}>
      <Panel className="max-w-xl">
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('changePassword.title')}>
          {/* lets password managers file the new password under the right account */}
          <input type="email" hidden readOnly autoComplete="username" value={c?.email ?? ''} />
          <PasswordInput
            label={t('fields.currentPassword')}
            hint={t('hints.required')}
            error={formState.errors.currentPassword?.message}
            required
            autoComplete="current-password"
            {...register('currentPassword')}
          />
          <NewPasswordFields
            password={password}
            userInputs={[c?.firstName ?? '', c?.lastName ?? '', c?.email ?? '']}
            fields={{
              newPassword: register('newPassword'),
              confirmNewPassword: register('confirmNewPassword'),
            }}
            errors={formState.errors}
          />
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('common.saving') : t('changePassword.submit')}
          </Button>
        </form>
      </Panel>
    </AccountPageShell>
  );
}
