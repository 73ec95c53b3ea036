import type { ProductTransactionView } from '@token/domain/register';
import type { Database } from '../db/client.ts';
import { listProductTransactions } from '../modules/catalog/product-transactions.service.ts';

/**
 * A per-request batch loader (DataLoader's idea, without the package): every `load` asked for while
 * GraphQL resolves one level of a list is gathered and answered by one call of `batch`, and each key
 * is read once per request. So a list of 12 or of 50 costs the same number of statements.
 */
export type Loader<K, V> = { load: (key: K) => Promise<V> };

export function createLoader<K, V>(batch: (keys: K[]) => Promise<Map<K, V>>, missing: V): Loader<K, V> {
  const cache = new Map<K, Promise<V>>();
  let queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const dispatch = async () => {
    const waiting = queue;
    queue = [];
    try {
      const found = await batch([...new Set(waiting.map((w) => w.key))]);
      for (const w of waiting) w.resolve(found.has(w.key) ? found.get(w.key)! : missing);
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  };
  return {
    load(key) {
      const known = cache.get(key);
      if (known) return known;
      const promise = new Promise<V>((resolve, reject) => {
        if (queue.length === 0) setImmediate(dispatch);
        queue.push({ key, resolve, reject });
      });
      cache.set(key, promise);
      return promise;
    },
  };
}

/** The loaders of one GraphQL request. */
export type Loaders = { productTransactions: Loader<number, ProductTransactionView[]> };

export function createLoaders(db: Database): Loaders {
  return {
    productTransactions: createLoader((productIds) => listProductTransactions({ db, productIds }), []),
  };
}
