import { notFound } from '@token/domain/errors';
import { shortenAddress } from '@token/domain/format';
import { type Locale, translatedField } from '@token/domain/i18n';
import type { CheckoutState, PaymentState, ShippingState } from '@token/domain/orders';
import {
  type DepotOrder,
  depotPositions,
  type RegisterEntryKind,
  type RegisterEntryView,
  type TokenAssetView,
} from '@token/domain/register';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rawRows } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { isSecurityProduct } from '../catalog/product-rows.ts';
import { mintedTokensOf } from './minting.service.ts';

/*
 * The investor's depot (issue 16, decision 016 "Transfers and depot"): per bond the minted tokens (the
 * register holding), the paid but not yet minted ones (the domain's `depotPositions` over paid orders
 * and the journal's mints per order) and those held for pending transfers; and the register lines of
 * one bond that concern the investor, pending transfers included.
 */

type BondDetailRow = {
  id: number;
  code: string;
  names: Partial<Record<Locale, { name: string }>> | null;
  variantCode: string | null;
  variantNames: Partial<Record<Locale, { name: string }>> | null;
  nominal: string | null;
  coupon: string | null;
  maturity: string | null;
};

/** The product attributes the depot shows, by code. */
const depotAttributes = ['nominal_per_token', 'coupon_rate', 'maturity_date'];

/**
 * The names, default variant and depot attributes (each the language-neutral value, else the German
 * one) of the bonds `ids`, in one set-based statement: each table is read once for all bonds.
 */
function bondDetails(db: Database, ids: number[]) {
  return rawRows<BondDetailRow>(
    db,
    sql`with ids as (select id from products where id in ${ids}),
      attrs as (
        select x.product_id,
          max(x.value) filter (where x.code = 'nominal_per_token') as nominal,
          max(x.value) filter (where x.code = 'coupon_rate') as coupon,
          max(x.value) filter (where x.code = 'maturity_date') as maturity
        from (select distinct on (v.product_id, a.code) v.product_id, a.code, v.value
          from product_attribute_values v join attributes a on a.id = v.attribute_id
          where v.product_id in (select id from ids) and a.code in ${depotAttributes}
            and (v.locale is null or v.locale = 'de')
          order by v.product_id, a.code, v.locale nulls first) x
        group by x.product_id),
      names as (select t.product_id, json_object_agg(t.locale, json_build_object('name', t.name)) as names
        from product_translations t where t.product_id in (select id from ids) group by t.product_id),
      dv as (select distinct on (v.product_id) v.product_id, v.id, v.code from product_variants v
        where v.product_id in (select id from ids) order by v.product_id, v.position, v.id),
      vnames as (select vt.variant_id, json_object_agg(vt.locale, json_build_object('name', vt.name)) as names
        from product_variant_translations vt where vt.variant_id in (select id from dv) group by vt.variant_id)
      select p.id, p.code, n.names, dv.code as "variantCode", vn.names as "variantNames",
        a.nominal, a.coupon, a.maturity
      from products p
      left join names n on n.product_id = p.id
      left join dv on dv.product_id = p.id
      left join vnames vn on vn.variant_id = dv.id
      left join attrs a on a.product_id = p.id
      where p.id in (select id from ids)`,
  );
}

/**
 * GET token-assets: one line per bond the investor holds, has held back for a transfer, or has paid
 * for and not yet received. Three statements whatever the depot's size: holdings, paid orders with
 * their minted tokens, the bonds' names and attributes (only for the page).
 * `nextPaymentDate` stays null until coupon servicing exists (no payment schedule is stored yet).
 */
