import { randomBytes } from 'node:crypto';
import { AppError, notFound, validationFailed } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { assertCanTransition } from '@token/domain/lifecycle';
import {
  type CreatorCollectionFields,
  type CreatorCollectionState,
  type CreatorCollectionView,
  creatorCollectionCodePattern,
  type creatorCollectionCreateInputSchema,
  creatorCollectionLifecycle,
  emptyKeyViolations,
  submitViolations,
} from '@token/domain/marketplace';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Db, rawRows } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  creatorCollectionItems,
  creatorCollections,
  creatorProducts,
  customers,
  products,
} from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import {
  type ListingRow,
  listedProductData,
  listingFields,
  listingStock,
  type ProductData,
} from '../catalog/product-rows.ts';
import { loadCreatorProducts } from './creator-products.service.ts';

/*
 * Creators' collections (issue 18, spec 3 "Collection", spec 2's preparation process; decision 023).
 * The creator prepares a draft step by step (name and artist, metadata, parameters, items, their
 * texts) and submits it; its items are the creator's products (POST products with `collection`),
 * each reviewed by an operator on its own. Everyone sees a submitted collection with its listed
 * (approved) items; a draft, and another creator's collection, is nobody else's: 404.
 */

type CollectionRow = typeof creatorCollections.$inferSelect;

/** The public view's fields: a submitted collection with its listed items (services know no IRIs of items). */
export type PublicCollectionData = Omit<CreatorCollectionView, 'state' | 'updatedAt' | 'items'> & {
  items: ProductData[];
};

/** A collection code nobody chose: `K` and 11 characters of base 32. */
function newCollectionCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `K${Array.from(randomBytes(11), (b) => alphabet[b % 32]).join('')}`;
}

const validCode = (code: string) => creatorCollectionCodePattern.test(code);

