import { expireDataExports } from '../modules/privacy/data-export.service.ts';
import { purgeRetainedRecords } from '../modules/privacy/retention.service.ts';
import type { JobContext } from './job-handler.ts';

/** Daily retention (decision 024): expired exports, then locked records whose period ended. Idempotent. */
export async function handlePrivacyRetention(ctx: JobContext): Promise<void> {
  const exports = await expireDataExports({ db: ctx.db, storage: ctx.partners.storage });
  const purged = await purgeRetainedRecords({ db: ctx.db, storage: ctx.partners.storage });
  if (exports > 0 || purged.length > 0) {
    ctx.log.info({ exports, purged: purged.length }, 'retention: removed what outlived its period');
  }
}