export async function listTokenAssets(opts: {
  db: Database;
  customerId: number;
  locale: Locale;
  page: Page;
}): Promise<{ items: TokenAssetView[]; totalItems: number }> {
  const { db, customerId, locale, page } = opts;
  const holdings = await rawRows<{
    productId: number;
    balance: number | string;
    pendingOut: number | string;
  }>(
    db,
    sql`select product_id as "productId", balance, pending_out as "pendingOut" from register_holdings
      where customer_id = ${customerId} and (balance > 0 or pending_out > 0)
        and ${isSecurityProduct(sql`product_id`)}
      order by product_id`,
  );
  // spec 4: paid (completed; paid or authorized) and shipping ready or partially_shipped: not (wholly)
  // minted; each with the tokens the journal holds for it (the one reader, `mintedTokensOf`).
  const orders = await rawRows<{
    orderId: number;
    productId: number;
    quantity: number | string;
    minted: number;
    checkoutState: CheckoutState;
    paymentState: PaymentState;
    shippingState: ShippingState;
  }>(
    db,
    sql`select o.id as "orderId", o.product_id as "productId",
        (select sum(i.quantity) from order_items i where i.order_id = o.id) as quantity,
        ${mintedTokensOf(sql`o.id`)} as minted,
        o.checkout_state as "checkoutState", o.payment_state as "paymentState",
        o.shipping_state as "shippingState"
      from orders o
      where o.customer_id = ${customerId} and o.product_id is not null and o.checkout_state = 'completed'
        and o.payment_state in ('paid', 'authorized') and o.shipping_state in ('ready', 'partially_shipped')
        and ${isSecurityProduct(sql`o.product_id`)}
      order by o.product_id, o.id`,
  );
  const depotOrders: DepotOrder[] = orders.map((o) => ({
    orderId: String(o.orderId),
    bondId: String(o.productId),
    quantity: Number(o.quantity ?? 0),
    checkoutState: o.checkoutState,
    paymentState: o.paymentState,
    shippingState: o.shippingState,
  }));
  const minted = new Map(orders.map((o) => [String(o.orderId), Number(o.minted)]));
  const positions = depotPositions({
    balances: new Map(holdings.map((h) => [String(h.productId), Number(h.balance)])),
    orders: depotOrders,
    mintedByOrder: minted,
    pendingOutgoing: new Map(holdings.map((h) => [String(h.productId), Number(h.pendingOut)])),
  }).sort((a, b) => Number(a.bondId) - Number(b.bondId));
  const totalItems = positions.length;
  const slice = positions.slice((page.page - 1) * page.itemsPerPage, page.page * page.itemsPerPage);
  if (slice.length === 0) return { items: [], totalItems };

  const details = await bondDetails(
    db,
    slice.map((s) => Number(s.bondId)),
  );
  const byId = new Map(details.map((d) => [String(d.id), d]));
  const items = slice.flatMap((position): TokenAssetView[] => {
    const d = byId.get(position.bondId);
    if (!d) return [];
    const productName = translatedField(d.names ?? {}, locale, 'name') ?? d.code;
    const nominal = Number.parseInt(d.nominal ?? '', 10);
    const nominalPerTokenCents = Number.isSafeInteger(nominal) ? nominal : 0;
    return [
      {
        product: { id: d.id, code: d.code, name: productName },
        productVariant: {
          code: d.variantCode ?? d.code,
          name: translatedField(d.variantNames ?? {}, locale, 'name') ?? productName,
          editionNumber: null,
        },
        amount: position.minted + position.notMinted,
        minted: position.minted,
        notMinted: position.notMinted,
        pendingOutgoing: position.pendingOutgoing,
        nominalPerTokenCents,
        mintedNominalCents: position.minted * nominalPerTokenCents,
        coupon: d.coupon,
        maturityDate: d.maturity,
        nextPaymentDate: null,
      },
    ];
  });
  return { items, totalItems };
}

/** A register line and the id the route makes its IRI of. */
export type RegisterLine = { ref: { sequence: number } | { transferId: number }; view: RegisterEntryView };

type EntryRow = {
  sequence: number;
  kind: RegisterEntryKind;
  amount: number;
  fromCustomerId: number | null;
  toCustomerId: number | null;
  transactionHash: string | null;
  recordedAt: string | Date;
  fromAddress: string | null;
  toAddress: string | null;
  otherWallet: string | null;
  reversed: boolean;
};

/**
 * GET register-entries?product=CODE: the investor's pending transfers of the bond (newest first), then
 * the journal entries from or to them, newest first; paged over both. The entries' page is read as the
 * top of two index scans (sent, received) merged, so a holder with many entries costs a page, not all.
 * Unknown product: 404; a bond the investor never touched: an empty list.
 */
