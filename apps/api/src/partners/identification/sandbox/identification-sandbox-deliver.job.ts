import { partnerResults } from '@token/domain/identification';
import { z } from 'zod';
import { defineJob } from '../../../jobs/job.ts';

/** One decision of the sandbox identification partner, waiting to be delivered to the platform. */
export const sandboxDeliverySchema = z.object({
  caseId: z.string().min(1).max(100),
  /** The webhook's event id: the same for every attempt, so the platform applies it once. */
  eventId: z.string().min(1).max(100),
  result: z.enum(partnerResults),
  reason: z.string().max(100).nullable(),
  decidedAt: z.string().max(40),
  corrections: z
    .object({
      firstName: z.string().max(100).optional(),
      lastName: z.string().max(100).optional(),
      birthDate: z.string().max(10).optional(),
    })
    .optional(),
});
export type SandboxDelivery = z.infer<typeof sandboxDeliverySchema>;

/**
 * The sandbox partner's side of a decision: its signed result webhook, enqueued
 * `KYC_SANDBOX_DELAY_SECONDS` after the tester's decision; a refused or failed delivery is retried,
 * as a real partner retries its callbacks. Handled by `identification-sandbox-deliver.handler.ts`.
 */
export const identificationSandboxDeliverJob = defineJob({
  name: 'identification.sandbox-deliver',
  payload: sandboxDeliverySchema,
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  timeoutSeconds: 60,
});
