import { useTranslation } from '../../../lib/i18n.ts';
import '../admin-texts.ts';

/**
 * The admin area's words for the platform's codes (statuses, identification states, queue
 * reasons, audit actions). A code the texts do not know yet (added by another part later) shows
 * as itself rather than as a missing key.
 */
export function useAdminLabels() {
  const { t } = useTranslation('admin');
  const label = (group: string, code: string | null | undefined, notSet: string) =>
    code == null ? t(`${group}.${notSet}`) : t(`${group}.${code}`, { defaultValue: code });
  return {
    t,
    status: (status: string | null) => label('statuses', status, 'notSet'),
    registrar: (status: string | null) => label('registrar', status, 'notSet'),
    kyc: (state: string | null) => label('kyc', state, 'notStarted'),
    reason: (reason: string) => t(`reasons.${reason}`, { defaultValue: reason }),
    action: (action: string) => t(`audit.actions.${action}`, { defaultValue: action }),
    paymentState: (state: string) => t(`paymentStates.${state}`, { defaultValue: state }),
    creditStatus: (status: string) => t(`creditStatuses.${status}`, { defaultValue: status }),
    yesNo: (value: boolean | null) =>
      value === null ? t('values.notGiven') : value ? t('values.yes') : t('values.no'),
  };
}

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

/** How a customer status reads at a glance. */
export function statusTone(status: string | null): Tone {
  switch (status) {
    case 'approved':
      return 'good';
    case 'follow_up':
      return 'warn';
    case 'banned':
    case 'rejected':
      return 'bad';
    default:
      return 'neutral';
  }
}

/** How an order's payment state reads at a glance. */
export function paymentStateTone(state: string): Tone {
  switch (state) {
    case 'paid':
    case 'authorized':
      return 'good';
    case 'awaiting_payment':
      return 'warn';
    case 'cancelled':
    case 'refunded':
      return 'bad';
    default:
      return 'neutral';
  }
}

/** How a bank credit's status reads at a glance. */
export function creditTone(status: string): Tone {
  switch (status) {
    case 'matched':
      return 'good';
    case 'returned':
      return 'neutral';
    case 'unmatched':
    case 'duplicate':
      return 'bad';
    default:
      return 'warn';
  }
}

/** How an identification state reads at a glance. */
export function kycTone(state: string | null): Tone {
  switch (state) {
    case 'approved':
    case 'approved_data_changed':
      return 'good';
    case 'approved_in_review':
    case 'rejected_in_review':
      return 'warn';
    case 'rejected':
      return 'bad';
    case null:
      return 'neutral';
    default:
      return 'info';
  }
}

const tones: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warn: 'bg-amber-50 text-amber-900 ring-amber-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-brand-50 text-brand-800 ring-brand-200',
};

export function badgeClass(tone: Tone): string {
  return `inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap ${tones[tone]}`;
}
