import { randomBytes } from 'node:crypto';
import { shopChannelCode } from '@token/domain/channel';
import { AppError, type FieldViolation, notFound, validationFailed } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { assertCanTransition } from '@token/domain/lifecycle';
import {
  type CreatorProductView,
  type CreatorVariantInput,
  type CreatorVariantView,
  collectibleTaxCategoryCode,
  creatorCollectionIriPattern,
  type creatorProductCreateInputSchema,
  mediaFileIriPattern,
  type ProductReviewState,
  productReviewLifecycle,
  withdrawalRefusal,
} from '@token/domain/marketplace';
import { and, asc, count, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  channelPricings,
  creatorCollectionItems,
  creatorCollections,
  creatorProducts,
  customers,
  mediaFiles,
  orderItems,
  orders,
  productMediaFiles,
  productMetadata,
  products,
  productTaxons,
  productTranslations,
  productVariants,
  productVariantTranslations,
  taxCategories,
  taxons,
} from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { slugOf } from '../catalog/bonds-admin.service.ts';
import { type MediaFileRow, settleUpload, toContentMediaFileView } from './media-uploads.service.ts';

/*
 * Creators' products (issue 18, spec 3/7): created and edited by their creator, listed once an
 * operator approved them (`creator_products.review_state`; the shop's listing condition is
 * `shownInShop` in catalog/product-rows.ts). A catalogue product (a bond, the demo collectibles)
 * has no creator row and is nobody's to edit here: 404.
 */

/** The product input after parsing (defaults applied, empty metadata keys dropped). */
export type CreatorProductInput = z.output<typeof creatorProductCreateInputSchema>;
type ContentFields = Omit<CreatorProductInput, 'termsAccepted' | 'noCopyrightInfringement'>;

const locales = ['de', 'en'] as const;

/** A product code nobody chose: `C` and 11 characters of base 32. */
function newProductCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(11);
  return `C${Array.from(bytes, (b) => alphabet[b % 32]).join('')}`;
}

const slugFor = (name: string, code: string) => `${slugOf(name)}-${code.toLowerCase()}`;

/**
 * The media files of the input, in order: each must be the creator's own and ready; an upload whose
 * bytes arrived but were not checked yet (S3) is checked now. Violations name `mediaFiles[i]`.
 */
async function resolveMediaFiles(opts: {
  db: Database;
  storage: StoragePort;
  customerId: number;
  iris: string[];
}): Promise<{ rows: MediaFileRow[]; violations: FieldViolation[] }> {
  const ids = opts.iris.map((s) => Number(mediaFileIriPattern.exec(s)![1]));
  const found = ids.length
    ? await opts.db
        .select()
        .from(mediaFiles)
        .where(and(inArray(mediaFiles.id, ids), eq(mediaFiles.ownerCustomerId, opts.customerId)))
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows: MediaFileRow[] = [];
  const violations: FieldViolation[] = [];
  const seen = new Set<number>();
  for (const [i, id] of ids.entries()) {
    let row = byId.get(id);
    if (row?.state === 'awaiting_upload') {
      row = (await settleUpload({ db: opts.db, storage: opts.storage, row })).row;
    }
    // Another customer's file reads exactly like a missing one (convention 3).
    if (row?.state !== 'ready' || seen.has(id)) {
      violations.push({ propertyPath: `mediaFiles[${i}]`, code: 'media_file_unusable' });
      continue;
    }
    seen.add(id);
    rows.push(row);
  }
  return { rows, violations };
}

/** Category and sub-category: enabled taxons, the sub-category a child of the category. */
async function resolveTaxons(db: Db, input: ContentFields) {
  const violations: FieldViolation[] = [];
  let mainTaxonId: number | null = null;
  let subTaxonId: number | null = null;
  if (input.mainTaxon) {
    const [t] = await db
      .select({ id: taxons.id })
      .from(taxons)
      .where(and(eq(taxons.code, input.mainTaxon), eq(taxons.enabled, true)));
    if (t) mainTaxonId = t.id;
    else violations.push({ propertyPath: 'mainTaxon', code: 'invalid_value' });
  }
  if (input.subCategory) {
    const [t] = await db
      .select({ id: taxons.id, parentId: taxons.parentId })
      .from(taxons)
      .where(and(eq(taxons.code, input.subCategory), eq(taxons.enabled, true)));
    if (t && mainTaxonId !== null && t.parentId === mainTaxonId) subTaxonId = t.id;
    else violations.push({ propertyPath: 'subCategory', code: 'invalid_value' });
  }
  return { mainTaxonId, subTaxonId, violations };
}

