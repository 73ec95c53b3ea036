import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type MailStatus, mailOutbox } from '../../db/schema/index.ts';

export type MailboxEntry = {
  id: number;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  template: string;
  status: MailStatus;
  createdAt: string;
};

/** Outbox mails, newest first, optionally for one recipient or one template. */
export async function listMailbox(opts: {
  db: Database;
  to?: string | undefined;
  template?: string | undefined;
  limit: number;
}): Promise<MailboxEntry[]> {
  const where: SQL[] = [];
  if (opts.to) where.push(sql`lower(${mailOutbox.toAddress}) = ${opts.to.trim().toLowerCase()}`);
  if (opts.template) where.push(eq(mailOutbox.template, opts.template));
  const rows = await opts.db
    .select()
    .from(mailOutbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    from: r.fromAddress,
    replyTo: r.replyTo,
    subject: r.subject,
    text: r.text,
    html: r.html,
    template: r.template,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}
