import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDialogFocus } from '../../../lib/dialog-focus.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';
import { useAdminLabels } from './labels.ts';

/** The operator API's reason (operator contract, issue 8): what the audit log keeps. */
export const operatorReasonSchema = z.strictObject({ reason: z.string().trim().min(3).max(1000) });

/** The fields the dialog's form shows; `message` only when the dialog asks for one. */
type DialogFields = { reason?: string | null; message?: string };

type FormOptions<S extends z.ZodType<FieldValues, FieldValues>> = {
  /** The API's own body schema (convention 9): the form validates with it. */
  schema: S;
  submitLabel: string;
  destructive?: boolean | undefined;
  /** False while the extra fields are incomplete (e.g. no order chosen yet). */
  canSubmit?: boolean | undefined;
  /** False: the reason may stay empty (labelled optional). */
  reasonRequired?: boolean | undefined;
  reasonMaxLength?: number | undefined;
  /** The reason's hint when it says more than "for the audit log" (e.g. its length rule). */
  reasonHint?: string | undefined;
  /** Asks for a message to the customer above the reason (a follow-up). */
  withMessage?: boolean | undefined;
};

/**
 * Confirms an operator's action (a compliance decision, an order action, a bank credit) with a
 * reason for the audit log: title, what it does, optional extra fields above the form (`children`),
 * validated with the API's own schema; the API's 422 violations land on their fields, other
 * failures show inside the dialog. Focus stays inside while open (Radix dialog); Escape and "Cancel"
 * close it without acting; on close the focus goes back to the button that opened it, or to the
 * page's main heading when the action removed or disabled that button (lib/dialog-focus.ts).
 */
export function OperatorDialog<S extends z.ZodType<FieldValues, FieldValues>>({
  open,
  title,
  text,
  formKey,
  children,
  returnFocus,
  onConfirm,
  onClose,
  ...form
}: FormOptions<S> & {
  open: boolean;
  title: string;
  text: string;
  /** A new key starts a fresh form (another decision opened in its place). */
  formKey?: string | undefined;
  children?: ReactNode;
  /**
   * Where the focus goes when the dialog closes, when not to the element focused before it opened
   * (the default): e.g. a heading of the list the action changed. Null: the default.
   */
  returnFocus?: (() => HTMLElement | null | undefined) | undefined;
  /** Acts; throws an ApiError when the API refuses. */
  onConfirm: (values: z.output<S>) => Promise<void>;
  onClose: () => void;
}) {
  const focus = useDialogFocus(returnFocus);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-brand-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{text}</Dialog.Description>
          {children && <div className="mt-4">{children}</div>}
          {open && <ReasonForm key={formKey} {...form} onSubmit={onConfirm} onCancel={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReasonForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  submitLabel,
  destructive,
  canSubmit = true,
  reasonRequired = true,
  reasonMaxLength = 1000,
  reasonHint,
  withMessage = false,
  onSubmit,
  onCancel,
}: FormOptions<S> & { onSubmit: (values: z.output<S>) => Promise<void>; onCancel: () => void }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DialogFields>({
    defaultValues: withMessage ? { message: '', reason: '' } : { reason: '' },
    resolver: formResolver(schema, locale) as unknown as Resolver<DialogFields>,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // the resolver has parsed the values with `schema`: they are its output
      await onSubmit(values as z.output<S>);
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        applyViolations<DialogFields>(err.violations, setError, ['reason', 'message'])
      ) {
        return;
      }
      setFailure(errorMessageOf(err, locale));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      {withMessage && (
        <Textarea
          label={t('decisions.message')}
          hint={t('decisions.messageHint')}
          required
          rows={4}
          maxLength={2000}
          error={formState.errors.message?.message}
          {...register('message')}
        />
      )}
      <Textarea
        label={reasonRequired ? t('decisions.reason') : t('decisions.reasonOptional')}
        hint={reasonHint ?? t('decisions.reasonHint')}
        required={reasonRequired}
        rows={3}
        maxLength={reasonMaxLength}
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