function fieldsOf(row: CollectionRow, creator: { uuid: string; profileName: string | null }) {
  return {
    id: row.id,
    '@id': iri('collections', row.code),
    code: row.code,
    name: row.name,
    artist: row.artist,
    minimumReservePrice: row.minimumReservePrice,
    mintingStart: row.mintingStart,
    mintingEnd: row.mintingEnd,
    royalties: row.royalties,
    network: row.network,
    parameters: row.parameters,
    metadata: row.metadata,
    creator: iri('customers', creator.uuid),
    creatorProfileName: creator.profileName,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The product ids of collections' items, in their order. */
async function itemIdsOf(db: Db, collectionIds: number[]): Promise<Map<number, number[]>> {
  const byCollection = new Map<number, number[]>(collectionIds.map((id) => [id, []]));
  if (!collectionIds.length) return byCollection;
  const rows = await db
    .select({
      collectionId: creatorCollectionItems.collectionId,
      productId: creatorCollectionItems.productId,
    })
    .from(creatorCollectionItems)
    .where(inArray(creatorCollectionItems.collectionId, collectionIds))
    .orderBy(asc(creatorCollectionItems.position), asc(creatorCollectionItems.productId));
  for (const r of rows) byCollection.get(r.collectionId)!.push(r.productId);
  return byCollection;
}

/** The creator's views of collections (with their items in every review state); a fixed number of statements. */
async function ownViews(db: Db, locale: Locale, rows: CollectionRow[]): Promise<CreatorCollectionView[]> {
  if (!rows.length) return [];
  const creatorIds = [...new Set(rows.map((r) => r.creatorId))];
  const creators = await db
    .select({ id: customers.id, uuid: customers.uuid, profileName: customers.profileName })
    .from(customers)
    .where(inArray(customers.id, creatorIds));
  const itemIds = await itemIdsOf(
    db,
    rows.map((r) => r.id),
  );
  const items = await loadCreatorProducts(db, locale, [...itemIds.values()].flat());
  const itemById = new Map(items.map((i) => [i.id, i]));
  return rows.map((row) => ({
    ...fieldsOf(row, creators.find((c) => c.id === row.creatorId)!),
    state: row.state,
    updatedAt: row.updatedAt.toISOString(),
    items: (itemIds.get(row.id) ?? []).flatMap((id) => itemById.get(id) ?? []),
  }));
}

/** The creator's own collection row; another's (or none) is not found. `lock` for a change. */
async function ownRow(db: Db, customerId: number, code: string, lock = false): Promise<CollectionRow> {
  if (!validCode(code)) throw notFound();
  const q = db
    .select()
    .from(creatorCollections)
    .where(and(eq(creatorCollections.code, code), eq(creatorCollections.creatorId, customerId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

function assertDraft(row: CollectionRow) {
  if ((row.state as CreatorCollectionState) !== 'draft') throw new AppError('collection_submitted');
}

/** POST collections: a new draft of the creator, named with its artist (the first step). */
export async function createCollection(opts: {
  db: Database;
  customerId: number;
  locale: Locale;
  input: z.output<typeof creatorCollectionCreateInputSchema>;
}): Promise<CreatorCollectionView> {
  const [row] = await opts.db
    .insert(creatorCollections)
    .values({
      code: newCollectionCode(),
      creatorId: opts.customerId,
      name: opts.input.name,
      artist: opts.input.artist,
    })
    .returning();
  const [view] = await ownViews(opts.db, opts.locale, [row!]);
  return view!;
}

/** GET created-collections/{code}: one of the creator's collections in any state, with all its items. */
export async function getOwnCollection(opts: {
  db: Db;
  customerId: number;
  code: string;
  locale: Locale;
}): Promise<CreatorCollectionView> {
  const row = await ownRow(opts.db, opts.customerId, opts.code);
  const [view] = await ownViews(opts.db, opts.locale, [row]);
  return view!;
}

/** PUT collections/{code}: the draft anew (a submitted collection is not changed: `collection_submitted`). */
export async function updateCollection(opts: {
  db: Database;
  customerId: number;
  code: string;
  locale: Locale;
  input: CreatorCollectionFields;
}): Promise<CreatorCollectionView> {
  const { db, customerId, code, input } = opts;
  const violations = emptyKeyViolations(input);
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, customerId, code, true);
    assertDraft(row);
    if (violations.length) throw validationFailed(violations);
    await tx
      .update(creatorCollections)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(creatorCollections.id, row.id));
  });
  return getOwnCollection({ db, customerId, code, locale: opts.locale });
}

/**
 * POST collections/{code}/submit: judges the draft (spec 3's fields, at least one item) and submits
 * it; the violations name the fields. Its items stay in review, each on its own.
 */
export async function submitCollection(opts: {
  db: Database;
  customerId: number;
  code: string;
  locale: Locale;
}): Promise<CreatorCollectionView> {
  const { db, customerId, code } = opts;
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, customerId, code, true);
    assertDraft(row);
    const [items] = await tx
      .select({ n: count() })
      .from(creatorCollectionItems)
      .where(eq(creatorCollectionItems.collectionId, row.id));
    const violations = submitViolations({ ...row, itemCount: Number(items?.n ?? 0) });
    if (violations.length) throw validationFailed(violations);
    assertCanTransition(creatorCollectionLifecycle, row.state, 'submitted');
    const now = new Date();
    await tx
      .update(creatorCollections)
      .set({ state: 'submitted', submittedAt: now, updatedAt: now })
      .where(eq(creatorCollections.id, row.id));
  });
  return getOwnCollection({ db, customerId, code, locale: opts.locale });
}

/**
 * DELETE collections/{code}: leaving the preparation process throws the draft away (spec 2 "All
 * prepared information will be lost"): the draft and its items still in review (never listed, so
 * never sold); an item an operator already decided on stays, outside the collection.
 */
export async function deleteCollectionDraft(opts: { db: Database; customerId: number; code: string }) {
  const { db, customerId, code } = opts;
  await db.transaction(async (tx) => {
    const row = await ownRow(tx, customerId, code, true);
    assertDraft(row);
    const pending = await tx
      .select({ id: creatorCollectionItems.productId })
      .from(creatorCollectionItems)
      .innerJoin(creatorProducts, eq(creatorProducts.productId, creatorCollectionItems.productId))
      .where(
        and(eq(creatorCollectionItems.collectionId, row.id), eq(creatorProducts.reviewState, 'pending')),
      );
    if (pending.length) {
      await tx.delete(products).where(
        inArray(
          products.id,
          pending.map((p) => p.id),
        ),
      );
    }
    await tx.delete(creatorCollections).where(eq(creatorCollections.id, row.id));
  });
}

