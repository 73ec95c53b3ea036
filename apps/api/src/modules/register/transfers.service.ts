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
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { param, prepared } from '../../db/prepared.ts';
import {
  bondWhitelist,
  customers,
  products,
  productVariants,
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

/*
 * The transfer's statements (decision 016 "Transfers and depot", Measured: a transfer ran 14
 * statements, each costing CPU in both processes on a 2-core machine). Prepared (`db/prepared.ts`),
 * and reads that see the same moment are combined: the sender's context in one, the receiver's facts
 * in one, the write in one besides the instruction's.
 */

/** The first variant of the bond (by position), or the named one when `variant` is given. */
const variantOfBond = (variant: SQL) =>
  sql`(select v.id from ${productVariants} v where v.product_id = ${products.id}
    and (${variant}::text is null or v.code = ${variant}) order by v.position, v.id limit 1)`;

/**
 * The sender's wallet (theirs, else no row), the bond and its variant, the sender's two-factor switch
 * and custodial address, and, for a bond without investor limit, the sender's holding locked `for
 * update` (a bond with a limit locks its head first, so its holding is locked by a later statement).
 * `transferId` is the transfer's id drawn now, so that the instruction, written first, can name it
 * (a refused request leaves a gap in the ids, as a rolled-back insert does).
 */
function transferContextStatement(db: Db, bondMatch: SQL) {
  const held = db
    .select({
      balance: registerHoldings.balance,
      pendingOut: registerHoldings.pendingOut,
      disposalRestriction: registerHoldings.disposalRestriction,
    })
    .from(registerHoldings)
    .where(
      and(
        eq(registerHoldings.productId, products.id),
        eq(registerHoldings.customerId, wallets.customerId),
        isNull(products.investorLimit),
      ),
    )
    .for('update')
    .as('held');
  return db
    .select({
      productId: products.id,
      productCode: products.code,
      whitelisting: products.whitelisting,
      professionalOnly: products.professionalOnly,
      investorLimit: products.investorLimit,
      paused: sql<boolean>`coalesce((select rh.paused from ${registerHeads} rh
        where rh.product_id = ${products.id}), false)`,
      variantId: productVariants.id,
      variantCode: productVariants.code,
      twoFactorEnabled: customers.twoFactorEnabled,
      senderAddress: sql<string | null>`(select w.address from ${wallets} w
        where w.customer_id = ${customers.id} and w.type = 'custody')`,
      balance: held.balance,
      pendingOut: held.pendingOut,
      disposalRestriction: held.disposalRestriction,
      transferId: sql<number>`nextval(pg_get_serial_sequence('token_transfers', 'id'))`.mapWith(Number),
    })
    .from(wallets)
    .innerJoin(customers, eq(customers.id, wallets.customerId))
    .innerJoin(products, and(bondMatch, eq(products.enabled, true)))
    .leftJoin(productVariants, eq(productVariants.id, variantOfBond(param('variant'))))
    .leftJoinLateral(held, sql`true`)
    .where(
      and(eq(wallets.id, sql.placeholder('walletId')), eq(wallets.customerId, sql.placeholder('customerId'))),
    );
}
const contextByProduct = prepared('transfer_context_by_product', (db) =>
  transferContextStatement(db, eq(products.code, sql.placeholder('product'))),
);
const contextByVariant = prepared('transfer_context_by_variant', (db) =>
  transferContextStatement(
    db,
    sql`${products.id} = (select v.product_id from ${productVariants} v where v.code = ${sql.placeholder('variant')})`,
  ),
);

/** The bond's head row locked: the holder count must not move under a transfer to a new holder. */
const headLock = prepared('transfer_head_lock', (db) =>
  db
    .select({ productId: registerHeads.productId })
    .from(registerHeads)
    .where(eq(registerHeads.productId, sql.placeholder('productId')))
    .for('update'),
);
const holdingLock = prepared('transfer_holding_lock', (db) =>
  db
    .select({
      balance: registerHoldings.balance,
      pendingOut: registerHoldings.pendingOut,
      disposalRestriction: registerHoldings.disposalRestriction,
    })
    .from(registerHoldings)
    .where(
      and(
        eq(registerHoldings.productId, sql.placeholder('productId')),
        eq(registerHoldings.customerId, sql.placeholder('customerId')),
      ),
    )
    .for('update'),
);

/**
 * The beneficiary's facts for the rule, read after the locks (a fresh snapshot): approval, custodial
 * address, whitelist entry, whether they hold the bond (a balance or a pending incoming transfer),
 * and, when `countHolders`, the bond's holders: `register_heads.holders` plus distinct receivers of
 * its pending transfers who hold none yet (partial index `token_transfers_pending`).
 */
function receiverStatement(db: Db, match: SQL) {
  const productId = sql.placeholder('productId');
  // Qualified: a select from one table names its columns bare, which the subqueries would take as theirs.
  const receiverId = sql`${customers}.${sql.identifier('id')}`;
  return db
    .select({
      id: customers.id,
      kycPassed: customers.kycPassed,
      status: customers.status,
      cryptoRegistrarStatus: customers.cryptoRegistrarStatus,
      roles: customers.roles,
      custodyAddress: sql<string | null>`(select w.address from ${wallets} w
        where w.customer_id = ${receiverId} and w.type = 'custody')`,
      listed: sql<boolean>`exists (select 1 from ${bondWhitelist} b
        where b.product_id = ${productId} and b.customer_id = ${receiverId})`,
      holdsBond: sql<boolean>`(exists (select 1 from ${registerHoldings} h
          where h.product_id = ${productId} and h.customer_id = ${receiverId} and h.balance > 0)
        or exists (select 1 from ${tokenTransfers} t
          where t.product_id = ${productId} and t.receiver_id = ${receiverId} and t.status = 'pending'))`,
      holders: sql<number>`case when ${sql.placeholder('countHolders')}::boolean then
        coalesce((select rh.holders from ${registerHeads} rh where rh.product_id = ${productId}), 0)
        + (select count(distinct t.receiver_id) from ${tokenTransfers} t
            where t.product_id = ${productId} and t.status = 'pending'
              and not exists (select 1 from ${registerHoldings} h
                where h.product_id = t.product_id and h.customer_id = t.receiver_id and h.balance > 0))
        else 0 end`.mapWith(Number),
    })
    .from(customers)
    .where(match);
}
const receiverByEmail = prepared('transfer_receiver_by_email', (db) =>
  receiverStatement(db, eq(customers.email, sql.placeholder('email'))),
);
const receiverByAddress = prepared('transfer_receiver_by_address', (db) =>
  receiverStatement(
    db,
    sql`${customers}.${sql.identifier('id')} = (select w.customer_id from ${wallets} w
      where lower(w.address) = lower(${sql.placeholder('address')}))`,
  ),
);

/**
 * The transfer stored `pending` under its drawn id with its instruction, and its tokens held in the
 * sender's `pending_out`, in one statement.
 */
const transferStored = prepared('transfer_stored', (db) => {
  const held = db.$with('held').as(
    db
      .update(registerHoldings)
      .set({ pendingOut: sql`${registerHoldings.pendingOut} + ${param('amount')}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(registerHoldings.productId, sql.placeholder('productId')),
          eq(registerHoldings.customerId, sql.placeholder('senderId')),
        ),
      )
      .returning({ productId: registerHoldings.productId }),
  );
  return db
    .with(held)
    .insert(tokenTransfers)
    .overridingSystemValue()
    .values({
      id: param('id'),
      productId: param('productId'),
      variantId: param('variantId'),
      senderId: param('senderId'),
      receiverId: param('receiverId'),
      amount: param('amount'),
      beneficiary: param('beneficiary'),
      instructionId: param('instructionId'),
    })
    .returning();
});

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

type Receiver = { rule: TransferReceiver; id: number; address: string | null; holders: number };

/**
 * The beneficiary as the rule sees them, or null when the e-mail or address names nobody. Whitelisted:
 * on the bond's whitelist when the bond has whitelisting; otherwise any approved investor with a
 * custodial wallet (decision 016).
 */
async function receiverOf(
  tx: Tx,
  bond: { id: number; whitelisting: boolean; investorLimit: number | null },
  beneficiary: string,
): Promise<Receiver | null> {
  const named = parseBeneficiary(beneficiary);
  if (!named) return null;
  const params = { productId: bond.id, countHolders: bond.investorLimit !== null };
  const [r] =
    named.type === 'email'
      ? await receiverByEmail(tx).execute({ ...params, email: named.email })
      : await receiverByAddress(tx).execute({ ...params, address: named.address });
  if (!r) return null;
  const isApproved = isApprovedInvestor(r);
  const hasWallet = r.custodyAddress !== null;
  return {
    rule: {
      holderId: String(r.id),
      isApproved,
      hasWallet,
      isWhitelisted: bond.whitelisting ? r.listed : isApproved && hasWallet,
      roles: r.roles,
      holdsBond: r.holdsBond,
    },
    id: r.id,
    address: r.custodyAddress,
    holders: r.holders,
  };
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
 * the rule runs without the code, then the code is verified, then the registrar's instruction is
 * queued (key `transfer-{id}`) and the transfer stored `pending` with its tokens held in
 * `pending_out`. A wrong code commits only its failure count (the lock-out must survive), nothing else.
 */
export async function placeTransfer(opts: {
  db: Database;
  customerId: number;
  input: TransferInput;
  verifyCode: VerifyCode;
}): Promise<TransferView> {
  const { db, customerId, input } = opts;
  const outcome = await db.transaction(async (tx) => {
    const variant = input.productVariant ?? null;
    const [context] =
      input.product !== undefined
        ? await contextByProduct(tx).execute({
            walletId: input.fromWalletId,
            customerId,
            product: input.product,
            variant,
          })
        : await contextByVariant(tx).execute({ walletId: input.fromWalletId, customerId, variant });
    // No row: another's (or no) wallet, an unknown bond, or a variant named but not found (or of
    // another product).
    if (!context || (variant !== null && context.variantId === null)) throw notFound();
    const bond = {
      id: context.productId,
      whitelisting: context.whitelisting,
      investorLimit: context.investorLimit,
    };
    let holding: { balance: number; pendingOut: number; disposalRestriction: string | null } | undefined;
    if (bond.investorLimit === null) {
      holding =
        context.balance === null
          ? undefined
          : {
              balance: context.balance,
              pendingOut: context.pendingOut ?? 0,
              disposalRestriction: context.disposalRestriction,
            };
    } else {
      await headLock(tx).execute({ productId: bond.id });
      [holding] = await holdingLock(tx).execute({ productId: bond.id, customerId });
    }
    const receiver = await receiverOf(tx, bond, input.beneficiary);
    const refusal = transferRefusal({
      amount: input.amount,
      sender: {
        holderId: String(customerId),
        twoFactorEnabled: context.twoFactorEnabled,
        // A missing code is answered in the rule's order (before anything about the receiver); a
        // given one is verified after the rule, so a refused transfer does not use it up.
        ...(input.code ? {} : { code: 'missing' as const }),
        minted: holding?.balance ?? 0,
        pendingOutgoing: holding?.pendingOut ?? 0,
        disposalRestricted: holding?.disposalRestriction != null,
      },
      receiver: receiver?.rule ?? null,
      bond: {
        professionalOnly: context.professionalOnly,
        investorLimit: bond.investorLimit,
        holders: receiver?.holders ?? 0,
        paused: context.paused,
      },
    });
    if (refusal) throw new AppError(refusal);
    if (!input.code) throw new AppError('two_factor_required');
    try {
      await opts.verifyCode(tx, { customerId, code: input.code });
    } catch (err) {
      if (err instanceof AppError && err.code === 'two_factor_invalid') return { refused: err };
      throw err;
    }
    // receiver is non-null here: the rule refuses an unknown beneficiary.
    const to = receiver!;
    const transferId = context.transferId;
    const { instruction } = await queueInstruction(tx, {
      productId: bond.id,
      kind: 'transfer',
      fromCustomerId: customerId,
      toCustomerId: to.id,
      amount: input.amount,
      cause: { type: 'transfer_request', transferId: String(transferId) },
      idempotencyKey: `transfer-${transferId}`,
      addresses: { from: context.senderAddress, to: to.address },
    });
    const [row] = await transferStored(tx).execute({
      id: transferId,
      productId: bond.id,
      variantId: context.variantId,
      senderId: customerId,
      receiverId: to.id,
      amount: input.amount,
      beneficiary: input.beneficiary,
      instructionId: instruction.id,
    });
    if (!row) throw new Error('token transfer insert returned nothing');
    return {
      view: toTransferView(
        {
          ...row,
          productCode: context.productCode,
          variantCode: context.variantCode,
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
