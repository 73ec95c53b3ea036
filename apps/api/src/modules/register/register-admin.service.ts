import { AppError, notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import {
  type RegisterAdminView,
  type RegisterEntryAdminView,
  type RegisterHolderIdentity,
  reversalDraftOf,
} from '@token/domain/register';
import { and, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  addresses,
  customers,
  productTranslations,
  registerEntries,
  registerHeads,
  registerHoldings,
  tokenTransfers,
} from '../../db/schema/index.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { getBond, partyColumns, partyOf } from './bond-lookup.ts';
import {
  appendRegisterEntry,
  checkRegister,
  type RegisterEntryRow,
  toJournalEntry,
  totalSupplyOf,
} from './journal.service.ts';
import { followOrderMinting } from './minting.service.ts';
import { findLastReconciliation } from './reconciliation.service.ts';
import { findRestrictionsInForce } from './restrictions.service.ts';

/*
 * The operator's register of a bond (issue 16, decision 016 "Operator"): its head, its holders as
 * eWpRV § 8 identifies them, the chain check; the journal paged; reversals of wrong entries.
 */

const fromParty = alias(customers, 'from_party');
const toParty = alias(customers, 'to_party');

function placeOf(a: { city: string; countryCode: string } | undefined): string | null {
  return a ? `${a.city}, ${a.countryCode}` : null;
}

/**
 * GET register: the head (last sequence and hash, minted, burned, holders), the holders with their
 * balances, pending transfers and disposal restrictions in force, identified per eWpRV § 8 (natural person: name, date of birth,
 * residence; legal person: company and seat), the issue volume, and the whole journal's chain check
 * with any drift of the stored head and holdings.
 */
export async function getRegisterView(opts: {
  db: Database;
  code: string;
  locale: Locale;
}): Promise<RegisterAdminView> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  const names = await db
    .select({ locale: productTranslations.locale, name: productTranslations.name })
    .from(productTranslations)
    .where(eq(productTranslations.productId, bond.id));
  const [head] = await db.select().from(registerHeads).where(eq(registerHeads.productId, bond.id));
  const holdings = await db
    .select({
      customerId: registerHoldings.customerId,
      balance: registerHoldings.balance,
      pendingOut: registerHoldings.pendingOut,
      party: partyColumns(customers),
      birthDate: customers.birthDate,
      defaultAddressId: customers.defaultAddressId,
    })
    .from(registerHoldings)
    .innerJoin(customers, eq(customers.id, registerHoldings.customerId))
    .where(and(eq(registerHoldings.productId, bond.id), gt(registerHoldings.balance, 0)))
    .orderBy(desc(registerHoldings.balance), registerHoldings.customerId);
  const ids = holdings.map((h) => h.customerId);
  const [addressRows, pendingIn] = ids.length
    ? await Promise.all([
        db
          .select({
            id: addresses.id,
            customerId: addresses.customerId,
            kind: addresses.kind,
            city: addresses.city,
            countryCode: addresses.countryCode,
          })
          .from(addresses)
          .where(inArray(addresses.customerId, ids)),
        db
          .select({
            customerId: tokenTransfers.receiverId,
            amount: sql<number>`sum(${tokenTransfers.amount})::int`,
          })
          .from(tokenTransfers)
          .where(
            and(
              eq(tokenTransfers.productId, bond.id),
              eq(tokenTransfers.status, 'pending'),
              inArray(tokenTransfers.receiverId, ids),
            ),
          )
          .groupBy(tokenTransfers.receiverId),
      ])
    : [[], []];
  const incoming = new Map(pendingIn.map((p) => [p.customerId, p.amount]));
  const restrictions = await findRestrictionsInForce(db, bond.id, ids);
  const holders = holdings.map((h) => {
    const own = addressRows.filter((a) => a.customerId === h.customerId);
    const usual = own.find((a) => a.id === h.defaultAddressId) ?? own[0];
    const party = partyOf(h.party);
    const identity: RegisterHolderIdentity =
      h.party.accountType === 'company'
        ? {
            type: 'legal',
            company: h.party.companyName ?? party.name,
            seat: placeOf(own.find((a) => a.kind === 'company') ?? usual),
          }
        : { type: 'natural', name: party.name, birthDate: h.birthDate, residence: placeOf(usual) };
    return {
      customer: party,
      identity,
      balance: h.balance,
      pendingOut: h.pendingOut,
      pendingIn: incoming.get(h.customerId) ?? 0,
      restrictions: restrictions.get(h.party.uuid) ?? [],
    };
  });

  const check = await checkRegister({ db, productId: bond.id });
  const byId = new Map(holdings.map((h) => [h.customerId, h.party.uuid]));
  const missing = check.mismatches
    .filter((m) => m.kind === 'holding' && !byId.has(m.customerId))
    .map((m) => (m.kind === 'holding' ? m.customerId : 0));
  if (missing.length) {
    for (const c of await db
      .select({ id: customers.id, uuid: customers.uuid })
      .from(customers)
      .where(inArray(customers.id, missing)))
      byId.set(c.id, c.uuid);
  }
  const totalSupply = await totalSupplyOf(db, bond.id);
  const stored = head ?? { lastSequence: 0, lastHash: '0'.repeat(64), minted: 0, burned: 0, holders: 0 };
  return {
    product: bond.code,
    name: (names.find((n) => n.locale === opts.locale) ?? names[0])?.name ?? bond.code,
    whitelisting: bond.whitelisting,
    head: {
      lastSequence: stored.lastSequence,
      lastHash: stored.lastHash,
      minted: stored.minted,
      burned: stored.burned,
      holders: stored.holders,
    },
    totalSupply,
    outstanding: stored.minted - stored.burned,
    holders,
    check: {
      ok: check.journal.ok && check.mismatches.length === 0,
      entries: check.entries,
      fault: check.journal.ok
        ? null
        : { sequence: check.journal.sequence, fault: check.journal.fault, detail: check.journal.detail },
      mismatches: check.mismatches.map((m) =>
        m.kind === 'head'
          ? { kind: 'head', subject: m.field, journal: m.journal, stored: m.stored }
          : {
              kind: 'holding',
              subject: byId.get(m.customerId) ?? String(m.customerId),
              journal: String(m.journal),
              stored: String(m.stored),
            },
      ),
      checkedAt: new Date().toISOString(),
    },
    reconciliation: await findLastReconciliation(db, bond.id),
  };
}

