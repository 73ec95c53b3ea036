import { and, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';
import { interruptedDeliveryError, type mailDeliverJob } from './mail-deliver.job.ts';

/**
 * Sends one outbox mail at most once: the row is claimed (`pending` -> `sending`) before the
 * transport is called, a failure puts it back to `pending` for the retry (or `failed` after the last
 * attempt), success marks it `sent`. A row that is not `pending` is never sent again.
 */
export async function handleMailDeliver(
  { db, partners, log, job }: JobContext,
  { mailId }: JobPayload<typeof mailDeliverJob>,
): Promise<void> {
  const [mail] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'pending')))
    .returning();
  if (!mail) {
    const [row] = await db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mailId));
    // This job claimed the mail in an earlier attempt that ended without recording an outcome (the
    // process died, or the attempt timed out): the mail may have gone out. Sending it again could
    // deliver it twice, so it is marked failed for a person to look at instead.
    if (row?.status === 'sending' && job.attempt > 1) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: interruptedDeliveryError })
        .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'sending')));
      log.warn({ mailId }, 'mail delivery interrupted earlier; marked failed, not resent');
      return;
    }
    // Already sent or failed, kept in the local outbox, deleted, or being sent by another run.
    log.debug({ mailId, status: row?.status ?? 'missing' }, 'mail not pending; nothing to deliver');
    return;
  }
  try {
    // The files are read at delivery time; one that is gone fails the attempt (retried, then failed).
    const attachments = [];
    for (const a of mail.attachments ?? []) {
      const content = await partners.storage.get(a.storageKey);
      if (!content) throw new Error(`attachment ${a.filename} is missing from storage`);
      attachments.push({ filename: a.filename, contentType: a.contentType, content });
    }
    await partners.mail.send({
      ...(attachments.length ? { attachments } : {}),
      to: mail.toAddress,
      from: mail.fromAddress,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      template: mail.template,
      messageId: messageIdFor(mail),
    });
  } catch (err) {
    const isLast = job.attempt >= job.maxAttempts;
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(mailOutbox)
      .set({ status: isLast ? 'failed' : 'pending', lastError: message.slice(0, 500) })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'sending')));
    throw err;
  }
  // Whatever another run recorded meanwhile, this mail went out.
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, mailId));
}

/** A stable Message-ID, so a receiving system can recognise the mail should it arrive twice. */
function messageIdFor(mail: { id: number; fromAddress: string; createdAt: Date }): string {
  const domain = mail.fromAddress.split('@')[1] || 'localhost';
  return `<outbox-${mail.id}.${mail.createdAt.getTime()}@${domain}>`;
}
