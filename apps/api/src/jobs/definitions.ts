import { bankCreditReceivedJob } from './bank-credit-received.job.ts';
import { bankSandboxDeliverJob } from './bank-sandbox-deliver.job.ts';
import { cardPaymentEventJob } from './card-payment-event.job.ts';
import { cardSandboxDeliverJob } from './card-sandbox-deliver.job.ts';
import { custodyRegistrarStatusJob } from './custody-registrar-status.job.ts';
import { custodySandboxAutoApproveJob } from './custody-sandbox-auto-approve.job.ts';
import { custodySandboxDeliverJob } from './custody-sandbox-deliver.job.ts';
import { identificationProcessJob } from './identification-process.job.ts';
import { identificationSandboxDeliverJob } from './identification-sandbox-deliver.job.ts';
import type { JobDefinition } from './job.ts';
import { mailDeliverJob } from './mail-deliver.job.ts';
import { orderExpiryJob } from './order-expiry.job.ts';
import { purgeJob } from './purge.job.ts';

/** Every job the runner serves; a new `<name>.job.ts` is added here. */
export const jobDefinitions: readonly JobDefinition[] = [
  mailDeliverJob,
  purgeJob,
  identificationProcessJob,
  identificationSandboxDeliverJob,
  custodyRegistrarStatusJob,
  custodySandboxDeliverJob,
  custodySandboxAutoApproveJob,
  orderExpiryJob,
  bankSandboxDeliverJob,
  bankCreditReceivedJob,
  cardSandboxDeliverJob,
  cardPaymentEventJob,
];
