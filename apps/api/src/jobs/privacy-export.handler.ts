import { mailContext } from '../mail/mail-context.ts';
import { buildDataExport, failDataExport } from '../modules/privacy/data-export.service.ts';
import type { JobContext } from './job-handler.ts';

/** Builds the export; on its last failed attempt the export is marked failed (the customer may ask again). */
export async function handlePrivacyExport(ctx: JobContext, payload: { exportId: number }): Promise<void> {
  try {
    await buildDataExport({
      db: ctx.db,
      storage: ctx.partners.storage,
      mailCtx: () => mailContext(ctx),
      exportId: payload.exportId,
    });
  } catch (err) {
    if (ctx.job.attempt >= ctx.job.maxAttempts) {
      await failDataExport(ctx.db, payload.exportId, err instanceof Error ? err.message : String(err));
    }
    throw err;
  }
}
