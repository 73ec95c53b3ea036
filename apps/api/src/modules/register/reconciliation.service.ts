import type { ReconciliationDifferenceView, ReconciliationView } from '@token/domain/register';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import {
  customers,
  products,
  registerHeads,
  registerHoldings,
  registerReconciliations,
  registrarInstructions,
  wallets,
} from '../../db/schema/index.ts';
import type { RegistrarPort } from '../../partners/registrar/port.ts';

/*
 * The reconciliation (issue 16, decision 016 "Reconciliation"): for every bond with journal entries,
 * the journal's balances per holder address (register_holdings with the holders' custodial wallet
 * addresses) against the registrar's own balances (`RegistrarPort.balances`: the sandbox ledger or
 * the chain). Each run is stored per bond; differences are logged as warnings and shown in the
 * operator's register view. Addresses in instructions still in flight (`submitted`) are left out:
 * the registrar may have executed them before the platform booked the answer. The registrar is asked
 * for the addresses the platform knows (a chain is read per address at one block, with tokens held
 * anywhere else reported as `unaccounted`).
 */

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const lower = (a: string) => a.toLowerCase();

/** The journal's tokens per holder address of a bond; a holder without custodial wallet as `customer:{uuid}`. */
async function journalBalances(
  db: Db,
  productId: number,
): Promise<Map<string, { address: string; tokens: number }>> {
  const rows = await db
    .select({ balance: registerHoldings.balance, address: wallets.address, uuid: customers.uuid })
    .from(registerHoldings)
    .innerJoin(customers, eq(customers.id, registerHoldings.customerId))
    .leftJoin(wallets, and(eq(wallets.customerId, registerHoldings.customerId), eq(wallets.type, 'custody')))
    .where(and(eq(registerHoldings.productId, productId), gt(registerHoldings.balance, 0)));
  const byAddress = new Map<string, { address: string; tokens: number }>();
  for (const r of rows) {
    const address = r.address ?? `customer:${r.uuid}`;
    const known = byAddress.get(lower(address));
    byAddress.set(lower(address), { address, tokens: (known?.tokens ?? 0) + r.balance });
  }
  return byAddress;
}

/** Addresses of the bond's instructions the registrar has not answered yet (lower case). */
async function inFlightAddresses(db: Db, productId: number): Promise<Set<string>> {
  const rows = await db
    .select({ from: registrarInstructions.fromAddress, to: registrarInstructions.toAddress })
    .from(registrarInstructions)
    .where(
      and(eq(registrarInstructions.productId, productId), eq(registrarInstructions.status, 'submitted')),
    );
  return new Set(
    rows
      .flatMap((r) => [r.from, r.to])
      .filter((a): a is string => a !== null)
      .map(lower),
  );
}

/**
 * Every address the platform knows for the bond: its holders' custodial wallets (also those holding
 * none now) and the addresses of all its instructions. A registrar that cannot list holders (the
 * chain) reads these and reports tokens anywhere else as `unaccounted`.
 */
async function knownAddresses(db: Db, productId: number): Promise<string[]> {
  const [holders, instructed] = await Promise.all([
    db
      .select({ address: wallets.address })
      .from(registerHoldings)
      .innerJoin(
        wallets,
        and(eq(wallets.customerId, registerHoldings.customerId), eq(wallets.type, 'custody')),
      )
      .where(eq(registerHoldings.productId, productId)),
    db
      .select({ from: registrarInstructions.fromAddress, to: registrarInstructions.toAddress })
      .from(registrarInstructions)
      .where(eq(registrarInstructions.productId, productId)),
  ]);
  const all = [...holders.map((h) => h.address), ...instructed.flatMap((r) => [r.from, r.to])];
  const byLower = new Map<string, string>();
  for (const a of all) if (a !== null && !byLower.has(lower(a))) byLower.set(lower(a), a);
  return [...byLower.values()];
}

