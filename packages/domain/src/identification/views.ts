import { z } from 'zod';
import { type KycDisplay, type KycState, kycDisplayOf, kycStates } from '../onboarding/states.ts';

/** The displays of `kycDisplayOf` (spec 4 display), as a list for the schema. */
export const kycDisplays = [
  'start',
  'in_progress',
  'under_review',
  'not_confirmed',
  'passed',
] as const satisfies readonly KycDisplay[];

/**
 * An identification with the KYC partner as the API answers it (GET identification, GET
 * identification/{id}, POST identification/start). `stateAsString` is the spec 3 spelling of `state`.
 */
export const identificationViewSchema = z.object({
  id: z.number().int(),
  state: z.enum(kycStates),
  stateAsString: z.enum(kycStates),
  /** What the customer is shown for the state and whether the contact option is offered (spec 4). */
  display: z.object({ display: z.enum(kycDisplays), contact: z.boolean() }),
  /** The partner's page where the person identifies themself. */
  urlKycStart: z.string(),
  /** `sandbox` or `idnow`. */
  provider: z.string(),
  createdAt: z.string(),
  /** When the partner's decision arrived (null while none did). */
  decidedAt: z.string().nullable(),
});
export type IdentificationView = z.infer<typeof identificationViewSchema>;

/** The view of a stored identification. */
export function identificationViewOf(row: {
  id: number;
  state: KycState;
  urlKycStart: string;
  provider: string;
  createdAt: Date;
  decidedAt: Date | null;
}): IdentificationView {
  return {
    id: row.id,
    state: row.state,
    stateAsString: row.state,
    display: kycDisplayOf(row.state),
    urlKycStart: row.urlKycStart,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
