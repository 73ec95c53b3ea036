import type { MintingOrderStatus, RegisterEntryAdminView } from '@token/domain/register';
import type { Tone } from '../components/labels.ts';

/** How a minting order's status reads at a glance. */
export function mintingStatusTone(status: MintingOrderStatus): Tone {
  switch (status) {
    case 'minted':
      return 'good';
    case 'queued':
      return 'info';
    case 'blocked':
    case 'refused':
      return 'bad';
    case 'mintable':
      return 'warn';
  }
}

/** How a journal entry's kind reads at a glance. */
export function entryKindTone(kind: RegisterEntryAdminView['kind']): Tone {
  switch (kind) {
    case 'mint':
      return 'good';
    case 'burn':
    case 'reversal':
      return 'bad';
    case 'transfer':
      return 'info';
  }
}

/** Whether an entry offers a reversal: a confirmed entry that is no reversal itself (the API has the last word). */
export const canOfferReversal = (entry: RegisterEntryAdminView) =>
  entry.kind !== 'reversal' && entry.status === 'confirmed';
