import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogRevision, productVariants } from '../../db/schema/index.ts';
import type { CatalogRevisions, StockFigures } from '../../http/catalog-cache.ts';

const revisionQueries = new WeakMap<Database, () => Promise<CatalogRevisions | null>>();

/**
 * The current catalogue revision and stock revision, bumped at commit by triggers on every catalogue
 * table (migration 0001) and on changes of stock on hold (migration 0006); the read cache in
 * `http/catalog-cache.ts` validates its answers against them. Prepared once per database.
 */
export async function readCatalogRevision(db: Database): Promise<CatalogRevisions | null> {
  let run = revisionQueries.get(db);
  if (!run) {
    const prepared = db
      .select({ revision: catalogRevision.revision, stockRevision: catalogRevision.stockRevision })
      .from(catalogRevision)
      .where(eq(catalogRevision.id, 1))
      .prepare('catalog_revision_v2');
    run = async () => {
      const [row] = await prepared.execute();
      return row ? { revision: Number(row.revision), stockRevision: Number(row.stockRevision) } : null;
    };
    revisionQueries.set(db, run);
  }
  return run();
}

/** Fresh stock figures of the variants with these codes (one indexed query; decision 011). */
export async function readStockFigures(db: Database, codes: string[]): Promise<Map<string, StockFigures>> {
  const rows = await db
    .select({
      code: productVariants.code,
      onHand: productVariants.onHand,
      onHold: productVariants.onHold,
      tracked: productVariants.tracked,
    })
    .from(productVariants)
    .where(inArray(productVariants.code, codes));
  return new Map(rows.map((r) => [r.code, { onHand: r.onHand, onHold: r.onHold, tracked: r.tracked }]));
}
