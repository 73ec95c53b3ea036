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
import type { Database, Tx } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
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
  recordFailure,
} from '../accounts/two-factor.service.ts';

/*
 * Token transfers between investors (issue 16, decision 016 "Transfers and depot"): `POST
 * token/transfer` checks the domain's one rule set (`transferRefusal`), judges a fresh two-factor
 * code, and in one statement holds the tokens back in `pending_out` on the rule's condition and
 * queues the registrar's instruction. The registrar's confirmation (another
 * service) books the journal entry and settles or releases the held tokens.
 */

/*
 * The transfer's statements (decision 016 "Transfers and depot", Measured: at 300 transfers a second
 * on a 2-core machine every round trip costs CPU in the API, the kernel and PostgreSQL). All are
 * prepared; reads that see the same moment are one statement, and the writes are one:
 *   without investor limit: context; write (no transaction: the write re-checks the holding)
 *   with a limit: context; BEGIN; head lock; holding lock; receiver with the holder count; write; COMMIT
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
 * facts, and the sender's holding (not locked: the write re-checks it; a bond with an investor limit
 * locks its head and then the holding in later statements). `transferId` is
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
    left join ${registerHoldings} held on held.product_id = p.id and held.customer_id = w.customer_id
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
 * The transfer's writes in one statement, all or none. When `step` is given, the sender's two-factor
 * step moves forward first (of two requests with one code, one). Then, only if it moved (or no step is
 * given), the tokens are held in the sender's `pending_out` on the condition the rule checked on its
 * snapshot: enough minted tokens not already held back, no disposal restriction, the bond not paused
 * (re-evaluated on the row as it is now, so two transfers never overdraw). Only if they are held:
 * the registrar's instruction (key `transfer-{id}`) with its submit job, and the transfer stored
 * `pending` under its drawn id. One row always: `stepped` whether the step moved, the transfer's
 * columns null when nothing was written.
 */
const transferWritten = preparedSql<{
  stepped: number;
  id: number | string | null;
  status: TransferRow['status'] | null;
  createdAtMs: number | null;
  jobs: number;
}>('transfer_written', () => {
  const id = sql.placeholder('id');
  const productId = sql`${sql.placeholder('productId')}::int`;
  const senderId = sql`${sql.placeholder('senderId')}::int`;
  const receiverId = sql`${sql.placeholder('receiverId')}::int`;
  const amount = sql`${sql.placeholder('amount')}::int`;
  const step = sql.placeholder('step');
  return sql`with step as (${acceptTotpStepSql(senderId, sql`${step}`)}),
    held as (
      update ${registerHoldings} set pending_out = pending_out + ${amount}, updated_at = now()
      where product_id = ${productId} and customer_id = ${senderId}
        and balance - pending_out >= ${amount} and disposal_restriction is null
        and not exists (select from ${registerHeads} rh where rh.product_id = ${productId} and rh.paused)
        and (${step}::bigint is null or exists (select from step))
      returning product_id),
    instruction as (
      insert into ${registrarInstructions} (product_id, kind, from_customer_id, to_customer_id, from_address,
        to_address, amount, cause, idempotency_key)
      select ${productId}, 'transfer', ${senderId}, ${receiverId}, ${sql.placeholder('fromAddress')}::text,
        ${sql.placeholder('toAddress')}::text, ${amount},
        jsonb_build_object('type', 'transfer_request', 'transferId', ${id}::text), 'transfer-' || ${id}::text
      from held
      returning id),
    job as (${jobInsertSql(registrarSubmitJob, {
      from: sql`instruction i`,
      data: sql`json_build_object('instructionId', i.id)`,
    })}),
    transfer as (
      insert into ${tokenTransfers} (id, product_id, variant_id, sender_id, receiver_id, amount, beneficiary,
        instruction_id)
      overriding system value
      select ${id}::bigint, ${productId}, ${sql.placeholder('variantId')}::int, ${senderId}, ${receiverId},
        ${amount}, ${sql.placeholder('beneficiary')}::text, i.id
      from instruction i
      returning id, status, created_at)
    select (select count(*) from step)::int as stepped, t.id, t.status,
      (extract(epoch from t.created_at) * 1000)::float8 as "createdAtMs", (select count(*) from job)::int as jobs
    from (select 1) one left join transfer t on true`;
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

type Holding = {
  balance: number | string;
  pendingOut: number | string | null;
  disposalRestriction: string | null;
};

/** The rule on what was read; throws the refusal, or `two_factor_required` when the code is missing. */
function checkRule(
  input: TransferInput,
  customerId: number,
  facts: { context: Context; holding: Holding | undefined; receiver: Receiver | null; holders: number },
): void {
  const { context, holding, receiver, holders } = facts;
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
      investorLimit: context.investorLimit,
      holders,
      paused: context.paused,
    },
  });
  if (refusal) throw new AppError(refusal);
  if (!input.code) throw new AppError('two_factor_required');
}

/**
 * The code judged and, if it is not plainly wrong, used up where it needs no write of the transfer's
 * (a recovery code): the step the write must move (null: nothing to move), or null after counting a
 * failure (the caller answers `two_factor_invalid`).
 */
async function usableStep(
  db: Database | Tx,
  judgeCode: CodeJudge,
  customerId: number,
  context: Context,
  code: string,
): Promise<{ step: number | null } | null> {
  const verdict = await judgeCode(
    {
      secret: context.twoFactorSecret,
      lastStep: context.twoFactorLastStep === null ? null : Number(context.twoFactorLastStep),
      lockedUntil: context.twoFactorLockedUntilMs === null ? null : new Date(context.twoFactorLockedUntilMs),
    },
    code,
  );
  if (verdict.type === 'totp') return { step: verdict.step };
  if (verdict.type === 'trusted') return { step: null };
  if (
    verdict.type === 'recovery' &&
    (await acceptRecoveryCode(db, { customerId, codeHash: verdict.codeHash, now: new Date() }))
  ) {
    return { step: null };
  }
  await recordFailure(db, customerId, new Date());
  return null;
}

