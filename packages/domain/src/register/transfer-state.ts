import type { Locale } from '../i18n/index.ts';
import type { Lifecycle } from '../lifecycle/index.ts';

/**
 * A transfer request's lifecycle (convention 7): `pending` from the moment the investor's transfer is
 * accepted (202) until the registrar answers; `confirmed` when the registrar booked it (the journal
 * then holds its entry); `refused` when the registrar declined it (allow-list, restriction); `failed`
 * when it could not be carried out (no answer in time, a technical failure). The last three are final.
 */
export const transferStates = ['pending', 'confirmed', 'refused', 'failed'] as const;
export type TransferState = (typeof transferStates)[number];

export const transferLifecycle: Lifecycle<TransferState> = {
  name: 'token_transfer',
  states: transferStates,
  transitions: {
    pending: ['confirmed', 'refused', 'failed'],
    confirmed: [],
    refused: [],
    failed: [],
  },
};

/** Whether the transfer still holds the sender's tokens (counts as pending outgoing, and its seat). */
export function isTransferOpen(state: TransferState): boolean {
  return state === 'pending';
}

/** The states' labels (spec 8: transfer success, "something goes wrong"). */
export const transferStateLabels: Record<TransferState, Record<Locale, string>> = {
  pending: { de: 'In Bearbeitung', en: 'Pending' },
  confirmed: { de: 'Übertragen', en: 'Transferred' },
  refused: { de: 'Abgelehnt', en: 'Refused' },
  failed: { de: 'Fehlgeschlagen', en: 'Failed' },
};
