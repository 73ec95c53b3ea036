import { platformToday } from '@token/domain/calendar';
import type { RetentionCategory } from '@token/domain/privacy';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  answeredQuestionnaires,
  customerDocuments,
  identifications,
  mailOutbox,
  professionalRequests,
  retainedRecords,
  storedFiles,
  uboUsers,
} from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';

type Retained = typeof retainedRecords.$inferSelect;

/**
 * What the retention job deletes when a category's period has passed (decision 024), per category:
 * the rows it locked, and the storage keys whose bytes go after the commit.
 */
const purgeCategory: Record<RetentionCategory, (tx: Tx, r: Retained) => Promise<string[]>> = {
  async identification(tx, r) {
    const files = await tx
      .delete(storedFiles)
      .where(eq(storedFiles.customerId, r.customerId))
      .returning({ storageKey: storedFiles.storageKey });
    await tx.delete(customerDocuments).where(eq(customerDocuments.customerId, r.customerId));
    await tx.delete(uboUsers).where(eq(uboUsers.customerId, r.customerId));
    await tx.delete(identifications).where(eq(identifications.customerId, r.customerId));
    return files.map((f) => f.storageKey);
  },
  async investment_records(tx, r) {
    await tx.delete(professionalRequests).where(eq(professionalRequests.customerId, r.customerId));
    await tx.delete(answeredQuestionnaires).where(eq(answeredQuestionnaires.customerId, r.customerId));
    return [];
  },
  async accounting_vouchers(_tx, r) {
    return r.storageKeys;
  },
  async books() {
    return [];
  },
  async business_letters(tx, r) {
    const email = typeof r.data.email === 'string' ? r.data.email : null;
    if (email) await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, email));
    return [];
  },
  // eWpG: kept with the register (no end date); never selected, as its retainUntil is null.
  async register() {
    return [];
  },
};

/**
 * Deletes the locked records whose period ended before `today` (one transaction per record, so one
 * failure does not hold back the rest), then their files. Answers the purged categories.
 */
export async function purgeRetainedRecords(opts: {
  db: Database;
  storage: StoragePort;
  now?: Date;
}): Promise<{ customerId: number; category: RetentionCategory }[]> {
  const today = platformToday(opts.now ?? new Date());
  const due = await opts.db
    .select()
    .from(retainedRecords)
    .where(
      and(
        isNull(retainedRecords.purgedAt),
        isNotNull(retainedRecords.retainUntil),
        lt(retainedRecords.retainUntil, today),
      ),
    );
  const purged: { customerId: number; category: RetentionCategory }[] = [];
  for (const record of due) {
    const keys = await opts.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(retainedRecords)
        .where(and(eq(retainedRecords.id, record.id), isNull(retainedRecords.purgedAt)))
        .for('update');
      if (!locked) return null;
      const removed = await purgeCategory[locked.category](tx, locked);
      await tx
        .update(retainedRecords)
        .set({ purgedAt: opts.now ?? new Date(), data: {}, storageKeys: [] })
        .where(eq(retainedRecords.id, locked.id));
      return removed;
    });
    if (keys === null) continue;
    for (const key of keys) await opts.storage.remove(key);
    purged.push({ customerId: record.customerId, category: record.category });
  }
  return purged;
}