type EntryWithParties = {
  entry: RegisterEntryRow;
  from: Parameters<typeof partyOf>[0] | null;
  to: Parameters<typeof partyOf>[0] | null;
  reversedBy: number | null;
  orderNumber: string | null;
};

function toEntryView(r: EntryWithParties): RegisterEntryAdminView {
  const e = r.entry;
  return {
    sequence: e.sequence,
    kind: e.kind,
    amount: e.amount,
    from: r.from?.uuid ? partyOf(r.from) : null,
    to: r.to?.uuid ? partyOf(r.to) : null,
    cause: e.cause,
    orderNumber: r.orderNumber,
    recordedAt: e.recordedAt.toISOString(),
    hash: e.hash,
    previousHash: e.previousHash,
    transactionHash: e.transactionHash,
    status: r.reversedBy === null ? 'confirmed' : 'reversed',
    reversedBy: r.reversedBy,
  };
}

/** The sequence of the reversal that undid this entry (a correction naming it), or null. */
const reversedBySql = sql<number | null>`(select r.sequence from register_entries r
  where r.product_id = ${registerEntries.productId} and r.kind = 'reversal'
    and (r.cause->>'reverses')::int = ${registerEntries.sequence} limit 1)`;

async function entriesWithParties(
  db: Database,
  productId: number,
  where: ReturnType<typeof and>,
  page?: Page,
) {
  const query = db
    .select({
      entry: registerEntries,
      from: partyColumns(fromParty),
      to: partyColumns(toParty),
      reversedBy: reversedBySql,
      // By the primary key (a text comparison of o.id would read every order for every row).
      orderNumber: sql<string | null>`(select o.number from orders o
        where ${registerEntries.cause}->>'type' = 'order'
          and o.id = case when ${registerEntries.cause}->>'orderId' ~ '^[0-9]{1,9}$'
            then (${registerEntries.cause}->>'orderId')::int end)`,
    })
    .from(registerEntries)
    .leftJoin(fromParty, eq(fromParty.id, registerEntries.fromCustomerId))
    .leftJoin(toParty, eq(toParty.id, registerEntries.toCustomerId))
    .where(and(eq(registerEntries.productId, productId), where))
    .orderBy(desc(registerEntries.sequence));
  const rows = page
    ? await query.limit(page.itemsPerPage).offset((page.page - 1) * page.itemsPerPage)
    : await query;
  return rows.map((r) =>
    toEntryView({ ...r, reversedBy: r.reversedBy === null ? null : Number(r.reversedBy) }),
  );
}

