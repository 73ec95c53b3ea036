import { AppError, notFound } from '@token/domain/errors';
import { shortenAddress } from '@token/domain/format';
import {
  customerLifecycle,
  isCustomerApproved,
  isRegistrarApproved,
  isStateOf,
  registrarLifecycle,
} from '@token/domain/onboarding';
import {
  parseBeneficiary,
  type TransferInput,
  type TransferReceiver,
  type TransferView,
  transferRefusal,
} from '@token/domain/register';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  customers,
  registerHeads,
  registerHoldings,
  tokenTransfers,
  wallets,
} from '../../db/schema/index.ts';
import { queueInstruction } from './instructions.service.ts';

/*
 * Token transfers between investors (issue 16, decision 016 "Transfers and depot"): `POST
 * token/transfer` checks the domain's one rule set (`transferRefusal`) under the sender's holding
 * lock, verifies a fresh two-factor code in the same transaction, holds the tokens back in
 * `pending_out` and queues the registrar's instruction. The registrar's confirmation (another
 * service) books the journal entry and settles or releases the held tokens.
 */

/**
 * Checks the sender's two-factor code inside the transfer's transaction; throws `two_factor_invalid`
 * (or 429 while locked). The route passes `checkSecondFactor`; the race test and the benchmark inject
 * their own, since 50 distinct valid TOTP codes of one moment do not exist.
 */
export type VerifyCode = (tx: Tx, opts: { customerId: number; code: string }) => Promise<void>;

type Bond = {
  id: number;
  code: string;
  variantId: number | null;
  variantCode: string | null;
  whitelisting: boolean;
  professionalOnly: boolean;
  investorLimit: number | null;
};

/** The bond named by product or variant code (both given: the variant must be the product's). */
async function bondOf(db: Database | Tx, input: Pick<TransferInput, 'product' | 'productVariant'>) {
  const variant =
    input.productVariant !== undefined
      ? sql`select v.id, v.code from product_variants v where v.product_id = p.id and v.code = ${input.productVariant}`
      : sql`select v.id, v.code from product_variants v where v.product_id = p.id order by v.position, v.id limit 1`;
  const product =
    input.product !== undefined
      ? sql`p.code = ${input.product}`
      : sql`p.id = (select v.product_id from product_variants v where v.code = ${input.productVariant ?? ''})`;
  const { rows } = (await db.execute(sql`select p.id, p.code, p.whitelisting,
      p.professional_only as "professionalOnly", p.investor_limit as "investorLimit",
      dv.id as "variantId", dv.code as "variantCode"
    from products p left join lateral (${variant}) dv on true
    where p.enabled and ${product}`)) as unknown as { rows: Bond[] };
  const bond = rows[0];
  // A variant named but not found (or of another product) names no bond.
  if (!bond || (input.productVariant !== undefined && bond.variantId === null)) throw notFound();
  return bond;
}

/** The approval the buy rule asks for (spec 5, `buyBlockers`): KYC passed, customer and registrar status approved. */
function isApprovedInvestor(c: {
  kycPassed: boolean;
  status: string | null;
  cryptoRegistrarStatus: string | null;
}): boolean {
  const status = isStateOf(customerLifecycle, c.status) ? c.status : null;
  const registrar = isStateOf(registrarLifecycle, c.cryptoRegistrarStatus) ? c.cryptoRegistrarStatus : null;
  return c.kycPassed && isCustomerApproved(status) && isRegistrarApproved(registrar);
}

/**
 * The beneficiary as the rule sees them, or null when the e-mail or address names nobody. Whitelisted:
 * on the bond's whitelist when the bond has whitelisting; otherwise any approved investor with a
 * custodial wallet (decision 016).
 */
