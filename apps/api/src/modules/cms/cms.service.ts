import type {
  CmsBlockTranslationView,
  CmsBlockView,
  CmsPageTranslationView,
  CmsPageView,
} from '@token/domain/cms';
import { notFound } from '@token/domain/errors';
import { type Locale, translatedField } from '@token/domain/i18n';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { cmsBlocks, cmsBlockTranslations, cmsPages, cmsPageTranslations } from '../../db/schema/index.ts';

function byLocale<T extends { locale: string }>(rows: T[]): Record<string, T> {
  const map: Record<string, T> = {};
  for (const row of rows) map[row.locale] = row;
  return map;
}

/** Enabled blocks whose code is one of `codes` (all when omitted), in creation order, paged. */
export async function listBlocks(opts: {
  db: Database;
  locale: Locale;
  codes?: string[] | undefined;
  page: Page;
}) {
  const { db, locale, codes, page } = opts;
  const where = and(eq(cmsBlocks.enabled, true), codes ? inArray(cmsBlocks.code, codes) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cmsBlocks)
      .where(where)
      .orderBy(asc(cmsBlocks.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(cmsBlocks).where(where),
  ]);
  return { items: await toBlockViews(db, locale, rows), totalItems: total?.n ?? 0 };
}

export async function getBlock(opts: { db: Database; locale: Locale; code: string }): Promise<CmsBlockView> {
  const rows = await opts.db
    .select()
    .from(cmsBlocks)
    .where(and(eq(cmsBlocks.code, opts.code), eq(cmsBlocks.enabled, true)));
  const [block] = await toBlockViews(opts.db, opts.locale, rows);
  if (!block) throw notFound();
  return block;
}

async function toBlockViews(
  db: Database,
  locale: Locale,
  rows: (typeof cmsBlocks.$inferSelect)[],
): Promise<CmsBlockView[]> {
  const ids = rows.map((b) => b.id);
  const translations = ids.length
    ? await db
        .select()
        .from(cmsBlockTranslations)
        .where(inArray(cmsBlockTranslations.blockId, ids))
        .orderBy(asc(cmsBlockTranslations.locale))
    : [];
  return rows.map((b) => {
    const map = byLocale(
      translations
        .filter((t) => t.blockId === b.id)
        .map((t): CmsBlockTranslationView => ({ locale: t.locale, name: t.name, content: t.content })),
    );
    return {
      id: b.id,
      code: b.code,
      enabled: b.enabled,
      name: translatedField(map, locale, 'name') ?? null,
      content: translatedField(map, locale, 'content') ?? '',
      translations: map,
    };
  });
}

/** Enabled pages whose code is one of `codes` (all when omitted), in creation order, paged. */
export async function listPages(opts: {
  db: Database;
  locale: Locale;
  codes?: string[] | undefined;
  page: Page;
}) {
  const { db, locale, codes, page } = opts;
  const where: SQL | undefined = and(
    eq(cmsPages.enabled, true),
    codes ? inArray(cmsPages.code, codes) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cmsPages)
      .where(where)
      .orderBy(asc(cmsPages.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(cmsPages).where(where),
  ]);
  return { items: await toPageViews(db, locale, rows), totalItems: total?.n ?? 0 };
}

export async function getPage(opts: { db: Database; locale: Locale; code: string }): Promise<CmsPageView> {
  const rows = await opts.db
    .select()
    .from(cmsPages)
    .where(and(eq(cmsPages.code, opts.code), eq(cmsPages.enabled, true)));
  const [page] = await toPageViews(opts.db, opts.locale, rows);
  if (!page) throw notFound();
  return page;
}

async function toPageViews(
  db: Database,
  locale: Locale,
  rows: (typeof cmsPages.$inferSelect)[],
): Promise<CmsPageView[]> {
  const ids = rows.map((p) => p.id);
  const translations = ids.length
    ? await db
        .select()
        .from(cmsPageTranslations)
        .where(inArray(cmsPageTranslations.pageId, ids))
        .orderBy(asc(cmsPageTranslations.locale))
    : [];
  return rows.map((p) => {
    const map = byLocale(
      translations
        .filter((t) => t.pageId === p.id)
        .map(
          (t): CmsPageTranslationView => ({
            locale: t.locale,
            name: t.name,
            slug: t.slug,
            title: t.title,
            content: t.content,
            metaDescription: t.metaDescription,
          }),
        ),
    );
    return {
      id: p.id,
      code: p.code,
      enabled: p.enabled,
      name: translatedField(map, locale, 'name') ?? '',
      slug: translatedField(map, locale, 'slug') ?? '',
      title: translatedField(map, locale, 'title') ?? '',
      content: translatedField(map, locale, 'content') ?? '',
      metaDescription: translatedField(map, locale, 'metaDescription') ?? null,
      translations: map,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}
