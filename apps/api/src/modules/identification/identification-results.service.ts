import { kycCheckStaleDays, kycFinalStates } from '@token/domain/identification';
import { and, eq, gt, lte, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { identifications } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { identificationFetchResultJob } from '../../jobs/identification-fetch-result.job.ts';
import type { IdentificationPort } from '../../partners/identification/port.ts';
import { recordIdentificationEvent } from './identification-webhook.service.ts';

/**
 * The safety net of decision 029: a result the partner's callback did not bring (lost, or not
 * verifiable) is fetched from the partner's API and booked through the same event and job as a
 * callback, so a late callback of the same result changes nothing.
 */

const minuteMs = 60_000;
/** The first poll of an identification that waits for its decision, after its last change. */
export const pollFirstAfterMs = 10 * minuteMs;
/** Polls back off (doubling) up to this interval. */
export const pollMaxIntervalMs = 6 * 60 * minuteMs;
/** Polling ends when the check counts as abandoned (spec 4, `kycCheckStaleDays`): a new one may start. */
export const pollStopAfterMs = kycCheckStaleDays * 24 * 60 * minuteMs;
/** How often the poll job runs (its cron); a poll falls due within one run's window. */
export const pollRunIntervalMs = 5 * minuteMs;

/**
 * Whether an identification last changed `ageMs` ago is due for a poll in the run whose window is
 * the last `windowMs`: polls fall at 10, 20, 40, 80 … minutes after the last change, then every 6
 * hours, until 30 days. Stateless: the schedule follows from the age alone, so nothing is stored per
 * poll; the window overlaps the runs a little (a poll twice is harmless, one missed is not).
 */
export function identificationPollDue(ageMs: number, windowMs = pollRunIntervalMs + minuteMs): boolean {
  if (ageMs < pollFirstAfterMs || ageMs > pollStopAfterMs) return false;
  let at = pollFirstAfterMs;
  while (at <= ageMs) {
    if (at > ageMs - windowMs) return true;
    at += Math.min(at, pollMaxIntervalMs);
  }
  return false;
}

/** Queues a result fetch for each identification of `provider` still open whose poll is due. */
export async function pollOpenIdentifications(opts: {
  db: Database;
  provider: string;
  now?: Date;
}): Promise<number> {
  const { db, provider } = opts;
  const now = opts.now ?? new Date();
  const open = await db
    .select({ id: identifications.id, updatedAt: identifications.updatedAt })
    .from(identifications)
    .where(
      and(
        eq(identifications.provider, provider),
        notInArray(identifications.state, [...kycFinalStates]),
        lte(identifications.updatedAt, new Date(now.getTime() - pollFirstAfterMs)),
        gt(identifications.updatedAt, new Date(now.getTime() - pollStopAfterMs)),
      ),
    );
  const due = open.filter((i) => identificationPollDue(now.getTime() - i.updatedAt.getTime()));
  if (due.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const i of due)
      await enqueueJob(tx, identificationFetchResultJob, { identificationId: i.id, reason: 'poll' });
  });
  return due.length;
}

export type FetchOutcome = 'recorded' | 'duplicate' | 'open' | 'not_found' | 'closed' | 'rejected';

/**
 * Asks the partner for one identification's result and, when it has one, records it as the
 * partner's event (the `identification.process` job books it). The partner is called outside any
 * transaction. `closed`: the identification has its final decision (or belongs to another partner);
 * `rejected`: the partner's answer is not about this identification or not understood.
 */
export async function fetchIdentificationResult(opts: {
  db: Database;
  partner: IdentificationPort;
  identificationId: number;
}): Promise<FetchOutcome> {
  const { db, partner, identificationId } = opts;
  const [ident] = await db.select().from(identifications).where(eq(identifications.id, identificationId));
  if (!ident || ident.provider !== partner.provider) return 'closed';
  if ((kycFinalStates as readonly string[]).includes(ident.state)) return 'closed';

  const fetched = await partner.fetchResult({ db, transactionNumber: ident.externalId });
  if (fetched.status !== 'result') return fetched.status;
  const raw = Buffer.from(JSON.stringify(fetched.body), 'utf8');
  const event = partner.readEvent(fetched.body, raw);
  if (event.problem || event.transactionNumber !== ident.externalId) return 'rejected';
  const receipt = await db.transaction((tx) =>
    recordIdentificationEvent(tx, { provider: partner.provider, event, payload: fetched.body }),
  );
  return receipt.duplicate ? 'duplicate' : receipt.problem ? 'rejected' : 'recorded';
}
