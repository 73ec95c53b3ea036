import type { ContactMessageInput } from '@token/domain/contact';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notifyFailure } from '../../lib/error-text.tsx';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { applyViolations, formResolver } from '../../lib/validation.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';

const fields = ['name', 'email', 'subject', 'message'] as const;
/** The schema (and zod) load on the first check: /contact paints and hydrates without them. */
const loadContactSchema = () =>
  import('@token/domain/contact').then(({ contactMessageSchema }) => contactMessageSchema);
const empty: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

/** The contact form: validated with the API's own schema, server violations land on the fields. */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'common']);
  const locale = useLocale();
  const send = useSendContactMessage();
  const form = useForm<ContactMessageInput>({
    defaultValues: empty,
    resolver: formResolver(loadContactSchema, locale),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const { errors } = formState;
  useUnsavedChanges(formState.isDirty && !send.isPending);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset(empty);
      notify('success', t('contact.sent'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && applyViolations(err.violations, setError, fields))
        return;
      notifyFailure(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('contact.formTitle')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          label={t('contact.name')}
          error={errors.name?.message}
          autoComplete="name"
          {...register('name')}
        />
        <Input
          label={t('contact.email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...register('email')}
        />
      </div>
      <Input label={t('contact.subject')} error={errors.subject?.message} {...register('subject')} />
      <Textarea
        label={t('contact.message')}
        error={errors.message?.message}
        rows={6}
        {...register('message')}
      />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">{t('contact.privacyHint')}</p>
        <Button type="submit" size="lg" disabled={formState.isSubmitting}>
          <Send className="size-4" aria-hidden="true" />
          {formState.isSubmitting ? t('contact.sending') : t('contact.send')}
        </Button>
      </div>
    </form>
  );
}
