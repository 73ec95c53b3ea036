import { handleBankSandboxDeliver } from '../partners/bank/sandbox/bank-sandbox-deliver.handler.ts';
import { bankSandboxDeliverJob } from '../partners/bank/sandbox/bank-sandbox-deliver.job.ts';
import { handleCardSandboxDeliver } from '../partners/card/sandbox/card-sandbox-deliver.handler.ts';
import { cardSandboxDeliverJob } from '../partners/card/sandbox/card-sandbox-deliver.job.ts';
import { handleCustodySandboxAutoApprove } from '../partners/custody/sandbox/custody-sandbox-auto-approve.handler.ts';
import { custodySandboxAutoApproveJob } from '../partners/custody/sandbox/custody-sandbox-auto-approve.job.ts';
import { handleCustodySandboxDeliver } from '../partners/custody/sandbox/custody-sandbox-deliver.handler.ts';
import { custodySandboxDeliverJob } from '../partners/custody/sandbox/custody-sandbox-deliver.job.ts';
import { handleIdentificationSandboxDeliver } from '../partners/identification/sandbox/identification-sandbox-deliver.handler.ts';
import { identificationSandboxDeliverJob } from '../partners/identification/sandbox/identification-sandbox-deliver.job.ts';
import { handleRegistrarEvmWatch } from '../partners/registrar/evm/registrar-evm-watch.handler.ts';
import { registrarEvmWatchJob } from '../partners/registrar/evm/registrar-evm-watch.job.ts';
import { handleRegistrarSandboxDeliver } from '../partners/registrar/sandbox/registrar-sandbox-deliver.handler.ts';
import { registrarSandboxDeliverJob } from '../partners/registrar/sandbox/registrar-sandbox-deliver.job.ts';
import { handleBankCreditReceived } from './bank-credit-received.handler.ts';
import { bankCreditReceivedJob } from './bank-credit-received.job.ts';
import { handleCardPaymentEvent } from './card-payment-event.handler.ts';
import { cardPaymentEventJob } from './card-payment-event.job.ts';
import { handleCouponRunsDue } from './coupon-runs-due.handler.ts';
import { couponRunsDueJob } from './coupon-runs-due.job.ts';
import { handleCustodyRegistrarStatus } from './custody-registrar-status.handler.ts';
import { custodyRegistrarStatusJob } from './custody-registrar-status.job.ts';
import { handleIdentificationFetchResult } from './identification-fetch-result.handler.ts';
import { identificationFetchResultJob } from './identification-fetch-result.job.ts';
import { handleIdentificationPoll } from './identification-poll.handler.ts';
import { identificationPollJob } from './identification-poll.job.ts';
import { handleIdentificationProcess } from './identification-process.handler.ts';
import { identificationProcessJob } from './identification-process.job.ts';
import { type RunnableJob, withHandler } from './job-handler.ts';
import { handleMailDeliver } from './mail-deliver.handler.ts';
import { mailDeliverJob } from './mail-deliver.job.ts';
import { handleOrderExpiry } from './order-expiry.handler.ts';
import { orderExpiryJob } from './order-expiry.job.ts';
import { handlePrivacyExport } from './privacy-export.handler.ts';
import { privacyExportJob } from './privacy-export.job.ts';
import { handlePrivacyRetention } from './privacy-retention.handler.ts';
import { privacyRetentionJob } from './privacy-retention.job.ts';
import { handlePurge } from './purge.handler.ts';
import { purgeJob } from './purge.job.ts';
import { handleRegisterExcerptAfterEntry } from './register-excerpt-after-entry.handler.ts';
import { registerExcerptAfterEntryJob } from './register-excerpt-after-entry.job.ts';
import { handleRegisterExcerptsYearly } from './register-excerpts-yearly.handler.ts';
import { registerExcerptsYearlyJob } from './register-excerpts-yearly.job.ts';
import { handleRegisterReconcile } from './register-reconcile.handler.ts';
import { registerReconcileJob } from './register-reconcile.job.ts';
import { handleRegistrarEvent } from './registrar-event.handler.ts';
import { registrarEventJob } from './registrar-event.job.ts';
import { handleRegistrarSubmit } from './registrar-submit.handler.ts';
import { registrarSubmitJob } from './registrar-submit.job.ts';

/**
 * Every job the runner serves, each definition wired to its handler: the one place that imports a
 * handler. A new job is a `<name>.job.ts` (imported by whoever enqueues) and a `<name>.handler.ts`,
 * added here.
 */
export const runnableJobs: readonly RunnableJob[] = [
  withHandler(mailDeliverJob, handleMailDeliver),
  withHandler(purgeJob, handlePurge),
  withHandler(identificationProcessJob, handleIdentificationProcess),
  withHandler(identificationSandboxDeliverJob, handleIdentificationSandboxDeliver),
  withHandler(identificationFetchResultJob, handleIdentificationFetchResult),
  withHandler(identificationPollJob, handleIdentificationPoll),
  withHandler(custodyRegistrarStatusJob, handleCustodyRegistrarStatus),
  withHandler(custodySandboxDeliverJob, handleCustodySandboxDeliver),
  withHandler(custodySandboxAutoApproveJob, handleCustodySandboxAutoApprove),
  withHandler(orderExpiryJob, handleOrderExpiry),
  withHandler(couponRunsDueJob, handleCouponRunsDue),
  withHandler(bankSandboxDeliverJob, handleBankSandboxDeliver),
  withHandler(bankCreditReceivedJob, handleBankCreditReceived),
  withHandler(cardSandboxDeliverJob, handleCardSandboxDeliver),
  withHandler(cardPaymentEventJob, handleCardPaymentEvent),
  withHandler(registrarSubmitJob, handleRegistrarSubmit),
  withHandler(registrarSandboxDeliverJob, handleRegistrarSandboxDeliver),
  withHandler(registrarEvmWatchJob, handleRegistrarEvmWatch),
  withHandler(registrarEventJob, handleRegistrarEvent),
  withHandler(registerExcerptAfterEntryJob, handleRegisterExcerptAfterEntry),
  withHandler(registerExcerptsYearlyJob, handleRegisterExcerptsYearly),
  withHandler(registerReconcileJob, handleRegisterReconcile),
  withHandler(privacyExportJob, handlePrivacyExport),
  withHandler(privacyRetentionJob, handlePrivacyRetention),
];
