import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../db/schema/index.ts';
import { defineJob } from './job.ts';

/** Shown on a mail whose earlier attempt ended without an outcome; see the handler. */
export const interruptedDeliveryError =
  'delivery interrupted after it had started; the outcome is unknown, so it is not retried (no duplicate)';

/**
 * Hands one outbox mail to the mail transport (enqueued by the SMTP adapter's `queue`, in the
 * transaction that wrote the mail). At most once: the row is claimed (`pending` -> `sending`) before
 * the transport is called, a failure puts it back to `pending` for the retry (or `failed` after the
 * last attempt), success marks it `sent`. A row that is not `pending` is never sent again.
 */
export const mailDeliverJob = defineJob({
  name: 'mail.deliver',
  payload: z.object({ mailId: z.number().int().positive() }),
  // 9 attempts, waiting about 30-60 s, 1-2 min, 2-4 min ... 64-128 min: about 2 to 4 hours in all.
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  // Above nodemailer's own connection and greeting timeouts, so a hung server fails the attempt first.
  timeoutSeconds: 10 * 60,
  async handler({ db, partners, log, job }, { mailId }) {
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
  },
});

/** A stable Message-ID, so a receiving system can recognise the mail should it arrive twice. */
function messageIdFor(mail: { id: number; fromAddress: string; createdAt: Date }): string {
  const domain = mail.fromAddress.split('@')[1] || 'localhost';
  return `<outbox-${mail.id}.${mail.createdAt.getTime()}@${domain}>`;
}
