import { z } from 'zod';
import { defineJob } from './job.ts';

/** Builds one data export (GDPR Art. 15/20) as a zip in the private bucket; `privacy-export.handler.ts`. */
export const privacyExportJob = defineJob({
  name: 'privacy.export',
  payload: z.object({ exportId: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  timeoutSeconds: 30 * 60,
});