/**
 * The collection named by the input (decision 023): the creator's own, draft or submitted; another's
 * reads like a missing one. `undefined` when the input does not name the field (an edit keeps it).
 */
async function resolveCollection(
  db: Db,
  customerId: number,
  iri: string | null | undefined,
): Promise<{ collectionId: number | null | undefined; violations: FieldViolation[] }> {
  if (iri === undefined) return { collectionId: undefined, violations: [] };
  if (iri === null) return { collectionId: null, violations: [] };
  const code = creatorCollectionIriPattern.exec(iri)![1]!;
  const [row] = await db
    .select({ id: creatorCollections.id })
    .from(creatorCollections)
    .where(and(eq(creatorCollections.code, code), eq(creatorCollections.creatorId, customerId)));
  if (!row)
    return {
      collectionId: undefined,
      violations: [{ propertyPath: 'collection', code: 'collection_unusable' }],
    };
  return { collectionId: row.id, violations: [] };
}

/** Puts the product into the collection (at its end), or takes it out (null); undefined keeps it. */
async function writeCollection(tx: Db, productId: number, collectionId: number | null | undefined) {
  if (collectionId === undefined) return;
  if (collectionId === null) {
    await tx.delete(creatorCollectionItems).where(eq(creatorCollectionItems.productId, productId));
    return;
  }
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${creatorCollectionItems.position}) + 1, 0)` })
    .from(creatorCollectionItems)
    .where(eq(creatorCollectionItems.collectionId, collectionId));
  await tx
    .insert(creatorCollectionItems)
    .values({ productId, collectionId, position: Number(last?.n ?? 0) })
    .onConflictDoUpdate({
      target: creatorCollectionItems.productId,
      set: { collectionId, position: Number(last?.n ?? 0) },
      setWhere: sql`${creatorCollectionItems.collectionId} <> ${collectionId}`,
    });
}

/** Copies of the item: one for a single item (spec 3 "single or multiple with copies"). */
const copiesOf = (input: ContentFields) => (input.itemType === 'single' ? 1 : input.copies);

/** Writes the texts, taxons, metadata and media of a product (replacing what it had). */
async function writeContent(
  tx: Db,
  productId: number,
  code: string,
  input: ContentFields,
  media: MediaFileRow[],
  taxonIds: { mainTaxonId: number | null; subTaxonId: number | null },
) {
  await tx.delete(productTranslations).where(eq(productTranslations.productId, productId));
  await tx.insert(productTranslations).values(
    locales.map((locale) => ({
      productId,
      locale,
      name: input.translations[locale].name,
      slug: slugFor(input.translations[locale].name, code),
      description: input.translations[locale].description || null,
    })),
  );
  await tx.delete(productTaxons).where(eq(productTaxons.productId, productId));
  const taxonRows = [taxonIds.mainTaxonId, taxonIds.subTaxonId]
    .filter((id): id is number => id !== null)
    .map((taxonId, position) => ({ productId, taxonId, position }));
  if (taxonRows.length) await tx.insert(productTaxons).values(taxonRows);
  await tx.delete(productMetadata).where(eq(productMetadata.productId, productId));
  if (input.metadata.length) {
    await tx
      .insert(productMetadata)
      .values(input.metadata.map((m, position) => ({ productId, key: m.key, value: m.value, position })));
  }
  await tx.delete(productMediaFiles).where(eq(productMediaFiles.productId, productId));
  await tx
    .insert(productMediaFiles)
    .values(media.map((f, position) => ({ productId, mediaFileId: f.id, position })));
}

/** The content an operator reviewed: a change of it sends the product back to review. */
function reviewedContent(input: {
  translations: Record<string, { name: string; description: string | null }>;
  mediaFileIds: number[];
  metadata: { key: string; value: string }[];
  traits: { type: string; value: string }[];
  tags: string[];
}): string {
  return JSON.stringify([
    locales.map((l) => [input.translations[l]?.name ?? '', input.translations[l]?.description || '']),
    input.mediaFileIds,
    input.metadata.map((m) => [m.key, m.value]),
    input.traits.map((t) => [t.type, t.value]),
    input.tags,
  ]);
}

/** POST products: a new item of the creator, in review (`pending`) and not listed until approved. */
export async function createCreatorProduct(opts: {
  db: Database;
  storage: StoragePort;
  customerId: number;
  locale: Locale;
  input: CreatorProductInput;
}): Promise<CreatorProductView> {
  const { db, customerId, input, locale } = opts;
  const media = await resolveMediaFiles({ db, storage: opts.storage, customerId, iris: input.mediaFiles });
  const taxonIds = await resolveTaxons(db, input);
  const collection = await resolveCollection(db, customerId, input.collection);
  const violations = [...media.violations, ...taxonIds.violations, ...collection.violations];
  if (violations.length) throw validationFailed(violations);
  const [tax] = await db
    .select({ id: taxCategories.id })
    .from(taxCategories)
    .where(eq(taxCategories.code, collectibleTaxCategoryCode));
  if (!tax) throw new Error(`tax category ${collectibleTaxCategoryCode} is missing`);
  const code = newProductCode();
  const copies = copiesOf(input);
  const now = new Date();
  const productId = await db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({
        code,
        enabled: true,
        allowToBuy: true,
        royalties: input.royalties,
        whitelisting: input.whitelisting,
        mainTaxonId: taxonIds.mainTaxonId,
        creatorId: customerId,
        taxCategoryId: tax.id,
      })
      .returning({ id: products.id });
    const productId = product!.id;
    await writeContent(tx, productId, code, input, media.rows, taxonIds);
    const [variant] = await tx
      .insert(productVariants)
      .values({ code, productId, totalSupply: copies, onHand: copies, tracked: true })
      .returning({ id: productVariants.id });
    await tx
      .insert(productVariantTranslations)
      .values(
        locales.map((locale) => ({ variantId: variant!.id, locale, name: input.translations[locale].name })),
      );
    await tx
      .insert(channelPricings)
      .values({ variantId: variant!.id, channelCode: shopChannelCode, price: input.price });
    await tx.insert(creatorProducts).values({
      productId,
      creatorId: customerId,
      reviewState: 'pending',
      itemType: input.itemType,
      subCategoryTaxonId: taxonIds.subTaxonId,
      tags: input.tags,
      traits: input.traits,
      collaboration: input.collaboration,
      copyrightTransfer: input.copyrightTransfer,
      unlockOnPurchase: input.unlockOnPurchase,
      termsAcceptedAt: now,
      noCopyrightInfringementAt: now,
    });
    await writeCollection(tx, productId, collection.collectionId);
    return product!.id;
  });
  const [view] = await loadCreatorProducts(db, locale, [productId]);
  return view!;
}

/** The creator's product row, locked for the change; another's (or a catalogue product) is not found. */
async function lockOwnProduct(tx: Db, customerId: number, code: string) {
  const [row] = await tx
    .select({ productId: products.id, reviewState: creatorProducts.reviewState })
    .from(products)
    .innerJoin(creatorProducts, eq(creatorProducts.productId, products.id))
    .where(and(eq(products.code, code), eq(creatorProducts.creatorId, customerId)))
    .for('update', { of: creatorProducts });
  if (!row) throw notFound();
  return row;
}

/**
 * PUT products/{code}: the creator's item anew. A change of what was reviewed (texts, media,
 * metadata, traits, tags) sends an approved or rejected item back to review; price, copies,
 * royalties, category and flags do not.
 */
export async function updateCreatorProduct(opts: {
  db: Database;
  storage: StoragePort;
  customerId: number;
  code: string;
  locale: Locale;
  input: ContentFields;
}): Promise<CreatorProductView> {
  const { db, customerId, code, input, locale } = opts;
  if (!/^[A-Za-z0-9_.:-]{1,200}$/.test(code)) throw notFound();
  const before = await getCreatorProduct({ db, customerId, code, locale });
  const media = await resolveMediaFiles({ db, storage: opts.storage, customerId, iris: input.mediaFiles });
  const taxonIds = await resolveTaxons(db, input);
  const collection = await resolveCollection(db, customerId, input.collection);
  const copies = copiesOf(input);
  const sold = before.defaultVariant.totalSupply - before.defaultVariant.onHand;
  const violations = [...media.violations, ...taxonIds.violations, ...collection.violations];
  if (copies < sold) violations.push({ propertyPath: 'copies', code: 'too_small', params: { value: sold } });
  if (violations.length) throw validationFailed(violations);
  const changed =
    reviewedContent({
      translations: before.translations,
      mediaFileIds: before.mediaFiles.map((f) => f.id),
      metadata: before.metadata,
      traits: before.traits,
      tags: before.tags,
    }) !==
    reviewedContent({
      translations: input.translations,
      mediaFileIds: media.rows.map((f) => f.id),
      metadata: input.metadata,
      traits: input.traits,
      tags: input.tags,
    });
  await db.transaction(async (tx) => {
    const row = await lockOwnProduct(tx, customerId, code);
    let reviewState = row.reviewState as ProductReviewState;
    // Saving a withdrawn item resubmits it (decision 020), changed or not.
    if ((changed || reviewState === 'withdrawn') && reviewState !== 'pending') {
      assertCanTransition(productReviewLifecycle, reviewState, 'pending');
      reviewState = 'pending';
    }
    await tx
      .update(products)
      .set({
        royalties: input.royalties,
        whitelisting: input.whitelisting,
        mainTaxonId: taxonIds.mainTaxonId,
        updatedAt: new Date(),
      })
      .where(eq(products.id, row.productId));
    await writeContent(tx, row.productId, code, input, media.rows, taxonIds);
    await writeCollection(tx, row.productId, collection.collectionId);
    await tx
      .update(creatorProducts)
      .set({
        reviewState,
        ...(reviewState === 'pending' ? { rejectionReason: null } : {}),
        itemType: input.itemType,
        subCategoryTaxonId: taxonIds.subTaxonId,
        tags: input.tags,
        traits: input.traits,
        collaboration: input.collaboration,
        copyrightTransfer: input.copyrightTransfer,
        unlockOnPurchase: input.unlockOnPurchase,
      })
      .where(eq(creatorProducts.productId, row.productId));
    // The edition count moves the stock by the difference; what was sold stays sold.
    const delta = copies - before.defaultVariant.totalSupply;
    await tx
      .update(productVariants)
      .set({ totalSupply: copies, onHand: sql`${productVariants.onHand} + ${delta}` })
      .where(eq(productVariants.code, before.defaultVariant.code));
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.code, before.defaultVariant.code));
    await tx
      .insert(channelPricings)
      .values({ variantId: variant!.id, channelCode: shopChannelCode, price: input.price })
      .onConflictDoUpdate({
        target: [channelPricings.variantId, channelPricings.channelCode],
        set: { price: input.price },
      });
  });
  return getCreatorProduct({ db, customerId, code, locale });
}

/**
 * POST created-products/{code}/withdraw: the creator takes their item off the shop (decision 020):
 * not listed, not for sale, out of the operators' queue. Refused while a placed order of it awaits
 * payment; editions already sold stay with their holders and every order stays as it was. Carts
 * holding the item can no longer be completed (the order offer lists approved items only).
 * Audit-logged; the catalogue revision moves by trigger. Withdrawing a withdrawn item answers it.
 */
export async function withdrawCreatorProduct(opts: {
  db: Database;
  customerId: number;
  code: string;
  locale: Locale;
}): Promise<CreatorProductView> {
  const { db, customerId, code, locale } = opts;
  if (!/^[A-Za-z0-9_.:-]{1,200}$/.test(code)) throw notFound();
  await db.transaction(async (tx) => {
    const row = await lockOwnProduct(tx, customerId, code);
    const state = row.reviewState as ProductReviewState;
    if (state === 'withdrawn') return;
    // The variants locked first: a checkout taking stock of this item finishes before we count.
    await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, row.productId))
      .for('update');
    const [open] = await tx
      .select({ n: count() })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
      .where(
        and(
          eq(productVariants.productId, row.productId),
          eq(orders.checkoutState, 'completed'),
          eq(orders.paymentState, 'awaiting_payment'),
        ),
      );
    const refusal = withdrawalRefusal({ state, ordersAwaitingPayment: Number(open?.n ?? 0) });
    if (refusal) throw new AppError(refusal);
    await tx
      .update(creatorProducts)
      .set({ reviewState: 'withdrawn' })
      .where(eq(creatorProducts.productId, row.productId));
    await appendAuditEntry(tx, {
      customerId,
      actorId: customerId,
      action: 'product_withdrawn',
      reason: null,
      details: { productCode: code, from: state },
    });
  });
  return getCreatorProduct({ db, customerId, code, locale });
}

/**
 * PATCH product-variants / PUT product-variants/{code}: the creator's variant — name (in the
 * caller's language), tracked, on hand, price on channel `token`. Not a reviewed change.
 */
export async function updateCreatorVariant(opts: {
  db: Database;
  customerId: number;
  code: string;
  locale: Locale;
  input: CreatorVariantInput;
}): Promise<CreatorVariantView> {
  const { db, customerId, code, input, locale } = opts;
  if (!/^[A-Za-z0-9_.:-]{1,200}$/.test(code)) throw notFound();
  await db.transaction(async (tx) => {
    const [v] = await tx
      .select({ id: productVariants.id, onHold: productVariants.onHold, productCode: products.code })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(creatorProducts, eq(creatorProducts.productId, products.id))
      .where(and(eq(productVariants.code, code), eq(creatorProducts.creatorId, customerId)))
      .for('update', { of: productVariants });
    if (!v) throw notFound();
    const violations: FieldViolation[] = [];
    if (input.code !== undefined && input.code !== code) {
      violations.push({ propertyPath: 'code', code: 'invalid_value' });
    }
    if (input.product !== undefined && input.product !== iri('products', v.productCode)) {
      violations.push({ propertyPath: 'product', code: 'invalid_value' });
    }
    if (input.onHand !== undefined && input.onHand < v.onHold) {
      violations.push({ propertyPath: 'onHand', code: 'too_small', params: { value: v.onHold } });
    }
    for (const channel of Object.keys(input.channelPricings ?? {})) {
      if (channel !== shopChannelCode) {
        violations.push({ propertyPath: `channelPricings.${channel}`, code: 'invalid_value' });
      }
    }
    if (violations.length) throw validationFailed(violations);
    const set: Partial<typeof productVariants.$inferInsert> = {};
    if (input.tracked !== undefined) set.tracked = input.tracked;
    if (input.onHand !== undefined) {
      set.onHand = input.onHand;
      set.totalSupply =
        sql`greatest(${productVariants.totalSupply} - ${productVariants.onHand} + ${input.onHand}, ${input.onHand})` as unknown as number;
    }
    if (Object.keys(set).length)
      await tx.update(productVariants).set(set).where(eq(productVariants.id, v.id));
    if (input.name !== undefined) {
      await tx
        .insert(productVariantTranslations)
        .values({ variantId: v.id, locale, name: input.name })
        .onConflictDoUpdate({
          target: [productVariantTranslations.variantId, productVariantTranslations.locale],
          set: { name: input.name },
        });
    }
    const price = input.channelPricings?.[shopChannelCode]?.price;
    if (price !== undefined) {
      await tx
        .insert(channelPricings)
        .values({ variantId: v.id, channelCode: shopChannelCode, price })
        .onConflictDoUpdate({
          target: [channelPricings.variantId, channelPricings.channelCode],
          set: { price },
        });
    }
  });
  const [view] = await loadVariants(db, locale, [code]);
  return view!;
}

async function loadVariants(db: Db, locale: Locale, codes: string[]): Promise<CreatorVariantView[]> {
  if (!codes.length) return [];
  const rows = await db
    .select({
      id: productVariants.id,
      code: productVariants.code,
      onHand: productVariants.onHand,
      onHold: productVariants.onHold,
      totalSupply: productVariants.totalSupply,
      tracked: productVariants.tracked,
      productCode: products.code,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.code, codes));
  const ids = rows.map((r) => r.id);
  const names = await db
    .select()
    .from(productVariantTranslations)
    .where(inArray(productVariantTranslations.variantId, ids));
  const prices = await db.select().from(channelPricings).where(inArray(channelPricings.variantId, ids));
  return rows.map((r) => {
    const own = names.filter((n) => n.variantId === r.id);
    return {
      code: r.code,
      '@id': iri('product-variants', r.code),
      name: (own.find((n) => n.locale === locale) ?? own.find((n) => n.locale === 'de'))?.name ?? r.code,
      product: iri('products', r.productCode),
      onHand: r.onHand,
      onHold: r.onHold,
      totalSupply: r.totalSupply,
      tracked: r.tracked,
      channelPricings: Object.fromEntries(
        prices
          .filter((p) => p.variantId === r.id)
          .map((p) => [p.channelCode, { channelCode: p.channelCode, price: p.price }]),
      ),
    };
  });
}

/**
 * Creators' products as views, in the order of `productIds`; a fixed number of statements per page
 * whatever its size (no N+1).
 */
export async function loadCreatorProducts(
  db: Db,
  locale: Locale,
  productIds: number[],
): Promise<CreatorProductView[]> {
  if (!productIds.length) return [];
  const heads = await db
    .select({
      id: products.id,
      code: products.code,
      royalties: products.royalties,
      whitelisting: products.whitelisting,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      mainTaxon: taxons.code,
      creatorUuid: customers.uuid,
      creatorProfileName: customers.profileName,
      review: creatorProducts,
      collectionCode: creatorCollections.code,
      collectionName: creatorCollections.name,
      collectionState: creatorCollections.state,
    })
    .from(products)
    .innerJoin(creatorProducts, eq(creatorProducts.productId, products.id))
    .innerJoin(customers, eq(customers.id, creatorProducts.creatorId))
    .leftJoin(taxons, eq(taxons.id, products.mainTaxonId))
    .leftJoin(creatorCollectionItems, eq(creatorCollectionItems.productId, products.id))
    .leftJoin(creatorCollections, eq(creatorCollections.id, creatorCollectionItems.collectionId))
    .where(inArray(products.id, productIds));
  const subIds = heads.map((h) => h.review.subCategoryTaxonId).filter((id): id is number => id !== null);
  const subs = subIds.length
    ? await db.select({ id: taxons.id, code: taxons.code }).from(taxons).where(inArray(taxons.id, subIds))
    : [];
  const texts = await db
    .select()
    .from(productTranslations)
    .where(inArray(productTranslations.productId, productIds));
  const metadata = await db
    .select()
    .from(productMetadata)
    .where(inArray(productMetadata.productId, productIds))
    .orderBy(asc(productMetadata.position), asc(productMetadata.id));
  const media = await db
    .select({ productId: productMediaFiles.productId, file: mediaFiles })
    .from(productMediaFiles)
    .innerJoin(mediaFiles, eq(mediaFiles.id, productMediaFiles.mediaFileId))
    .where(inArray(productMediaFiles.productId, productIds))
    .orderBy(asc(productMediaFiles.position));
  const firstVariants = await db
    .selectDistinctOn([productVariants.productId], {
      productId: productVariants.productId,
      code: productVariants.code,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(productVariants.productId, asc(productVariants.position), asc(productVariants.id));
  const variants = await loadVariants(
    db,
    locale,
    firstVariants.map((v) => v.code),
  );
  const byId = new Map(heads.map((h) => [h.id, h]));
  return productIds.flatMap((id) => {
    const h = byId.get(id);
    if (!h) return [];
    const own = texts.filter((t) => t.productId === id);
    const translations = Object.fromEntries(
      own.map((t) => [
        t.locale,
        { locale: t.locale, name: t.name, slug: t.slug, description: t.description },
      ]),
    );
    const shown = own.find((t) => t.locale === locale) ?? own.find((t) => t.locale === 'de');
    const variantCode = firstVariants.find((v) => v.productId === id)?.code;
    const variant = variants.find((v) => v.code === variantCode)!;
    return [
      {
        id,
        '@id': iri('products', h.code),
        code: h.code,
        name: shown?.name ?? h.code,
        slug: shown?.slug ?? h.code.toLowerCase(),
        creatorProfileName: h.creatorProfileName,
        creator: iri('customers', h.creatorUuid),
        reviewState: h.review.reviewState,
        rejectionReason: h.review.rejectionReason,
        reviewedAt: h.review.reviewedAt?.toISOString() ?? null,
        translations,
        royalties: h.royalties,
        metadata: metadata.filter((m) => m.productId === id).map((m) => ({ key: m.key, value: m.value })),
        traits: h.review.traits,
        tags: h.review.tags,
        whitelisting: h.whitelisting,
        mainTaxon: h.mainTaxon,
        subCategory: subs.find((s) => s.id === h.review.subCategoryTaxonId)?.code ?? null,
        itemType: h.review.itemType,
        copies: variant.totalSupply,
        price: variant.channelPricings[shopChannelCode]?.price ?? 0,
        collaboration: h.review.collaboration,
        copyrightTransfer: h.review.copyrightTransfer,
        unlockOnPurchase: h.review.unlockOnPurchase,
        mediaFiles: media.filter((m) => m.productId === id).map((m) => toContentMediaFileView(m.file)),
        collection:
          h.collectionCode !== null && h.collectionName !== null && h.collectionState !== null
            ? {
                '@id': iri('collections', h.collectionCode),
                code: h.collectionCode,
                name: h.collectionName,
                state: h.collectionState,
              }
            : null,
        defaultVariant: variant,
        currency: 'EUR' as const,
        createdAt: h.createdAt.toISOString(),
        updatedAt: h.updatedAt.toISOString(),
      },
    ];
  });
}

/** One of the creator's products in any review state; another's (or a catalogue product) is not found. */
export async function getCreatorProduct(opts: {
  db: Db;
  customerId: number;
  code: string;
  locale?: Locale;
}): Promise<CreatorProductView> {
  if (!/^[A-Za-z0-9_.:-]{1,200}$/.test(opts.code)) throw notFound();
  const [row] = await opts.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(creatorProducts, eq(creatorProducts.productId, products.id))
    .where(and(eq(products.code, opts.code), eq(creatorProducts.creatorId, opts.customerId)));
  if (!row) throw notFound();
  const [view] = await loadCreatorProducts(opts.db, opts.locale ?? 'de', [row.id]);
  return view!;
}

/** GET created-products: the creator's own products in every review state, newest first. */
export async function listCreatedProducts(opts: {
  db: Db;
  customerId: number;
  locale: Locale;
  page: Page;
}): Promise<{ items: CreatorProductView[]; totalItems: number }> {
  const where = eq(creatorProducts.creatorId, opts.customerId);
  return pageOfCreatorProducts(opts.db, opts.locale, opts.page, where);
}

async function pageOfCreatorProducts(
  db: Db,
  locale: Locale,
  page: Page,
  where: SQL,
): Promise<{ items: CreatorProductView[]; totalItems: number }> {
  const ids = await db
    .select({ id: creatorProducts.productId })
    .from(creatorProducts)
    .where(where)
    .orderBy(desc(creatorProducts.createdAt), desc(creatorProducts.productId))
    .limit(page.itemsPerPage)
    .offset((page.page - 1) * page.itemsPerPage);
  const [total] = await db.select({ n: count() }).from(creatorProducts).where(where);
  return {
    items: await loadCreatorProducts(
      db,
      locale,
      ids.map((r) => r.id),
    ),
    totalItems: Number(total?.n ?? 0),
  };
}

/**
 * The items of collections their creator has not submitted yet: still being prepared (working
 * titles, no prices), so not for an operator's review (decision 023).
 */
export const inDraftCollection = sql`exists (select 1 from creator_collection_items ci
  join creator_collections cc on cc.id = ci.collection_id
  where ci.product_id = ${creatorProducts.productId} and cc.state = 'draft')`;

/** Operators: creators' products in one review state, newest first; items of draft collections wait. */
export async function listProductsForReview(opts: {
  db: Db;
  locale: Locale;
  state: ProductReviewState;
  page: Page;
}): Promise<{ items: CreatorProductView[]; totalItems: number }> {
  const where = and(eq(creatorProducts.reviewState, opts.state), not(inDraftCollection))!;
  return pageOfCreatorProducts(opts.db, opts.locale, opts.page, where);
}

/** The creator row of a product by code, locked for an operator's decision; a catalogue product is not found. */
export async function lockCreatorProductByCode(tx: Db, code: string) {
  if (!/^[A-Za-z0-9_.:-]{1,200}$/.test(code)) throw notFound();
  const [row] = await tx
    .select({
      productId: products.id,
      creatorId: creatorProducts.creatorId,
      reviewState: creatorProducts.reviewState,
      inDraftCollection: sql<boolean>`${inDraftCollection}`,
    })
    .from(products)
    .innerJoin(creatorProducts, eq(creatorProducts.productId, products.id))
    .where(eq(products.code, code))
    .for('update', { of: creatorProducts });
  if (!row) throw notFound();
  return row;
}
