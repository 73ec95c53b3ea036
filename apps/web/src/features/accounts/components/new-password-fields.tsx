import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { PasswordStrength } from './password-strength.tsx';

/** New password and its confirmation, with the rule checklist and the strength meter (spec 5). */
export function NewPasswordFields({
  password,
  userInputs,
  fields,
  errors,
}: {
  password: string;
  userInputs?: string[];
  fields: { newPassword: UseFormRegisterReturn; confirmNewPassword: UseFormRegisterReturn };
  errors: { newPassword?: FieldError | undefined; confirmNewPassword?: FieldError | undefined };
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordInput
        label={t('fields.newPassword')}
        hint={t('hints.newPassword')}
        error={errors.newPassword?.message}
        required
        autoComplete="new-password"
        after={<PasswordStrength password={password} userInputs={userInputs} />}
        {...fields.newPassword}
      />
      <PasswordInput
        label={t('fields.confirmNewPassword')}
        hint={t('hints.confirmPassword')}
        error={errors.confirmNewPassword?.message}
        required
        autoComplete="new-password"
        {...fields.confirmNewPassword}
      />
    </>
  );
}