async function receiverOf(tx: Tx, bond: Bond, beneficiary: string): Promise<TransferReceiver | null> {
  const named = parseBeneficiary(beneficiary);
  if (!named) return null;
  const match =
    named.type === 'email'
      ? sql`c.email = ${named.email}`
      : sql`c.id = (select w.customer_id from wallets w where lower(w.address) = lower(${named.address}))`;
  const { rows } = (await tx.execute(sql`select c.id, c.kyc_passed as "kycPassed", c.status,
      c.crypto_registrar_status as "cryptoRegistrarStatus", c.roles,
      exists (select 1 from wallets w where w.customer_id = c.id and w.type = 'custody') as "hasWallet",
      exists (select 1 from bond_whitelist b where b.product_id = ${bond.id} and b.customer_id = c.id) as "listed",
      (exists (select 1 from register_holdings h
          where h.product_id = ${bond.id} and h.customer_id = c.id and h.balance > 0)
        or exists (select 1 from token_transfers t
          where t.product_id = ${bond.id} and t.receiver_id = c.id and t.status = 'pending')) as "holdsBond"
    from customers c where ${match}`)) as unknown as {
    rows: {
      id: number;
      kycPassed: boolean;
      status: string | null;
      cryptoRegistrarStatus: string | null;
      roles: string[];
      hasWallet: boolean;
      listed: boolean;
      holdsBond: boolean;
    }[];
  };
  const r = rows[0];
  if (!r) return null;
  const isApproved = isApprovedInvestor(r);
  return {
    holderId: String(r.id),
    isApproved,
    hasWallet: r.hasWallet,
    isWhitelisted: bond.whitelisting ? r.listed : isApproved && r.hasWallet,
    roles: r.roles,
    holdsBond: r.holdsBond,
  };
}

/** Holders of the bond now, plus receivers of its open transfers who hold none yet (their seat is taken). */
async function holderCountOf(tx: Tx, productId: number): Promise<number> {
  const { rows } = (await tx.execute(sql`select
      coalesce((select holders from register_heads where product_id = ${productId}), 0)
      + (select count(distinct t.receiver_id) from token_transfers t
          where t.product_id = ${productId} and t.status = 'pending'
            and not exists (select 1 from register_holdings h
              where h.product_id = t.product_id and h.customer_id = t.receiver_id and h.balance > 0))
      as n`)) as unknown as { rows: { n: number | string }[] };
  return Number(rows[0]?.n ?? 0);
}

type TransferRow = typeof tokenTransfers.$inferSelect;

