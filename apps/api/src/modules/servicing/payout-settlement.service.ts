import { AppError, notFound } from '@token/domain/errors';
import {
  assertPayoutTransition,
  isPayableRunState,
  type PayoutAdminView,
  type PayoutNoticeResult,
} from '@token/domain/servicing';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { bondTerms, customers, payouts, productPaymentConfigurations } from '../../db/schema/index.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { parseCamt } from '../../partners/bank/camt.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { collectionAccountOf } from '../orders/payment-choice.service.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import { getBond } from '../register/bond-lookup.ts';
import {
  bookPayoutFailed,
  bookPayoutPaid,
  lockRun,
  payoutAdminView,
  runOf,
  settleRun,
} from './coupon-runs.service.ts';
import { buildPayoutFile, isSepaIban, parsePayoutEndToEndId, sepaName } from './payout-file.ts';

/*
 * Paying a coupon run through the bank (issue 17): the run's SEPA credit transfer file
 * (`payout-file.ts`) for the operator to hand to the bank, the bank's camt.054 debit notice that marks
 * the payouts paid (or failed, for returned transfers), and a payout marked failed by hand.
 *
 * Decisions (docs/decisions/017):
 * - The debtor is the bond's payout account: the product's own bank account from its payment
 *   configuration, else the channel's, as for incoming payments (`collectionAccountOf`).
 * - A holder without a valid SEPA IBAN or without a name usable in SEPA cannot be in the file; the
 *   file is then refused (409 `payout_bank_details_missing`, the customers and payouts named in
 *   `detail`) instead of silently leaving them out: the operator has the details completed, or marks
 *   those payouts failed, and downloads again (failed payouts are never in a file).
 * - Matching: a camt.054 debit is a payout's when its end-to-end id is the payout's and its amount and
 *   currency equal the payout's; anything else is reported back and changes nothing. A return
 *   (`RtrInf`) or rejection of a pending payout marks it failed with the reason code; a return of a
 *   payout already paid is reported (`returned_after_paid`) for the operator: reversing a booked
 *   payment is not part of this slice.
 */

/** The account payouts of the bond leave from: the product's own (payment configuration), else the channel's. */
async function payoutAccountOf(db: Database, productId: number) {
  const [own] = await db
    .select()
    .from(productPaymentConfigurations)
    .where(
      and(
        eq(productPaymentConfigurations.productId, productId),
        isNotNull(productPaymentConfigurations.bankIban),
        isNotNull(productPaymentConfigurations.bankAccountHolder),
      ),
    )
    .orderBy(asc(productPaymentConfigurations.id))
    .limit(1);
  return collectionAccountOf(own ?? null, await findShopChannel({ db }));
}

/** The name a holder's transfer goes to: the beneficiary they gave, else the company's or person's name. */
function holderName(c: {
  beneficiary: string | null;
  accountType: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}): string {
  const person = [c.firstName, c.lastName].filter(Boolean).join(' ');
  const company = c.accountType === 'company' ? c.companyName : null;
  return sepaName(c.beneficiary) || sepaName(company) || sepaName(person) || sepaName(c.companyName);
}

export type PayoutFile = {
  filename: string;
  xml: string;
  transactions: number;
  totalCents: number;
};

/**
 * GET coupon-runs/{id}/payout-file: the pain.001.001.09 file of the run's pending payouts, checked
 * before it is returned; audit log. 409 `payout_file_unavailable` unless the run is approved (or
 * partially failed) with pending payouts, `payout_account_missing`, `payout_bank_details_missing`.
 */
