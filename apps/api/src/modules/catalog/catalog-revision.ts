import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogRevision } from '../../db/schema/index.ts';

const revisionQueries = new WeakMap<Database, () => Promise<number | null>>();

/**
 * The current catalogue revision, bumped at commit by triggers on every catalogue table
 * (migration 0001); the read cache in `http/catalog-cache.ts` validates its answers against it.
 * Prepared once per database (a named statement on pg).
 */
export async function readCatalogRevision(db: Database): Promise<number | null> {
  let run = revisionQueries.get(db);
  if (!run) {
    const prepared = db
      .select({ revision: catalogRevision.revision })
      .from(catalogRevision)
      .where(eq(catalogRevision.id, 1))
      .prepare('catalog_revision_v1');
    run = async () => {
      const [row] = await prepared.execute();
      return row ? Number(row.revision) : null;
    };
    revisionQueries.set(db, run);
  }
  return run();
}
