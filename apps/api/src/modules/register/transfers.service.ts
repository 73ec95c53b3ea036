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
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { prepared, preparedSql } from '../../db/prepared.ts';
import {
  bondWhitelist,
  customers,
  products,
  productVariants,
  registerHeads,
  registerHoldings,
  registrarInstructions,
  tokenTransfers,
  wallets,
} from '../../db/schema/index.ts';
import { jobInsertSql } from '../../jobs/enqueue.ts';
import { registrarSubmitJob } from '../../jobs/registrar-submit.job.ts';
import {
  acceptRecoveryCode,
  acceptTotpStepSql,
  type CodeJudge,
  type CodeVerdict,
  recordFailure,
} from '../accounts/two-factor.service.ts';

/*
 * Token transfers between investors (issue 16, decision 016 "Transfers and depot"): `POST
 * token/transfer` checks the domain's one rule set (`transferRefusal`) under the sender's holding
 * lock, verifies a fresh two-factor code in the same transaction, holds the tokens back in
 * `pending_out` and queues the registrar's instruction. The registrar's confirmation (another
 * service) books the journal entry and settles or releases the held tokens.
 */

/*
 * The transfer's statements (decision 016 "Transfers and depot", Measured: at 300 transfers a second
 * on a 2-core machine every round trip costs CPU in the API, the kernel and PostgreSQL). All are
 * prepared; reads that see the same moment are one statement, and the writes are one:
 *   BEGIN; context; [limited bonds: head lock, holding lock, receiver with the holder count]; write; COMMIT
 * A wrong code writes its failure count instead of the write.
 */

/**
 * The beneficiary's facts for the rule (one row or none): approval, custodial address, whitelist
 * entry of the bond `productId`, whether they hold the bond (a balance or a pending incoming
 * transfer). Named by e-mail (`email`) or by a wallet address (`address`); the other is null.
 */
function receiverFactsSql(productId: SQL): SQL {
  const email = sql.placeholder('email');
  const address = sql.placeholder('address');
  return sql`select r.id as "receiverId", r.kyc_passed as "receiverKycPassed", r.status as "receiverStatus",
      r.crypto_registrar_status as "receiverRegistrarStatus", r.roles as "receiverRoles",
      (select w.address from ${wallets} w where w.customer_id = r.id and w.type = 'custody') as "receiverAddress",
      exists (select 1 from ${bondWhitelist} b where b.product_id = ${productId} and b.customer_id = r.id)
        as "receiverListed",
      (exists (select 1 from ${registerHoldings} h
          where h.product_id = ${productId} and h.customer_id = r.id and h.balance > 0)
        or exists (select 1 from ${tokenTransfers} t
          where t.product_id = ${productId} and t.receiver_id = r.id and t.status = 'pending')) as "receiverHoldsBond"
    from ${customers} r
    where r.id = coalesce((select c.id from ${customers} c where c.email = ${email}::text),
      (select w.customer_id from ${wallets} w where lower(w.address) = lower(${address}::text)))`;
}

type ReceiverFacts = {
  receiverId: number | null;
  receiverKycPassed: boolean | null;
  receiverStatus: string | null;
  receiverRegistrarStatus: string | null;
  receiverRoles: string[] | null;
  receiverAddress: string | null;
  receiverListed: boolean | null;
  receiverHoldsBond: boolean | null;
};

type Context = ReceiverFacts & {
  productId: number;
  productCode: string;
  whitelisting: boolean;
  professionalOnly: boolean;
  investorLimit: number | null;
  paused: boolean;
  variantId: number | null;
  variantCode: string | null;
  twoFactorEnabled: boolean;
  twoFactorSecret: string | null;
  twoFactorLastStep: number | string | null;
  twoFactorLockedUntilMs: number | null;
  senderAddress: string | null;
  balance: number | string | null;
  pendingOut: number | string | null;
  disposalRestriction: string | null;
  transferId: number | string;
};

/**
 * The sender's wallet (theirs, else no row), the bond and its variant (the first by position, or the
 * one named by `variant`), the sender's two-factor facts and custodial address, the beneficiary's
 * facts, and, for a bond without investor limit, the sender's holding locked `for update` (a bond
 * with a limit locks its head first, so its holding is locked by a later statement). `transferId` is
 * the transfer's id drawn now, so that the write can name it in the instruction (a refused request
 * leaves a gap in the ids, as a rolled-back insert does).
 */