/** The most rounds a transfer without investor limit re-reads after others changed the holding. */
const maxRounds = 50;

/**
 * POST token/transfer, the core. The context (the sender's wallet, else 404; the bond; the sender's
 * holding and code facts; the beneficiary) is read in one statement, the rule runs without the code,
 * then the code is judged, then the writes run as one statement (`transferWritten`: the code's step,
 * the tokens held back, the instruction with its job, the transfer). A wrong or used code writes only
 * its failure count (the lock-out must survive), nothing else.
 * - A bond without investor limit needs no transaction and no lock: only the sender's holding (and
 *   the pause) can turn the rule's answer under us, and the write holds the tokens back only on the
 *   condition the rule checked. When it did not (another transfer of the sender's, a restriction or
 *   the pause came first), the context is read again and the rule answers; the code stays used by this
 *   request, so the next write moves no step.
 * - A bond with an investor limit: in one transaction its head is locked (the holder count must not
 *   move under us; head before holding, the journal's lock order), then the sender's holding, then
 *   the beneficiary and the holders are read afresh.
 */
export async function placeTransfer(opts: {
  db: Database;
  customerId: number;
  input: TransferInput;
  judgeCode: CodeJudge;
}): Promise<TransferView> {
  const { db, customerId, input } = opts;
  const variant = input.productVariant ?? null;
  const named = beneficiaryParams(input.beneficiary);
  const readContext = async () => {
    const [context] =
      input.product !== undefined
        ? await contextByProduct(db).execute({
            walletId: input.fromWalletId,
            customerId,
            product: input.product,
            variant,
            ...named,
          })
        : await contextByVariant(db).execute({ walletId: input.fromWalletId, customerId, variant, ...named });
    // No row: another's (or no) wallet, an unknown bond, or a variant named but not found (or of
    // another product).
    if (!context || (variant !== null && context.variantId === null)) throw notFound();
    return context;
  };
  const write = async (handle: Database | Tx, context: Context, receiver: Receiver, step: number | null) => {
    const [row] = await transferWritten(handle).execute({
      step,
      id: Number(context.transferId),
      productId: context.productId,
      variantId: context.variantId,
      senderId: customerId,
      receiverId: receiver.id,
      amount: input.amount,
      beneficiary: input.beneficiary,
      fromAddress: context.senderAddress,
      toAddress: receiver.address,
    });
    if (!row) throw new Error('the transfer statement answered no row');
    if (row.id !== null && row.jobs !== 1) throw new Error(`transfer ${row.id} wrote ${row.jobs} jobs`);
    return row;
  };
  const view = (context: Context, row: Awaited<ReturnType<typeof write>>): TransferView => ({
    id: Number(row.id),
    product: context.productCode,
    productVariant: context.variantCode ?? context.productCode,
    amount: input.amount,
    direction: 'out',
    beneficiary: input.beneficiary,
    status: row.status ?? 'pending',
    transactionHash: null,
    createdAt: new Date(row.createdAtMs ?? Date.now()).toISOString(),
    decidedAt: null,
  });
  const invalidCode = () => new AppError('two_factor_invalid');

  let context = await readContext();
  if (context.investorLimit !== null) {
    const limited = context;
    const outcome = await db.transaction(async (tx) => {
      await headLock(tx).execute({ productId: limited.productId });
      const [holding] = await holdingLock(tx).execute({ productId: limited.productId, customerId });
      const [fresh] = await receiverWithHolders(tx).execute({ productId: limited.productId, ...named });
      const receiver = receiverOf(fresh ?? limited, limited);
      checkRule(input, customerId, {
        context: limited,
        holding,
        receiver,
        holders: Number(fresh?.holders ?? 0),
      });
      const usable = await usableStep(tx, opts.judgeCode, customerId, limited, input.code ?? '');
      if (!usable) return { refused: invalidCode() };
      // receiver is non-null here: the rule refuses an unknown beneficiary.
      const row = await write(tx, limited, receiver!, usable.step);
      if (row.id !== null) return { view: view(limited, row) };
      // Under the locks only the step can fail: the code was used meanwhile.
      await recordFailure(tx, customerId, new Date());
      return { refused: invalidCode() };
    });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.view;
  }

  let step: number | null | undefined;
  for (let round = 1; round <= maxRounds; round++) {
    const held: Holding | undefined =
      context.balance === null ? undefined : { ...context, balance: context.balance };
    const receiver = receiverOf(context, context);
    checkRule(input, customerId, { context, holding: held, receiver, holders: 0 });
    if (step === undefined) {
      const usable = await usableStep(db, opts.judgeCode, customerId, context, input.code ?? '');
      if (!usable) throw invalidCode();
      step = usable.step;
    }
    const row = await write(db, context, receiver!, step);
    if (row.id !== null) return view(context, row);
    if (step !== null && row.stepped === 0) {
      await recordFailure(db, customerId, new Date());
      throw invalidCode();
    }
    // The code is used by this request; the holding changed under us: the rule answers again.
    step = null;
    context = await readContext();
  }
  throw new AppError('transfer_failed');
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
  const totalItems = await totalOfPage(rows, page, async () => {
    const { rows: counted } = (await db.execute(
      sql`select count(*) as n from token_transfers t where ${mine}`,
    )) as unknown as { rows: { n: number | string }[] };
    return counted[0]?.n;
  });
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
