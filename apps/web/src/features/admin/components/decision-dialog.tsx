import {
  approveCustomerInputSchema,
  approveProfessionalInputSchema,
  banInputSchema,
  followUpInputSchema,
  liftBanInputSchema,
  reasonRequired,
  refuseProfessionalInputSchema,
} from '@token/domain/compliance';
import { useAdminLabels } from './labels.ts';
import { OperatorDialog } from './operator-dialog.tsx';

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

/**
 * Confirms a compliance decision (spec 2 confirmation popup): what the decision does, the reason
 * for the audit log (required for a follow-up, a ban, lifting a ban and a refusal) and, for a
 * follow-up, the message to the customer, in the one operator dialog with the API's own schemas.
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
    <OperatorDialog
      open={kind !== null}
      formKey={kind ?? undefined}
      title={kind ? t(`decisions.${kind}.title`) : ''}
      text={kind ? t(`decisions.${kind}.text`, { name: customerName }) : ''}
      schema={schemas[kind ?? 'approve']}
      reasonRequired={kind ? reasonRequired[kind] : true}
      reasonMaxLength={2000}
      withMessage={kind === 'follow_up'}
      submitLabel={kind ? t(`decisions.${kind}.submit`, { name: customerName }) : ''}
      destructive={kind !== null && destructive.has(kind)}
      onConfirm={async (values: DecisionValues) => {
        if (kind) await onDecide(kind, values);
      }}
      onClose={onClose}
    />
  );
}
