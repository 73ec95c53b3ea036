import { createYearlyExcerpts } from '../modules/register/excerpts.service.ts';
import type { JobContext } from './job-handler.ts';

/**
 * Makes this year's annual excerpts with their notice mails; a retry after a failure continues
 * where the run stopped, since holders who have this year's excerpt are skipped.
 */
export async function handleRegisterExcerptsYearly(ctx: JobContext): Promise<void> {
  const created = await createYearlyExcerpts({
    db: ctx.db,
    notice: { mail: ctx.partners.mail, publicUrl: ctx.config.publicUrl },
  });
  ctx.log.info({ created }, 'annual register excerpts');
}