function contextSql(bondMatch: SQL): SQL {
  return sql`select p.id as "productId", p.code as "productCode", p.whitelisting,
      p.professional_only as "professionalOnly", p.investor_limit as "investorLimit",
      coalesce((select rh.paused from ${registerHeads} rh where rh.product_id = p.id), false) as paused,
      v.id as "variantId", v.code as "variantCode",
      c.two_factor_enabled as "twoFactorEnabled", c.two_factor_secret as "twoFactorSecret",
      c.two_factor_last_step as "twoFactorLastStep",
      (extract(epoch from c.two_factor_locked_until) * 1000)::float8 as "twoFactorLockedUntilMs",
      (select sw.address from ${wallets} sw where sw.customer_id = c.id and sw.type = 'custody')
        as "senderAddress",
      held.balance, held.pending_out as "pendingOut", held.disposal_restriction as "disposalRestriction",
      nextval(pg_get_serial_sequence('token_transfers', 'id')) as "transferId",
      receiver.*
    from ${wallets} w
    join ${customers} c on c.id = w.customer_id
    join ${products} p on ${bondMatch} and p.enabled
    left join ${productVariants} v on v.id = (select pv.id from ${productVariants} pv
      where pv.product_id = p.id and (${sql.placeholder('variant')}::text is null or pv.code = ${sql.placeholder('variant')})
      order by pv.position, pv.id limit 1)
    left join lateral (select h.balance, h.pending_out, h.disposal_restriction from ${registerHoldings} h
      where h.product_id = p.id and h.customer_id = w.customer_id and p.investor_limit is null
      for update) held on true
    left join lateral (${receiverFactsSql(sql`p.id`)}) receiver on true
    where w.id = ${sql.placeholder('walletId')} and w.customer_id = ${sql.placeholder('customerId')}`;
}
const contextByProduct = preparedSql<Context>('transfer_context_by_product', () =>
  contextSql(sql`p.code = ${sql.placeholder('product')}`),
);
const contextByVariant = preparedSql<Context>('transfer_context_by_variant', () =>
  contextSql(
    sql`p.id = (select pv.product_id from ${productVariants} pv where pv.code = ${sql.placeholder('variant')})`,
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
 * For a bond with an investor limit, the beneficiary's facts read again after the locks (a fresh
 * snapshot) with the bond's holders: `register_heads.holders` plus distinct receivers of its pending
 * transfers who hold none yet (partial index `token_transfers_pending`).
 */
const receiverWithHolders = preparedSql<ReceiverFacts & { holders: number | string }>(
  'transfer_receiver_with_holders',
  () => {
    const productId = sql.placeholder('productId');
    return sql`select receiver.*,
        coalesce((select rh.holders from ${registerHeads} rh where rh.product_id = ${productId}), 0)
        + (select count(distinct t.receiver_id) from ${tokenTransfers} t
            where t.product_id = ${productId} and t.status = 'pending'
              and not exists (select 1 from ${registerHoldings} h
                where h.product_id = t.product_id and h.customer_id = t.receiver_id and h.balance > 0))
          as holders
      from (select 1) one left join lateral (${receiverFactsSql(sql`${productId}::int`)}) receiver on true`;
  },
);

/**
 * The transfer's writes in one statement, all or none: when `step` is given, the sender's two-factor
 * step moves forward (of two requests with one code, one); then the registrar's instruction (key
 * `transfer-{id}`) with its submit job, the tokens held in the sender's `pending_out`, and the
 * transfer stored `pending` under its drawn id. No row: the step did not move (the code was used).
 */
const transferWritten = preparedSql<{
  id: number | string;
  status: TransferRow['status'];
  createdAtMs: number;
  jobs: number;
  held: number;
}>('transfer_written', () => {
  const id = sql.placeholder('id');
  const productId = sql`${sql.placeholder('productId')}::int`;
  const senderId = sql`${sql.placeholder('senderId')}::int`;
  const receiverId = sql`${sql.placeholder('receiverId')}::int`;
  const amount = sql`${sql.placeholder('amount')}::int`;
  const step = sql.placeholder('step');
  return sql`with step as (${acceptTotpStepSql(senderId, sql`${step}`)}),
    allowed as (select where ${step}::bigint is null or exists (select from step)),
    instruction as (
      insert into ${registrarInstructions} (product_id, kind, from_customer_id, to_customer_id, from_address,
        to_address, amount, cause, idempotency_key)
      select ${productId}, 'transfer', ${senderId}, ${receiverId}, ${sql.placeholder('fromAddress')}::text,
        ${sql.placeholder('toAddress')}::text, ${amount},
        jsonb_build_object('type', 'transfer_request', 'transferId', ${id}::text), 'transfer-' || ${id}::text
      from allowed
      returning id),
    job as (${jobInsertSql(registrarSubmitJob, {
      from: sql`instruction i`,
      data: sql`json_build_object('instructionId', i.id)`,
    })}),
    held as (
      update ${registerHoldings} set pending_out = pending_out + ${amount}, updated_at = now()
      where product_id = ${productId} and customer_id = ${senderId} and exists (select from instruction)
      returning product_id),
    transfer as (
      insert into ${tokenTransfers} (id, product_id, variant_id, sender_id, receiver_id, amount, beneficiary,
        instruction_id)
      overriding system value
      select ${id}::bigint, ${productId}, ${sql.placeholder('variantId')}::int, ${senderId}, ${receiverId},
        ${amount}, ${sql.placeholder('beneficiary')}::text, i.id
      from instruction i
      returning id, status, created_at)
    select t.id, t.status, (extract(epoch from t.created_at) * 1000)::float8 as "createdAtMs",
      (select count(*) from job)::int as jobs, (select count(*) from held)::int as held
    from transfer t`;
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

type Receiver = { rule: TransferReceiver; id: number; address: string | null };

/**
 * The beneficiary as the rule sees them, or null when the e-mail or address names nobody. Whitelisted:
 * on the bond's whitelist when the bond has whitelisting; otherwise any approved investor with a
 * custodial wallet (decision 016).
 */
function receiverOf(facts: ReceiverFacts, bond: { whitelisting: boolean }): Receiver | null {
  if (facts.receiverId === null) return null;
  const isApproved = isApprovedInvestor({
    kycPassed: facts.receiverKycPassed === true,
    status: facts.receiverStatus,
    cryptoRegistrarStatus: facts.receiverRegistrarStatus,
  });
  const hasWallet = facts.receiverAddress !== null;
  return {
    rule: {
      holderId: String(facts.receiverId),
      isApproved,
      hasWallet,
      isWhitelisted: bond.whitelisting ? facts.receiverListed === true : isApproved && hasWallet,
      roles: facts.receiverRoles ?? [],
      holdsBond: facts.receiverHoldsBond === true,
    },
    id: Number(facts.receiverId),
    address: facts.receiverAddress,
  };
}

/** The beneficiary's e-mail or address as the statements take them (both null: names nobody). */
function beneficiaryParams(beneficiary: string): { email: string | null; address: string | null } {
  const named = parseBeneficiary(beneficiary);
  if (!named) return { email: null, address: null };
  return named.type === 'email'
    ? { email: named.email, address: null }
    : { email: null, address: named.address };
}

type TransferRow = typeof tokenTransfers.$inferSelect;

/**
 * POST token/transfer, the core: in ONE transaction the sender's wallet is checked (another's is
 * 404), the bond's head is locked when it limits its investors (the holder count must not move under
 * us; head before holding, the journal's lock order), the sender's holding is locked (none is created),
 * the rule runs without the code, then the code is judged, then the writes run as one statement (the
 * code's step, the registrar's instruction with key `transfer-{id}` and its job, the tokens held in
 * `pending_out`, the transfer `pending`). A wrong or used code commits only its failure count (the
 * lock-out must survive), nothing else. `judgeCode` is `codeJudge(secretBox)` in the route.
 */
export async function placeTransfer(opts: {
  db: Database;
  customerId: number;
  input: TransferInput;
  judgeCode: CodeJudge;
}): Promise<TransferView> {
  const { db, customerId, input } = opts;
  const outcome = await db.transaction(async (tx) => {
    const variant = input.productVariant ?? null;
    const named = beneficiaryParams(input.beneficiary);
    const [context] =
      input.product !== undefined
        ? await contextByProduct(tx).execute({
            walletId: input.fromWalletId,
            customerId,
            product: input.product,
            variant,
            ...named,
          })
        : await contextByVariant(tx).execute({ walletId: input.fromWalletId, customerId, variant, ...named });
    // No row: another's (or no) wallet, an unknown bond, or a variant named but not found (or of
    // another product).
    if (!context || (variant !== null && context.variantId === null)) throw notFound();
    const bond = {
      id: context.productId,
      whitelisting: context.whitelisting,
      investorLimit: context.investorLimit,
    };
    let holding:
      | { balance: number | string; pendingOut: number | string | null; disposalRestriction: string | null }
      | undefined;
    let receiverFacts: ReceiverFacts = context;
    let holders = 0;
    if (bond.investorLimit === null) {
      holding = context.balance === null ? undefined : { ...context, balance: context.balance };
    } else {
      await headLock(tx).execute({ productId: bond.id });
      [holding] = await holdingLock(tx).execute({ productId: bond.id, customerId });
      const [fresh] = await receiverWithHolders(tx).execute({ productId: bond.id, ...named });
      if (fresh) {
        receiverFacts = fresh;
        holders = Number(fresh.holders);
      }
    }
    const receiver = receiverOf(receiverFacts, bond);
    const refusal = transferRefusal({
      amount: input.amount,
      sender: {
        holderId: String(customerId),
        twoFactorEnabled: context.twoFactorEnabled,
        // A missing code is answered in the rule's order (before anything about the receiver); a
        // given one is judged after the rule, so a refused transfer does not use it up.
        ...(input.code ? {} : { code: 'missing' as const }),
        minted: Number(holding?.balance ?? 0),
        pendingOutgoing: Number(holding?.pendingOut ?? 0),
        disposalRestricted: holding?.disposalRestriction != null,
      },
      receiver: receiver?.rule ?? null,
      bond: {
        professionalOnly: context.professionalOnly,
        investorLimit: bond.investorLimit,
        holders,
        paused: context.paused,
      },
    });
    if (refusal) throw new AppError(refusal);
    if (!input.code) throw new AppError('two_factor_required');
    const facts = {
      secret: context.twoFactorSecret,
      lastStep: context.twoFactorLastStep === null ? null : Number(context.twoFactorLastStep),
      lockedUntil: context.twoFactorLockedUntilMs === null ? null : new Date(context.twoFactorLockedUntilMs),
    };
    let verdict: CodeVerdict;
    try {
      verdict = await opts.judgeCode(facts, input.code);
    } catch (err) {
      if (err instanceof AppError && err.code === 'two_factor_invalid') return { refused: err };
      throw err;
    }
    const wrong = async () => {
      await recordFailure(tx, customerId, new Date());
      return { refused: new AppError('two_factor_invalid') };
    };
    if (verdict.type === 'wrong') return wrong();
    if (
      verdict.type === 'recovery' &&
      !(await acceptRecoveryCode(tx, { customerId, codeHash: verdict.codeHash, now: new Date() }))
    ) {
      return wrong();
    }
    // receiver is non-null here: the rule refuses an unknown beneficiary.
    const to = receiver!;
    const transferId = Number(context.transferId);
    const [row] = await transferWritten(tx).execute({
      step: verdict.type === 'totp' ? verdict.step : null,
      id: transferId,
      productId: bond.id,
      variantId: context.variantId,
      senderId: customerId,
      receiverId: to.id,
      amount: input.amount,
      beneficiary: input.beneficiary,
      fromAddress: context.senderAddress,
      toAddress: to.address,
    });
    // No row: the step did not move forward, the code was used meanwhile.
    if (!row) return wrong();
    if (row.jobs !== 1 || row.held !== 1) {
      throw new Error(`transfer ${transferId} wrote ${row.jobs} jobs and ${row.held} holdings`);
    }
    return {
      view: {
        id: Number(row.id),
        product: context.productCode,
        productVariant: context.variantCode ?? context.productCode,
        amount: input.amount,
        direction: 'out' as const,
        beneficiary: input.beneficiary,
        status: row.status,
        transactionHash: null,
        createdAt: new Date(row.createdAtMs).toISOString(),
        decidedAt: null,
      },
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
