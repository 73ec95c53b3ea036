import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type Field = { error: string | undefined; field: UseFormRegisterReturn };

/**
 * The current password, and the login code when two-factor authentication is on: what a sensitive
 * change asks for again (a new e-mail address, a data export, an erasure request).
 */
export function ReauthenticationFields({ password, code }: { password: Field; code: Field | null }) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordInput
        label={t('fields.password')}
        hint={t('hints.confirmWithPassword')}
        error={password.error}
        required
        autoComplete="current-password"
        {...password.field}
      />
      {code && (
        <Input
          label={t('fields.code')}
          hint={t('hints.loginCode')}
          error={code.error}
          // a refused code comes back while the focus stays where it was: said at once
          announceError
          required
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          {...code.field}
        />
      )}
    </>
  );
}