/** The differences between the journal's and the registrar's balances, by address. */
export function balanceDifferences(
  journal: Map<string, { address: string; tokens: number }>,
  registrar: Map<string, number>,
  skip: Set<string> = new Set(),
): ReconciliationDifferenceView[] {
  const chain = new Map<string, { address: string; tokens: number }>();
  for (const [address, tokens] of registrar) {
    const known = chain.get(lower(address));
    chain.set(lower(address), { address, tokens: (known?.tokens ?? 0) + tokens });
  }
  const keys = new Set([...journal.keys(), ...chain.keys()]);
  const differences: ReconciliationDifferenceView[] = [];
  for (const key of [...keys].sort()) {
    if (skip.has(key)) continue;
    const j = journal.get(key);
    const r = chain.get(key);
    if ((j?.tokens ?? 0) !== (r?.tokens ?? 0)) {
      differences.push({
        address: r?.address ?? j!.address,
        journal: j?.tokens ?? 0,
        registrar: r?.tokens ?? 0,
      });
    }
  }
  return differences;
}

/**
 * Compares one bond's journal with the registrar and stores the result (also when the registrar
 * cannot be read: not ok, with the error). Differences are logged as a warning.
 */
export async function reconcileBond(opts: {
  db: Database;
  registrar: RegistrarPort;
  productId: number;
  log?: Log;
}): Promise<ReconciliationView> {
  const { db, registrar, productId } = opts;
  const [bond] = await db
    .select({ code: products.code, tokenId: products.tokenId })
    .from(products)
    .where(eq(products.id, productId));
  if (!bond) throw new Error(`reconciliation: no product ${productId}`);
  let differences: ReconciliationDifferenceView[] = [];
  let error: string | null = null;
  try {
    // The registrar is read first: a transaction booked meanwhile shows on both sides or as in flight.
    const addresses = await knownAddresses(db, productId);
    const onRegistrar = await registrar.balances({ db, bond, addresses });
    const [journal, inFlight] = await Promise.all([
      journalBalances(db, productId),
      inFlightAddresses(db, productId),
    ]);
    differences = balanceDifferences(journal, onRegistrar, inFlight);
  } catch (e) {
    error = e instanceof Error ? e.message.slice(0, 500) : String(e);
  }
  const ok = error === null && differences.length === 0;
  const [row] = await db
    .insert(registerReconciliations)
    .values({ productId, registrar: registrar.kind, ok, differences, error })
    .returning();
  if (error)
    opts.log?.error({ product: bond.code, error }, 'reconciliation: the registrar could not be read');
  else if (!ok)
    opts.log?.warn({ product: bond.code, differences }, 'reconciliation: journal and registrar differ');
  return viewOf(row!);
}

/** Reconciles every bond with journal entries, one after the other; answers how many and how many differ. */
export async function reconcileAllBonds(opts: {
  db: Database;
  registrar: RegistrarPort;
  log?: Log;
}): Promise<{ bonds: number; notOk: number }> {
  const bonds = await opts.db
    .select({ productId: registerHeads.productId })
    .from(registerHeads)
    .where(gt(registerHeads.lastSequence, 0))
    .orderBy(registerHeads.productId);
  let notOk = 0;
  for (const { productId } of bonds) {
    const result = await reconcileBond({ ...opts, productId });
    if (!result.ok) notOk += 1;
  }
  opts.log?.info({ bonds: bonds.length, notOk }, 'reconciliation done');
  return { bonds: bonds.length, notOk };
}

/** The bond's newest reconciliation, or null when it never ran. */
export async function findLastReconciliation(db: Db, productId: number): Promise<ReconciliationView | null> {
  const [row] = await db
    .select()
    .from(registerReconciliations)
    .where(eq(registerReconciliations.productId, productId))
    .orderBy(desc(registerReconciliations.ranAt), desc(registerReconciliations.id))
    .limit(1);
  return row ? viewOf(row) : null;
}

function viewOf(row: typeof registerReconciliations.$inferSelect): ReconciliationView {
  return {
    ok: row.ok,
    registrar: row.registrar,
    differences: row.differences,
    error: row.error,
    ranAt: row.ranAt.toISOString(),
  };
}
