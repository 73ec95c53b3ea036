import { emailRequestSchema } from '@token/domain/accounts';
import { MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { TaggedText } from '../../../components/ui/tagged-text.tsx';
import { useDomainForm, useServerErrors } from '../../../lib/form.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { AuthCard, textLinkClass } from './page-shell.tsx';

/**
 * The screens that mail a link to an address (password reset, new verification link). The API
 * answers the same for every address, so the confirmation never says whether an account exists.
 */
export function EmailRequestForm({
  texts,
  send,
}: {
  texts: 'resetPassword' | 'resendVerification';
  send: (input: { email: string }) => Promise<void>;
}) {
  const { t } = useTranslation(['emailLinks', 'accounts']);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useDomainForm(emailRequestSchema, { email: '' });
  const showServerErrors = useServerErrors(setError, ['email']);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send(values);
      setSentTo(values.email);
      notify('success', t(`${texts}.sent`));
    } catch (err) {
      showServerErrors(err);
    }
  });

  const footer = (
    <p>
      <Link to="/login" className={textLinkClass}>
        {t('common.backToLogin')}
      </Link>
    </p>
  );
  if (sentTo) {
    return (
      <AuthCard
        title={t(`${texts}.title`)}
        icon={<MailCheck className="size-10" aria-hidden="true" />}
        footer={footer}
      >
        <p className="text-slate-800" data-testid="request-sent">
          <TaggedText
            text={t(`${texts}.sentText`, { email: sentTo })}
            tags={{ strong: <strong className="[overflow-wrap:anywhere]" /> }}
          />
        </p>
        <Button variant="outline" className="mt-6" onClick={() => setSentTo(null)}>
          {t('common.otherAddress')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t(`${texts}.title`)} intro={t(`${texts}.intro`)} footer={footer}>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t(`${texts}.title`)}>
        <Input
          label={t('fields.email')}
          hint={t('hints.email')}
          error={formState.errors.email?.message}
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
          <Send className="size-4" aria-hidden="true" />
          {formState.isSubmitting ? t('common.sending') : t(`${texts}.submit`)}
        </Button>
      </form>
    </AuthCard>
  );
}
