import { translatedField } from '@token/domain/catalog';
import type { TaxonView } from '@token/domain/catalog-views';
import { notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';

/** A taxon as the service returns it: `parent` is the parent's code (the API makes it an IRI). */
export type TaxonData = TaxonView;

type TaxonRow = {
  id: number;
  code: string;
  parentId: number | null;
  position: number;
  translations: TaxonView['translations'] | null;
};

/**
 * The enabled taxon tree in `locale` (German fallback per field), as root nodes with nested
 * children. The tree is small; one statement reads it whole and it is assembled here. A taxon under
 * a disabled parent is hidden with it.
 */
async function readTree(db: Database, locale: Locale): Promise<TaxonData[]> {
  const result = (await db.execute(sql`
    select t.id, t.code, t.parent_id as "parentId", t.position,
      (select json_object_agg(tt.locale, json_build_object('locale', tt.locale, 'name', tt.name,
          'slug', tt.slug, 'description', tt.description))
        from taxon_translations tt where tt.taxon_id = t.id) as translations
    from taxons t where t.enabled
    order by t.position, t.id`)) as unknown as { rows: TaxonRow[] };
  const byParent = new Map<number | null, TaxonRow[]>();
  for (const row of result.rows) {
    const siblings = byParent.get(row.parentId);
    if (siblings) siblings.push(row);
    else byParent.set(row.parentId, [row]);
  }
  const build = (row: TaxonRow, level: number, parent: string | null, seen: Set<number>): TaxonData => {
    seen.add(row.id);
    const translations = row.translations ?? {};
    return {
      id: row.id,
      code: row.code,
      level,
      name: translatedField(translations, locale, 'name') ?? row.code,
      slug: translatedField(translations, locale, 'slug'),
      description: translatedField(translations, locale, 'description'),
      translations,
      parent,
      position: row.position,
      children: (byParent.get(row.id) ?? [])
        .filter((c) => !seen.has(c.id)) // a corrupt cycle must not recurse forever
        .map((c) => build(c, level + 1, row.code, seen)),
    };
  };
  const seen = new Set<number>();
  return (byParent.get(null) ?? []).map((root) => build(root, 0, null, seen));
}

/** Top-level taxons with their nested children, paged over the top level. */
export async function listTaxons(opts: {
  db: Database;
  locale: Locale;
  page: Page;
}): Promise<{ items: TaxonData[]; totalItems: number }> {
  const roots = await readTree(opts.db, opts.locale);
  const start = (opts.page.page - 1) * opts.page.itemsPerPage;
  return { items: roots.slice(start, start + opts.page.itemsPerPage), totalItems: roots.length };
}

/** One enabled taxon (at any depth) with its children. */
export async function getTaxon(opts: { db: Database; locale: Locale; code: string }): Promise<TaxonData> {
  const stack = await readTree(opts.db, opts.locale);
  while (stack.length) {
    const node = stack.pop()!;
    if (node.code === opts.code) return node;
    stack.push(...node.children);
  }
  throw notFound();
}
