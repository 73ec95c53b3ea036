import {
  approveCustomerInputSchema,
  approveProfessionalInputSchema,
  banInputSchema,
  followUpInputSchema,
  liftBanInputSchema,
  reasonRequired,
  refuseProfessionalInputSchema,
} from '@token/domain/compliance';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { applyViolations, formResolver } from '../../../lib/validation.ts';
import { useAdminLabels } from './labels.ts';

/** Every decision the dialog confirms: on the customer, or on a professional-client request. */
export type DecisionKind =
  | 'approve'
  | 'follow_up'
  | 'ban'
  | 'lift_ban'
  | 'professional_approve'
  | 'professional_refuse';

/** The form's values; `message` only for a follow-up. */
export type DecisionValues = { reason?: string | null; message?: string };

// The API validates the body with the same schemas (convention 9).
const schemas = {
  approve: approveCustomerInputSchema,
  follow_up: followUpInputSchema,
  ban: banInputSchema,
  lift_ban: liftBanInputSchema,
  professional_approve: approveProfessionalInputSchema,
  professional_refuse: refuseProfessionalInputSchema,
} as const;

const destructive: ReadonlySet<DecisionKind> = new Set(['ban', 'professional_refuse']);

function DecisionForm({
  kind,
  customerName,
  onSubmit,
  onCancel,
}: {
  kind: DecisionKind;
  customerName: string;
  onSubmit: (values: DecisionValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const hasMessage = kind === 'follow_up';
  const needsReason = reasonRequired[kind];
  const form = useForm<DecisionValues>({
    defaultValues: hasMessage ? { message: '', reason: '' } : { reason: '' },
    resolver: formResolver(schemas[kind], locale) as unknown as Resolver<DecisionValues>,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        applyViolations<DecisionValues>(err.violations, setError, ['reason', 'message'])
      ) {
        return;
      }
      setFailure(errorMessageOf(err, locale));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      {hasMessage && (
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
        label={needsReason ? t('decisions.reason') : t('decisions.reasonOptional')}
        hint={t('decisions.reasonHint')}
        required={needsReason}
        rows={3}
        maxLength={2000}
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
          variant={destructive.has(kind) ? 'danger' : 'primary'}
          disabled={formState.isSubmitting}
        >
          {formState.isSubmitting
            ? t('decisions.sending')
            : t(`decisions.${kind}.submit`, { name: customerName })}
        </Button>
      </div>
    </form>
  );
}

/**
 * Confirms a compliance decision (spec 2 confirmation popup): what the decision does, the reason
 * for the audit log (required for a follow-up, a ban, lifting a ban and a refusal) and, for a
 * follow-up, the message to the customer. Validated with the API's own schemas; the API's 422
 * violations land on their fields, other failures show inside the dialog. Focus stays inside
 * while open (Radix dialog); Escape and "Cancel" close it without a decision.
 */
export function DecisionDialog({
  kind,
  customerName,
  onDecide,
  onClose,
}: {
  /** The decision to confirm; null: closed. */
  kind: DecisionKind | null;
  customerName: string;
  /** Takes the decision; throws an ApiError when the API refuses it. */
  onDecide: (kind: DecisionKind, values: DecisionValues) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useAdminLabels();
  return (
    <Dialog.Root open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          {kind && (
            <>
              <Dialog.Title className="text-lg font-semibold text-brand-900">
                {t(`decisions.${kind}.title`)}
              </Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-slate-700">
                {t(`decisions.${kind}.text`, { name: customerName })}
              </Dialog.Description>
              <DecisionForm
                key={kind}
                kind={kind}
                customerName={customerName}
                onSubmit={(values) => onDecide(kind, values)}
                onCancel={onClose}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