export async function listRegisterEntries(opts: {
  db: Database;
  customerId: number;
  productCode: string;
  page: Page;
}): Promise<{ items: RegisterLine[]; totalItems: number }> {
  const { db, customerId, page } = opts;
  const [product] = await rawRows<{ id: number; code: string }>(
    db,
    sql`select id, code from products where code = ${opts.productCode}`,
  );
  if (!product) throw notFound();
  const pending = await rawRows<{
    id: number | string;
    amount: number;
    senderId: number;
    createdAt: string | Date;
    otherWallet: string | null;
  }>(
    db,
    sql`select t.id, t.amount, t.sender_id as "senderId", t.created_at as "createdAt",
        (select w.address from wallets w where w.type = 'custody' and w.customer_id =
          case when t.sender_id = ${customerId} then t.receiver_id else t.sender_id end) as "otherWallet"
      from token_transfers t
      where t.product_id = ${product.id} and t.status = 'pending'
        and (t.sender_id = ${customerId} or t.receiver_id = ${customerId})
      order by t.created_at desc, t.id desc`,
  );
  const [counted] = await rawRows<{ n: number | string }>(
    db,
    sql`select (select count(*) from register_entries
        where from_customer_id = ${customerId} and product_id = ${product.id})
      + (select count(*) from register_entries
        where to_customer_id = ${customerId} and product_id = ${product.id}) as n`,
  );
  const entryCount = Number(counted?.n ?? 0);
  const offset = (page.page - 1) * page.itemsPerPage;
  const pendingLines: RegisterLine[] = pending.slice(offset, offset + page.itemsPerPage).map((t) => ({
    ref: { transferId: Number(t.id) },
    view: {
      product: product.code,
      sequence: null,
      kind: 'transfer',
      amount: t.amount,
      direction: t.senderId === customerId ? 'out' : 'in',
      counterparty: t.otherWallet ? shortenAddress(t.otherWallet) : null,
      transactionHash: null,
      recordedAt: new Date(t.createdAt).toISOString(),
      status: 'pending',
    },
  }));
  const limit = page.itemsPerPage - pendingLines.length;
  const entryOffset = Math.max(0, offset - pending.length);
  let entryLines: RegisterLine[] = [];
  if (limit > 0 && entryOffset < entryCount) {
    const top = entryOffset + limit;
    const mine = (column: SQL) => sql`(select * from register_entries
      where ${column} = ${customerId} and product_id = ${product.id} order by sequence desc limit ${top})`;
    const rows = await rawRows<EntryRow>(
      db,
      sql`select x.sequence, x.kind, x.amount, x.from_customer_id as "fromCustomerId",
          x.to_customer_id as "toCustomerId", x.transaction_hash as "transactionHash",
          x.recorded_at as "recordedAt", x.from_address as "fromAddress", x.to_address as "toAddress",
          (select w.address from wallets w where w.type = 'custody' and w.customer_id =
            case when x.to_customer_id = ${customerId} then x.from_customer_id else x.to_customer_id end)
            as "otherWallet",
          exists (select 1 from register_entries r
            where r.product_id = x.product_id and r.kind = 'reversal' and r.sequence > x.sequence
              and ((r.cause->>'reverses')::int) = x.sequence) as reversed
        from (select * from (${mine(sql`from_customer_id`)} union all ${mine(sql`to_customer_id`)}) u
          order by sequence desc limit ${limit} offset ${entryOffset}) x
        order by x.sequence desc`,
    );
    entryLines = rows.map((r) => {
      const incoming = r.toCustomerId === customerId;
      const otherId = incoming ? r.fromCustomerId : r.toCustomerId;
      const address = otherId === null ? null : ((incoming ? r.fromAddress : r.toAddress) ?? r.otherWallet);
      return {
        ref: { sequence: r.sequence },
        view: {
          product: product.code,
          sequence: r.sequence,
          kind: r.kind,
          amount: r.amount,
          direction: incoming ? 'in' : 'out',
          counterparty: address ? shortenAddress(address) : null,
          transactionHash: r.transactionHash,
          recordedAt: new Date(r.recordedAt).toISOString(),
          status: r.reversed ? 'reversed' : 'confirmed',
        },
      };
    });
  }
  return { items: [...pendingLines, ...entryLines], totalItems: pending.length + entryCount };
}
