import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactMessageInput, contactMessageSchema } from '@token/domain/contact';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { applyViolations, zodMessage } from '../../lib/validation.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';

const fields = ['name', 'email', 'subject', 'message'] as const;
const empty: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error?.message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-600';

/** The contact form: validated with the API's own schema, server violations land on the fields. */
export function ContactForm() {
  const { t } = useTranslation();
  const uid = useId();
  const send = useSendContactMessage();
  const form = useForm<ContactMessageInput>({
    defaultValues: empty,
    resolver: zodResolver(contactMessageSchema, { error: zodMessage(t), reportInput: true }),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  useUnsavedChanges(formState.isDirty && !send.isPending);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset(empty);
      notify('success', t('contact.sent'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && applyViolations(err.violations, setError, fields))
        return;
      notify('error', errorMessageOf(t, err), errorDetailOf(err));
    }
  });

  const id = (f: (typeof fields)[number]) => `${uid}-${f}`;
  const aria = (f: (typeof fields)[number]) => ({
    id: id(f),
    'aria-invalid': formState.errors[f] ? true : undefined,
    'aria-describedby': formState.errors[f] ? `${id(f)}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('contact.formTitle')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('name')} label={t('contact.name')} error={formState.errors.name}>
          <input {...register('name')} {...aria('name')} autoComplete="name" className={inputClass} />
        </Field>
        <Field id={id('email')} label={t('contact.email')} error={formState.errors.email}>
          <input
            {...register('email')}
            {...aria('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            className={inputClass}
          />
        </Field>
      </div>
      <Field id={id('subject')} label={t('contact.subject')} error={formState.errors.subject}>
        <input {...register('subject')} {...aria('subject')} className={inputClass} />
      </Field>
      <Field id={id('message')} label={t('contact.message')} error={formState.errors.message}>
        <textarea {...register('message')} {...aria('message')} rows={6} className={inputClass} />
      </Field>
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
