import { productTransactionsShown } from '@token/domain/catalog-views';
import type { ProductTransactionView } from '@token/domain/register';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * spec 3 Product `transactions` of several products at once (a GraphQL list of products): each
 * product's newest confirmed registrar transactions, at most `productTransactionsShown`, in one
 * statement whatever the number of products (`getProduct` reads the same for one product).
 */
export async function listProductTransactions(opts: {
  db: Database;
  productIds: number[];
}): Promise<Map<number, ProductTransactionView[]>> {
  const out = new Map<number, ProductTransactionView[]>(opts.productIds.map((id) => [id, []]));
  if (opts.productIds.length === 0) return out;
  const result = (await opts.db.execute(
    sql`select p.id, e.transaction_hash as hash, e.from_address as "fromAddress", e.to_address as "toAddress"
      from products p cross join lateral (
        select transaction_hash, from_address, to_address, sequence from register_entries
        where product_id = p.id and transaction_hash is not null
        order by sequence desc limit ${productTransactionsShown}) e
      where p.id in ${opts.productIds}
      order by p.id, e.sequence desc`,
  )) as unknown as { rows: (ProductTransactionView & { id: number })[] };
  for (const { id, ...tx } of result.rows) out.get(id)?.push(tx);
  return out;
}
