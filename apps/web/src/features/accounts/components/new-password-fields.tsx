import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './form-fields.tsx';
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
      <PasswordField
        label={t('fields.newPassword')}
        hint={t('hints.newPassword')}
        error={errors.newPassword}
        autoComplete="new-password"
        after={<PasswordStrength password={password} userInputs={userInputs} />}
        {...fields.newPassword}
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        hint={t('hints.confirmPassword')}
        error={errors.confirmNewPassword}
        autoComplete="new-password"
        {...fields.confirmNewPassword}
      />
    </>
  );
}
