import type { EntryGateRule } from '@token/domain/navigation';
import type { SessionCustomer } from '../lib/session.tsx';

export type EntryGateContext = { customer: SessionCustomer };

/**
 * spec 2 entry gating for protected routes (more information needed, banned, company data,
 * personal data, PEP, ... KYC). Empty until the onboarding issue supplies the rules; the order
 * comes from `entryGateOrder` in packages/domain/src/navigation.
 */
export const entryGateRules: EntryGateRule<EntryGateContext>[] = [];