/** GET created-collections: the creator's collections in every state, newest first. */
export async function listCreatedCollections(opts: {
  db: Db;
  customerId: number;
  locale: Locale;
  page: Page;
}): Promise<{ items: CreatorCollectionView[]; totalItems: number }> {
  const where = eq(creatorCollections.creatorId, opts.customerId);
  const rows = await opts.db
    .select()
    .from(creatorCollections)
    .where(where)
    .orderBy(desc(creatorCollections.createdAt), desc(creatorCollections.id))
    .limit(opts.page.itemsPerPage)
    .offset((opts.page.page - 1) * opts.page.itemsPerPage);
  const [total] = await opts.db.select({ n: count() }).from(creatorCollections).where(where);
  return { items: await ownViews(opts.db, opts.locale, rows), totalItems: Number(total?.n ?? 0) };
}

/** The listed items (shown in the shop) of submitted collections, in their order: one statement. */
async function listedItemsOf(
  db: Database,
  locale: Locale,
  collectionIds: number[],
): Promise<Map<number, ProductData[]>> {
  const byCollection = new Map<number, ProductData[]>(collectionIds.map((id) => [id, []]));
  if (!collectionIds.length) return byCollection;
  const ids = sql.join(
    collectionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rawRows<ListingRow & { collectionId: number }>(
    db,
    sql`select ci.collection_id as "collectionId", ${listingFields}
      from creator_collection_items ci
      join product_listings l on l.product_id = ci.product_id ${listingStock}
      where ci.collection_id in (${ids}) and l.shown and l.default_variant_id is not null
      order by ci.collection_id, ci.position, l.product_id`,
  );
  for (const r of rows) byCollection.get(Number(r.collectionId))?.push(listedProductData(r, locale));
  return byCollection;
}

async function publicViews(db: Database, locale: Locale, where: SQL, page: Page) {
  const rows = await db
    .select({ row: creatorCollections, uuid: customers.uuid, profileName: customers.profileName })
    .from(creatorCollections)
    .innerJoin(customers, eq(customers.id, creatorCollections.creatorId))
    .where(and(eq(creatorCollections.state, 'submitted'), where))
    .orderBy(desc(creatorCollections.submittedAt), desc(creatorCollections.id))
    .limit(page.itemsPerPage)
    .offset((page.page - 1) * page.itemsPerPage);
  const items = await listedItemsOf(
    db,
    locale,
    rows.map((r) => r.row.id),
  );
  return rows.map((r): PublicCollectionData => ({ ...fieldsOf(r.row, r), items: items.get(r.row.id) ?? [] }));
}

/** GET collections/{code}: a submitted collection with its listed items, for everyone; a draft is not found. */
export async function getPublicCollection(opts: {
  db: Database;
  locale: Locale;
  code: string;
}): Promise<PublicCollectionData> {
  if (!validCode(opts.code)) throw notFound();
  const [view] = await publicViews(opts.db, opts.locale, eq(creatorCollections.code, opts.code), {
    page: 1,
    itemsPerPage: 1,
  });
  if (!view) throw notFound();
  return view;
}

/** GET collections?creator={uuid}: a creator's submitted collections, newest first. */
export async function listPublicCollections(opts: {
  db: Database;
  locale: Locale;
  creatorUuid: string;
  page: Page;
}): Promise<{ items: PublicCollectionData[]; totalItems: number }> {
  const where = sql`${creatorCollections.creatorId} = (select c.id from customers c where c.uuid = ${opts.creatorUuid})`;
  const items = await publicViews(opts.db, opts.locale, where, opts.page);
  const [total] = await opts.db
    .select({ n: count() })
    .from(creatorCollections)
    .where(and(eq(creatorCollections.state, 'submitted'), where));
  return { items, totalItems: Number(total?.n ?? 0) };
}