export async function getPayoutFile(opts: {
  db: Database;
  code: string;
  runId: number;
  operatorId: number;
  now: Date;
}): Promise<PayoutFile> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  const run = await runOf(db, bond.id, opts.runId);
  if (!isPayableRunState(run.status)) {
    throw new AppError('payout_file_unavailable', { detail: `the run is ${run.status}` });
  }
  const pending = await db
    .select({
      id: payouts.id,
      amountCents: payouts.amountCents,
      uuid: customers.uuid,
      iban: customers.iban,
      beneficiary: customers.beneficiary,
      accountType: customers.accountType,
      companyName: customers.companyName,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(payouts)
    .innerJoin(customers, eq(customers.id, payouts.customerId))
    .where(and(eq(payouts.runId, run.id), eq(payouts.status, 'pending')))
    .orderBy(asc(payouts.id));
  if (pending.length === 0) throw new AppError('payout_file_unavailable', { detail: 'no pending payouts' });

  const account = await payoutAccountOf(db, bond.id);
  if (!account || !isSepaIban(account.iban) || !sepaName(account.holder)) {
    throw new AppError('payout_account_missing');
  }
  const lines = pending.map((p) => ({ ...p, name: holderName(p) }));
  const incomplete = lines.filter((p) => !isSepaIban(p.iban) || !p.name);
  if (incomplete.length > 0) {
    throw new AppError('payout_bank_details_missing', {
      detail: `customers ${incomplete.map((p) => `${p.uuid} (payout ${p.id})`).join(', ')}`,
    });
  }
  const [terms] = await db
    .select({ terms: bondTerms.terms })
    .from(bondTerms)
    .where(and(eq(bondTerms.productId, bond.id), eq(bondTerms.version, run.termsVersion)));
  const isin = terms?.terms.isin ?? '';
  const xml = buildPayoutFile({
    runId: run.id,
    paymentDate: run.paymentDate,
    remittanceText: `Zinsen ${isin} ${bond.code} Periode ${run.periodStart} bis ${run.periodEnd}`,
    debtor: { name: account.holder, iban: account.iban, bic: account.bic || null },
    transactions: lines.map((p) => ({
      payoutId: p.id,
      amountCents: p.amountCents,
      creditorName: p.name,
      creditorIban: p.iban!,
    })),
    now: opts.now,
  });
  const totalCents = lines.reduce((s, p) => s + p.amountCents, 0);
  await appendAuditEntry(db, {
    customerId: opts.operatorId,
    actorId: opts.operatorId,
    action: 'payout_file_downloaded',
    reason: null,
    details: { product: bond.code, runId: run.id, transactions: lines.length, totalCents },
  });
  return {
    filename: `coupon-${bond.code}-${run.periodStart}-${run.periodEnd}.xml`,
    xml,
    transactions: lines.length,
    totalCents,
  };
}

/**
 * POST coupon-runs/{id}/camt054: reads the bank's camt.054 and settles the run's payouts it names
 * (see the decisions above), all in one transaction under the run's lock; the same file twice books
 * nothing twice. Parser errors are the bank-statement import's (`bank_statement_*`).
 */
export async function importPayoutNotice(opts: {
  db: Database;
  code: string;
  runId: number;
  file: Buffer | string;
  operatorId: number;
  today: string;
  /** Each investor paid gets the "payout paid" mail with the booking. */
  mail?: MailContext;
}): Promise<PayoutNoticeResult> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  const run = await runOf(db, bond.id, opts.runId);
  const notice = parseCamt(opts.file);
  const result: PayoutNoticeResult = {
    messageId: notice.messageId,
    matched: 0,
    alreadyPaid: 0,
    failed: 0,
    alreadyFailed: 0,
    unmatched: [],
    run: { id: run.id, status: run.status },
  };
  type Unmatched = PayoutNoticeResult['unmatched'][number];
  const skip = (endToEndId: string | null, amountCents: number, reason: Unmatched['reason']) =>
    result.unmatched.push({ endToEndId, amountCents, reason });

  await db.transaction(async (tx) => {
    await lockRun(tx, run.id);
    const rows = await tx.select().from(payouts).where(eq(payouts.runId, run.id));
    const byId = new Map(rows.map((p) => [p.id, p]));
    /** The payout an entry names, or why it names none of this run's. */
    const payoutOf = (endToEndId: string | null, amountCents: number, currency: string) => {
      const ids = endToEndId ? parsePayoutEndToEndId(endToEndId) : null;
      if (!ids) return 'unknown_end_to_end_id' as const;
      if (ids.runId !== run.id) return 'other_run' as const;
      const payout = byId.get(ids.payoutId);
      if (!payout) return 'unknown_end_to_end_id' as const;
      if (currency !== 'EUR') return 'currency_mismatch' as const;
      if (payout.amountCents !== amountCents) return 'amount_mismatch' as const;
      return payout;
    };

    const returned = new Set<number>();
    for (const r of notice.returns) {
      const payout = payoutOf(r.endToEndId, r.amountCents, r.currency);
      if (typeof payout === 'string') {
        skip(r.endToEndId, r.amountCents, payout);
        continue;
      }
      returned.add(payout.id);
      const current = (
        await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payout.id))
      )[0]!;
      if (current.status === 'failed') result.alreadyFailed++;
      else if (current.status === 'paid') skip(r.endToEndId, r.amountCents, 'returned_after_paid');
      else {
        await bookPayoutFailed(tx, {
          payoutId: payout.id,
          productCode: bond.code,
          operatorId: opts.operatorId,
          reason: `bank return ${r.reasonCode ?? 'without reason code'}`,
          camtMessageId: notice.messageId,
          settle: false,
        });
        result.failed++;
      }
    }
    for (const d of notice.debits) {
      const payout = payoutOf(d.endToEndId, d.amountCents, d.currency);
      if (typeof payout === 'string') {
        skip(d.endToEndId, d.amountCents, payout);
        continue;
      }
      // The debit of a transfer that came back in the same notice: the return decides.
      if (returned.has(payout.id)) continue;
      const current = (
        await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payout.id))
      )[0]!;
      if (current.status === 'paid') result.alreadyPaid++;
      else if (current.status === 'failed') skip(d.endToEndId, d.amountCents, 'payout_failed');
      else {
        await bookPayoutPaid(tx, {
          payoutId: payout.id,
          productCode: bond.code,
          operatorId: opts.operatorId,
          today: opts.today,
          source: { camtMessageId: notice.messageId, entryReference: d.entryReference },
          ...(opts.mail ? { mail: opts.mail } : {}),
          // the run is settled once below, not after each of its payouts
          settle: false,
        });
        result.matched++;
      }
    }
    await settleRun(tx, run.id);
    await appendAuditEntry(tx, {
      customerId: opts.operatorId,
      actorId: opts.operatorId,
      action: 'payout_notice_imported',
      reason: null,
      details: {
        product: bond.code,
        runId: run.id,
        messageId: notice.messageId,
        matched: result.matched,
        alreadyPaid: result.alreadyPaid,
        failed: result.failed,
        alreadyFailed: result.alreadyFailed,
        unmatched: result.unmatched.length,
      },
    });
  });
  result.run.status = (await runOf(db, bond.id, run.id)).status;
  return result;
}

/**
 * POST coupon-runs/{id}/payouts/{payoutId}/failed: pending -> failed with the operator's reason; the
 * run turns partially_failed once none is pending. Repeating it answers the failed payout unchanged;
 * a paid payout answers 409 `invalid_transition`.
 */
export async function markPayoutFailed(opts: {
  db: Database;
  code: string;
  runId: number;
  payoutId: number;
  reason: string;
  operatorId: number;
}): Promise<PayoutAdminView> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  await runOf(db, bond.id, opts.runId);
  const [found] = await db
    .select({ status: payouts.status })
    .from(payouts)
    .where(and(eq(payouts.id, opts.payoutId), eq(payouts.runId, opts.runId)));
  if (!found) throw notFound();
  assertPayoutTransition(found.status, 'failed');
  await db.transaction(async (tx: Db) => {
    await lockRun(tx, opts.runId);
    await bookPayoutFailed(tx, {
      payoutId: opts.payoutId,
      productCode: bond.code,
      operatorId: opts.operatorId,
      reason: opts.reason,
    });
  });
  return payoutAdminView(db, opts.runId, opts.payoutId);
}