/** GET register/entries: the bond's journal, newest first, with the holders' names and causes. */
export async function listRegisterEntries(opts: {
  db: Database;
  code: string;
  page: Page;
}): Promise<{ items: RegisterEntryAdminView[]; totalItems: number }> {
  const bond = await getBond(opts.db, opts.code);
  const [items, [total]] = await Promise.all([
    entriesWithParties(opts.db, bond.id, undefined, opts.page),
    opts.db.select({ n: count() }).from(registerEntries).where(eq(registerEntries.productId, bond.id)),
  ]);
  return { items, totalItems: total?.n ?? 0 };
}

/**
 * POST register/entries/{sequence}/reversal: undoes a wrong entry by a new `reversal` entry (the
 * domain's `reversalDraftOf`), with the reason in the journal's correction and the audit log. Refused
 * with `reversal_not_allowed` for a reversal, an entry already reversed, or tokens no longer where the
 * entry put them (the journal refuses the overdraw; the operator reverses the onward transfers first).
 * A reversed mint of an order moves that order's stock and shipping state back (`followOrderMinting`).
 */
export async function reverseRegisterEntry(opts: {
  db: Database;
  code: string;
  sequence: number;
  operatorId: number;
  reason: string;
}): Promise<RegisterEntryAdminView> {
  const bond = await getBond(opts.db, opts.code);
  let reversalSequence: number;
  try {
    reversalSequence = await opts.db.transaction(async (tx) => {
      // The head lock orders this reversal after any append of the bond (and a second reversal after it).
      await tx
        .select({ productId: registerHeads.productId })
        .from(registerHeads)
        .where(eq(registerHeads.productId, bond.id))
        .for('update');
      const [entry] = await tx
        .select()
        .from(registerEntries)
        .where(and(eq(registerEntries.productId, bond.id), eq(registerEntries.sequence, opts.sequence)));
      if (!entry) throw notFound();
      if (entry.kind === 'reversal') {
        throw new AppError('reversal_not_allowed', { detail: 'a reversal is not reversed' });
      }
      const [already] = await tx
        .select({ sequence: registerEntries.sequence })
        .from(registerEntries)
        .where(
          and(
            eq(registerEntries.productId, bond.id),
            eq(registerEntries.kind, 'reversal'),
            sql`(${registerEntries.cause}->>'reverses')::int = ${entry.sequence}`,
          ),
        );
      if (already) {
        throw new AppError('reversal_not_allowed', { detail: `already reversed by ${already.sequence}` });
      }
      const now = new Date();
      const draft = reversalDraftOf(toJournalEntry(entry), {
        reason: opts.reason,
        recordedAt: now.toISOString(),
      });
      const reversal = await appendRegisterEntry(tx, {
        productId: bond.id,
        kind: 'reversal',
        reversedKind: entry.kind,
        fromCustomerId: draft.fromHolder === null ? null : Number(draft.fromHolder),
        toCustomerId: draft.toHolder === null ? null : Number(draft.toHolder),
        amount: draft.amount,
        cause: draft.cause,
        now,
      });
      let shippingState: string | null = null;
      if (entry.kind === 'mint' && entry.cause.type === 'order') {
        shippingState = await followOrderMinting(tx, {
          orderId: Number(entry.cause.orderId),
          tokens: -entry.amount,
        });
      }
      const holder = entry.toCustomerId ?? entry.fromCustomerId;
      if (holder !== null) {
        await appendAuditEntry(tx, {
          customerId: holder,
          actorId: opts.operatorId,
          action: 'register_entry_reversed',
          reason: opts.reason,
          details: {
            product: bond.code,
            sequence: entry.sequence,
            kind: entry.kind,
            amount: entry.amount,
            reversal: reversal.sequence,
            ...(entry.cause.type === 'order' ? { orderId: entry.cause.orderId, shippingState } : {}),
          },
        });
      }
      return reversal.sequence;
    });
  } catch (err) {
    // The journal refuses a reversal whose tokens left the receiver (the only way it refuses one).
    if (err instanceof AppError && err.code === 'register_entry_refused') {
      throw new AppError('reversal_not_allowed', { detail: 'the tokens are no longer with the receiver' });
    }
    throw err;
  }
  const [view] = await entriesWithParties(
    opts.db,
    bond.id,
    or(eq(registerEntries.sequence, reversalSequence)),
  );
  return view!;
}
