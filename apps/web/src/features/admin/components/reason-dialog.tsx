import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';
import { useAdminLabels } from './labels.ts';

/** The operator API's reason (operator contract, issue 8): what the audit log keeps. */
export const operatorReasonSchema = z.strictObject({ reason: z.string().trim().min(3).max(1000) });
type ReasonValues = { reason: string };

/**
 * Confirms an operator's action on an order or a bank credit with a reason for the audit log,
 * like the compliance decision dialog: title, what it does, optional extra fields above the
 * reason (`children`), the API's 422 violation on the reason field, other failures inside the
 * dialog. Escape and "Cancel" close it without acting.
 */
export function ReasonDialog({
  open,
  title,
  text,
  submitLabel,
  destructive,
  canSubmit = true,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  submitLabel: string;
  destructive?: boolean;
  /** False while the extra fields are incomplete (e.g. no order chosen yet). */
  canSubmit?: boolean;
  children?: ReactNode;
  /** Acts; throws an ApiError when the API refuses. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-brand-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{text}</Dialog.Description>
          {children && <div className="mt-4">{children}</div>}
          {open && (
            <ReasonForm
              submitLabel={submitLabel}
              destructive={destructive}
              canSubmit={canSubmit}
              onSubmit={onConfirm}
              onCancel={onClose}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReasonForm({
  submitLabel,
  destructive,
  canSubmit,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  destructive?: boolean | undefined;
  canSubmit: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReasonValues>({
    defaultValues: { reason: '' },
    resolver: formResolver(operatorReasonSchema, locale) as unknown as Resolver<ReasonValues>,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values.reason.trim());
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        applyViolations<ReasonValues>(err.violations, setError, ['reason'])
      ) {
        return;
      }
      setFailure(errorMessageOf(err, locale));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <Textarea
        label={t('decisions.reason')}
        hint={t('decisions.reasonHint')}
        required
        rows={3}
        maxLength={1000}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('decisions.cancel')}
        </Button>
        <Button
          type="submit"
          variant={destructive ? 'danger' : 'primary'}
          disabled={formState.isSubmitting || !canSubmit}
        >
          {formState.isSubmitting ? t('decisions.sending') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