function toTransferView(
  row: TransferRow & { productCode: string; variantCode: string | null; transactionHash: string | null },
  direction: 'in' | 'out',
  senderAddress: string | null,
): TransferView {
  return {
    id: row.id,
    product: row.productCode,
    productVariant: row.variantCode ?? row.productCode,
    amount: row.amount,
    direction,
    beneficiary: direction === 'out' ? row.beneficiary : senderAddress ? shortenAddress(senderAddress) : '',
    status: row.status,
    transactionHash: row.transactionHash,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/**
 * POST token/transfer, the core: in ONE transaction the sender's wallet is checked (another's is
 * 404), the bond's head is locked when it limits its investors (the holder count must not move under
 * us; head before holding, the journal's lock order), the sender's holding is locked (none is created),
 * the rule runs without the code, then the code is verified, then the transfer is stored `pending`,
 * its tokens held in `pending_out` and the registrar's instruction queued (key `transfer-{id}`). A
 * wrong code commits only its failure count (the lock-out must survive), nothing else.
 */
export async function placeTransfer(opts: {
  db: Database;
  customerId: number;
  input: TransferInput;
  verifyCode: VerifyCode;
}): Promise<TransferView> {
  const { db, customerId, input } = opts;
  const outcome = await db.transaction(async (tx) => {
    const [wallet] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.id, input.fromWalletId), eq(wallets.customerId, customerId)));
    if (!wallet) throw notFound();
    const bond = await bondOf(tx, input);
    if (bond.investorLimit !== null) {
      await tx
        .select({ id: registerHeads.productId })
        .from(registerHeads)
        .where(eq(registerHeads.productId, bond.id))
        .for('update');
    }
    const [holding] = await tx
      .select({
        balance: registerHoldings.balance,
        pendingOut: registerHoldings.pendingOut,
        disposalRestriction: registerHoldings.disposalRestriction,
      })
      .from(registerHoldings)
      .where(and(eq(registerHoldings.productId, bond.id), eq(registerHoldings.customerId, customerId)))
      .for('update');
    const [sender] = await tx
      .select({ twoFactorEnabled: customers.twoFactorEnabled })
      .from(customers)
      .where(eq(customers.id, customerId));
    const receiver = await receiverOf(tx, bond, input.beneficiary);
    const rule = {
      amount: input.amount,
      sender: {
        holderId: String(customerId),
        twoFactorEnabled: sender?.twoFactorEnabled === true,
        // A missing code is answered in the rule's order (before anything about the receiver); a
        // given one is verified after the rule, so a refused transfer does not use it up.
        ...(input.code ? {} : { code: 'missing' as const }),
        minted: holding?.balance ?? 0,
        pendingOutgoing: holding?.pendingOut ?? 0,
        disposalRestricted: holding?.disposalRestriction != null,
      },
      receiver,
      bond: {
        professionalOnly: bond.professionalOnly,
        investorLimit: bond.investorLimit,
        holders: bond.investorLimit === null ? 0 : await holderCountOf(tx, bond.id),
      },
    };
    const refusal = transferRefusal(rule);
    if (refusal) throw new AppError(refusal);
    if (!input.code) throw new AppError('two_factor_required');
    try {
      await opts.verifyCode(tx, { customerId, code: input.code });
    } catch (err) {
      if (err instanceof AppError && err.code === 'two_factor_invalid') return { refused: err };
      throw err;
    }
    // receiver is non-null here: the rule refuses an unknown beneficiary.
    const receiverId = Number(receiver!.holderId);
    const [row] = await tx
      .insert(tokenTransfers)
      .values({
        productId: bond.id,
        variantId: bond.variantId,
        senderId: customerId,
        receiverId,
        amount: input.amount,
        beneficiary: input.beneficiary,
      })
      .returning();
    if (!row) throw new Error('token transfer insert returned nothing');
    await tx
      .update(registerHoldings)
      .set({ pendingOut: sql`${registerHoldings.pendingOut} + ${input.amount}`, updatedAt: new Date() })
      .where(and(eq(registerHoldings.productId, bond.id), eq(registerHoldings.customerId, customerId)));
    const { instruction } = await queueInstruction(tx, {
      productId: bond.id,
      kind: 'transfer',
      fromCustomerId: customerId,
      toCustomerId: receiverId,
      amount: input.amount,
      cause: { type: 'transfer_request', transferId: String(row.id) },
      idempotencyKey: `transfer-${row.id}`,
    });
    await tx
      .update(tokenTransfers)
      .set({ instructionId: instruction.id })
      .where(eq(tokenTransfers.id, row.id));
    return {
      view: toTransferView(
        {
          ...row,
          instructionId: instruction.id,
          productCode: bond.code,
          variantCode: bond.variantCode,
          transactionHash: null,
        },
        'out',
        null,
      ),
    };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.view;
}

/** GET token-transfers: the customer's transfers, sent and received, newest first, paged. */
export async function listTransfers(opts: {
  db: Database;
  customerId: number;
  page: Page;
}): Promise<{ items: TransferView[]; totalItems: number }> {
  const { db, customerId, page } = opts;
  const mine = sql`(t.sender_id = ${customerId} or t.receiver_id = ${customerId})`;
  const { rows } = (await db.execute(sql`select t.id, t.amount, t.beneficiary, t.status,
      t.sender_id as "senderId", t.created_at as "createdAt", t.decided_at as "decidedAt",
      p.code as "productCode", v.code as "variantCode", i.transaction_hash as "transactionHash",
      (select w.address from wallets w where w.customer_id = t.sender_id and w.type = 'custody') as "senderAddress",
      count(*) over () as total
    from token_transfers t
    join products p on p.id = t.product_id
    left join product_variants v on v.id = t.variant_id
    left join registrar_instructions i on i.id = t.instruction_id
    where ${mine}
    order by t.created_at desc, t.id desc
    limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}`)) as unknown as {
    rows: {
      id: number | string;
      amount: number;
      beneficiary: string;
      status: TransferRow['status'];
      senderId: number;
      createdAt: string | Date;
      decidedAt: string | Date | null;
      productCode: string;
      variantCode: string | null;
      transactionHash: string | null;
      senderAddress: string | null;
      total: number | string;
    }[];
  };
  let totalItems = rows.length ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && page.page > 1) {
    const { rows: counted } = (await db.execute(
      sql`select count(*) as n from token_transfers t where ${mine}`,
    )) as unknown as { rows: { n: number | string }[] };
    totalItems = Number(counted[0]?.n ?? 0);
  }
  const items = rows.map((r) => {
    const direction = r.senderId === customerId ? ('out' as const) : ('in' as const);
    return {
      id: Number(r.id),
      product: r.productCode,
      productVariant: r.variantCode ?? r.productCode,
      amount: r.amount,
      direction,
      beneficiary:
        direction === 'out' ? r.beneficiary : r.senderAddress ? shortenAddress(r.senderAddress) : '',
      status: r.status,
      transactionHash: r.transactionHash,
      createdAt: new Date(r.createdAt).toISOString(),
      decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
    };
  });
  return { items, totalItems };
}
