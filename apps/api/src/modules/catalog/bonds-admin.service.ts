import { randomUUID } from 'node:crypto';
import {
  type BondAdminListItemView,
  type BondAdminView,
  type BondStatus,
  type BondTaxonCode,
  bondCardLimitCents,
  type bondCreateInputSchema,
  bondTaxonCodes,
  type bondUpdateInputSchema,
  type LegalDocumentType,
  type legalDocumentUploadFieldsSchema,
  missingForPublication,
  publicationRequirementPaths,
  publicationRequirementViolations,
} from '@token/domain/catalog';
import { shopChannelCode } from '@token/domain/channel';
import { AppError, type FieldViolation, notFound } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  attributes,
  bondTerms,
  channelPricings,
  legalDocuments,
  mediaFiles,
  paymentMethods,
  productAttributeValues,
  productMediaFiles,
  productPaymentConfigurations,
  products,
  productTaxons,
  productTranslations,
  productVariants,
  taxCategories,
  taxons,
} from '../../db/schema/index.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import {
  imageRenditions,
  type Rendition,
  removeRenditions,
  renditionKeys,
} from '../content/media-uploads.service.ts';
import { tokensSoldOf } from '../servicing/terms.service.ts';

/*
 * The operator's bond administration (issue 17): bonds created as drafts with their texts, price,
 * supply and attributes; edited; published once terms, names, a price and a current information
 * sheet exist; images and legal documents (versioned). Every change writes an audit row on the
 * operator's own record. The catalogue's triggers bump its revision, so the shop shows changes at once.
 */

type CreateInput = z.output<typeof bondCreateInputSchema>;
type UpdateInput = z.output<typeof bondUpdateInputSchema>;
type LegalDocumentFields = z.output<typeof legalDocumentUploadFieldsSchema>;
type ProductRow = typeof products.$inferSelect;

/** The attributes this screen edits; the terms write the others (`applyProductFacts`). */
const editedAttributes = {
  url_more_information: 'moreInformationUrl',
  wkn: 'wkn',
  issuer_seat: 'issuerSeat',
  blockchain: 'blockchainName',
} as const;

/** A slug from a name: lower case ASCII, umlauts transliterated, words joined by '-'. */
export function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'anleihe'
  );
}

/** A slug for `name` not used by another product in `locale` (`name`, `name-2`, ...). */
async function uniqueSlug(db: Db, locale: Locale, name: string, productId: number | null): Promise<string> {
  const base = slugOf(name);
  const taken = await db
    .select({ slug: productTranslations.slug })
    .from(productTranslations)
    .where(
      and(
        eq(productTranslations.locale, locale),
        sql`(${productTranslations.slug} = ${base} or ${productTranslations.slug} like ${`${base}-%`})`,
        productId === null ? undefined : ne(productTranslations.productId, productId),
      ),
    );
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The bond with this code: a product filed under a bond taxon; anything else is not found. */
async function getBondProduct(db: Db, code: string, lock = false): Promise<ProductRow> {
  const query = db
    .select({ product: products })
    .from(products)
    .innerJoin(taxons, eq(taxons.id, products.mainTaxonId))
    .where(and(eq(products.code, code), inArray(taxons.code, [...bondTaxonCodes, 'bonds'])));
  const [row] = lock ? await query.for('update', { of: products }) : await query;
  if (!row) throw notFound();
  return row.product;
}

async function taxonIdOf(db: Db, code: BondTaxonCode): Promise<number> {
  const [row] = await db.select({ id: taxons.id }).from(taxons).where(eq(taxons.code, code));
  if (!row)
    throw new AppError('validation_failed', {
      violations: [{ propertyPath: 'taxon', code: 'invalid_value' }],
    });
  return row.id;
}

async function termsVersionOf(db: Db, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ version: sql<number | null>`max(${bondTerms.version})` })
    .from(bondTerms)
    .where(eq(bondTerms.productId, productId));
  return row?.version == null ? null : Number(row.version);
}

/** Writes the attribute values this screen edits (an empty value removes the row). */
async function writeAttributes(
  tx: Db,
  productId: number,
  values: Partial<Record<keyof typeof editedAttributes, string | null>>,
) {
  const known = await tx
    .select({ id: attributes.id, code: attributes.code })
    .from(attributes)
    .where(inArray(attributes.code, Object.keys(editedAttributes)));
  for (const a of known) {
    const code = a.code as keyof typeof editedAttributes;
    if (!(code in values)) continue;
    const value = values[code];
    const where = and(
      eq(productAttributeValues.productId, productId),
      eq(productAttributeValues.attributeId, a.id),
      isNull(productAttributeValues.locale),
    );
    if (!value) {
      await tx.delete(productAttributeValues).where(where);
      continue;
    }
    await tx
      .insert(productAttributeValues)
      .values({ productId, attributeId: a.id, locale: null, value })
      .onConflictDoUpdate({
        target: [
          productAttributeValues.productId,
          productAttributeValues.attributeId,
          productAttributeValues.locale,
        ],
        set: { value },
      });
  }
}

function audit(db: Db, operatorId: number, action: string, details: Record<string, unknown>) {
  return appendAuditEntry(db, { customerId: operatorId, actorId: operatorId, action, reason: null, details });
}

const pgUniqueViolation = '23505';
function isUniqueViolation(e: unknown): boolean {
  const seen = new Set<unknown>();
  for (let c: unknown = e; c && !seen.has(c); c = (c as { cause?: unknown }).cause) {
    seen.add(c);
    if ((c as { code?: unknown }).code === pgUniqueViolation) return true;
  }
  return false;
}

/**
 * POST /admin/bonds: a draft bond (not shown in the shop) with its texts, taxon, tax category
 * `bonds` (VAT exempt, UStG § 4 Nr. 8), its one variant (code = product code) priced on the shop
 * channel, the payment methods as the demo bonds have them, and the attributes given. 409 on a taken code.
 */
export async function createBond(opts: {
  db: Database;
  input: CreateInput;
  operatorId: number;
}): Promise<BondAdminView> {
  const { input } = opts;
  let created: ProductRow;
  try {
    created = await opts.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.code, input.code));
      if (taken) throw new AppError('bond_code_taken');
      const mainTaxonId = await taxonIdOf(tx, input.taxon);
      const [tax] = await tx
        .select({ id: taxCategories.id })
        .from(taxCategories)
        .where(eq(taxCategories.code, 'bonds'));
      const now = new Date();
      const [product] = await tx
        .insert(products)
        .values({
          code: input.code,
          enabled: false,
          allowToBuy: true,
          royalties: 0,
          blockchainName: input.blockchainName,
          tokenId: input.tokenId,
          whitelisting: input.whitelisting,
          mainTaxonId,
          taxCategoryId: tax?.id ?? null,
          quantityStep: input.quantityStep,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const productId = product!.id;
      for (const locale of ['de', 'en'] as const) {
        const t = input.translations[locale];
        await tx.insert(productTranslations).values({
          productId,
          locale,
          name: t.name,
          slug: await uniqueSlug(tx, locale, t.name, null),
          shortDescription: t.shortDescription,
          description: t.description,
        });
      }
      await tx.insert(productTaxons).values({ productId, taxonId: mainTaxonId, position: 0 });
      const [variant] = await tx
        .insert(productVariants)
        .values({
          code: input.code,
          productId,
          position: 0,
          enabled: true,
          totalSupply: input.totalSupply,
          onHand: input.totalSupply,
          onHold: 0,
          tracked: true,
        })
        .returning();
      await tx
        .insert(channelPricings)
        .values({ variantId: variant!.id, channelCode: shopChannelCode, price: input.priceCents });
      // as the demo bonds: bank transfer without limit, card up to 10,000 € per order
      const methods = await tx
        .select({ id: paymentMethods.id, code: paymentMethods.code })
        .from(paymentMethods)
        .where(inArray(paymentMethods.code, ['offline', 'card']));
      if (methods.length > 0) {
        await tx.insert(productPaymentConfigurations).values(
          methods.map((m) => ({
            productId,
            paymentMethodId: m.id,
            enabled: true,
            maximumAmountCents: m.code === 'card' ? bondCardLimitCents : null,
          })),
        );
      }
      await writeAttributes(tx, productId, {
        url_more_information: input.moreInformationUrl,
        wkn: input.wkn,
        issuer_seat: input.issuerSeat,
        blockchain: input.blockchainName,
      });
      await audit(tx, opts.operatorId, 'bond_created', { product: input.code });
      return product!;
    });
  } catch (e) {
    // two creations of one code at once: the unique index answers for the loser
    if (!(e instanceof AppError) && isUniqueViolation(e)) throw new AppError('bond_code_taken');
    throw e;
  }
  return toAdminView(opts.db, created);
}

/**
 * PATCH /admin/bonds/{code}: texts, price, supply, taxon, step, attributes, whitelisting. Price and
 * supply are refused once tokens are sold (`bond_tokens_sold`): investors bought at that price.
 * Slugs follow the names while the bond is a draft; a published bond keeps its addresses.
 */
export async function updateBond(opts: {
  db: Database;
  code: string;
  input: UpdateInput;
  operatorId: number;
}): Promise<BondAdminView> {
  const { input } = opts;
  await opts.db.transaction(async (tx) => {
    const bond = await getBondProduct(tx, opts.code, true);
    const [variant] = await tx.select().from(productVariants).where(eq(productVariants.code, bond.code));
    const [pricing] = variant
      ? await tx
          .select()
          .from(channelPricings)
          .where(
            and(eq(channelPricings.variantId, variant.id), eq(channelPricings.channelCode, shopChannelCode)),
          )
      : [];
    const priceChanges = input.priceCents !== undefined && input.priceCents !== (pricing?.price ?? null);
    const supplyChanges = input.totalSupply !== undefined && input.totalSupply !== variant?.totalSupply;
    if ((priceChanges || supplyChanges) && (await tokensSoldOf(tx, bond.id)) > 0) {
      throw new AppError('bond_tokens_sold');
    }
    const columns: Partial<typeof products.$inferInsert> = {};
    if (input.taxon !== undefined) {
      const taxonId = await taxonIdOf(tx, input.taxon);
      if (taxonId !== bond.mainTaxonId) {
        columns.mainTaxonId = taxonId;
        await tx.delete(productTaxons).where(eq(productTaxons.productId, bond.id));
        await tx.insert(productTaxons).values({ productId: bond.id, taxonId, position: 0 });
      }
    }
    if (input.quantityStep !== undefined) columns.quantityStep = input.quantityStep;
    if (input.blockchainName !== undefined) columns.blockchainName = input.blockchainName;
    if (input.tokenId !== undefined) columns.tokenId = input.tokenId;
    if (input.whitelisting !== undefined) columns.whitelisting = input.whitelisting;
    await tx
      .update(products)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(products.id, bond.id));

    for (const locale of ['de', 'en'] as const) {
      const t = input.translations?.[locale];
      if (!t) continue;
      const [current] = await tx
        .select()
        .from(productTranslations)
        .where(and(eq(productTranslations.productId, bond.id), eq(productTranslations.locale, locale)));
      const name = t.name ?? current?.name;
      if (!name) {
        throw new AppError('validation_failed', {
          violations: [{ propertyPath: `translations.${locale}.name`, code: 'required' }],
        });
      }
      const slug =
        current && (bond.enabled || name === current.name)
          ? current.slug
          : await uniqueSlug(tx, locale, name, bond.id);
      const row = {
        name,
        slug,
        shortDescription:
          t.shortDescription !== undefined ? t.shortDescription : (current?.shortDescription ?? null),
        description: t.description !== undefined ? t.description : (current?.description ?? null),
      };
      await tx
        .insert(productTranslations)
        .values({ productId: bond.id, locale, ...row })
        .onConflictDoUpdate({
          target: [productTranslations.productId, productTranslations.locale],
          set: row,
        });
    }

    if (variant && supplyChanges) {
      // stock on hand moves by the same difference (nothing is sold, see above)
      const onHand = Math.max(0, variant.onHand + input.totalSupply! - variant.totalSupply);
      await tx
        .update(productVariants)
        .set({ totalSupply: input.totalSupply!, onHand })
        .where(eq(productVariants.id, variant.id));
    }
    if (variant && priceChanges) {
      await tx
        .insert(channelPricings)
        .values({ variantId: variant.id, channelCode: shopChannelCode, price: input.priceCents! })
        .onConflictDoUpdate({
          target: [channelPricings.variantId, channelPricings.channelCode],
          set: { price: input.priceCents! },
        });
    }
    const attributeValues: Partial<Record<keyof typeof editedAttributes, string | null>> = {};
    if (input.moreInformationUrl !== undefined)
      attributeValues.url_more_information = input.moreInformationUrl;
    if (input.wkn !== undefined) attributeValues.wkn = input.wkn;
    if (input.issuerSeat !== undefined) attributeValues.issuer_seat = input.issuerSeat;
    if (input.blockchainName !== undefined) attributeValues.blockchain = input.blockchainName;
    await writeAttributes(tx, bond.id, attributeValues);
    await audit(tx, opts.operatorId, 'bond_updated', {
      product: bond.code,
      fields: Object.keys(input).sort(),
    });
  });
  return getBondAdmin({ db: opts.db, code: opts.code });
}

/**
 * POST /admin/bonds/{code}/publish: shows the bond in the shop. Refused (`bond_not_publishable`,
 * violations naming each missing part) without saved terms, de and en names, a price above 0 and a
 * current information sheet (WpHG § 64 (2), VermAnlG § 13: the key information comes first).
 */
export async function publishBond(opts: {
  db: Database;
  code: string;
  operatorId: number;
}): Promise<BondAdminView> {
  await opts.db.transaction(async (tx) => {
    const bond = await getBondProduct(tx, opts.code, true);
    const view = await toAdminView(tx, bond);
    if (view.missingForPublication.length > 0) {
      const violations: FieldViolation[] = view.missingForPublication.map((m) => ({
        propertyPath: publicationRequirementPaths[m],
        code: publicationRequirementViolations[m],
      }));
      throw new AppError('bond_not_publishable', { violations });
    }
    if (bond.enabled) return;
    await tx.update(products).set({ enabled: true, updatedAt: new Date() }).where(eq(products.id, bond.id));
    await audit(tx, opts.operatorId, 'bond_published', { product: bond.code });
  });
  return getBondAdmin({ db: opts.db, code: opts.code });
}

/** POST /admin/bonds/{code}/unpublish: hides the bond from the shop; orders and the register stay as they are. */
export async function unpublishBond(opts: {
  db: Database;
  code: string;
  operatorId: number;
}): Promise<BondAdminView> {
  await opts.db.transaction(async (tx) => {
    const bond = await getBondProduct(tx, opts.code, true);
    if (!bond.enabled) return;
    await tx.update(products).set({ enabled: false, updatedAt: new Date() }).where(eq(products.id, bond.id));
    await audit(tx, opts.operatorId, 'bond_unpublished', { product: bond.code });
  });
  return getBondAdmin({ db: opts.db, code: opts.code });
}

/** A stored image to attach to a bond (bytes already in storage under `storageKey`). */
export type StoredImage = {
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
};

/**
 * POST /admin/bonds/{code}/images: records a stored image as the bond's last picture, with WebP
 * renditions sm..xxxl beside it as a creator's upload gets (product cards and pages load a picture by
 * width). An image the decoder cannot read is refused (`file_not_recognized`) and nothing is kept.
 */
export async function addBondImage(opts: {
  db: Database;
  storage: StoragePort;
  code: string;
  image: StoredImage;
  /** The image's bytes (as stored under `image.storageKey`), for its renditions. */
  bytes: Buffer;
  operatorId: number;
}): Promise<BondAdminView> {
  const uuid = randomUUID();
  let renditions: Record<string, Rendition>;
  try {
    renditions = await imageRenditions(opts.storage, { bucket: 'public', uuid }, opts.bytes);
  } catch {
    throw new AppError('file_not_recognized');
  }
  try {
    await recordBondImage(opts, uuid, renditions);
  } catch (e) {
    await removeRenditions(opts.storage, renditions);
    throw e;
  }
  return getBondAdmin({ db: opts.db, code: opts.code });
}

async function recordBondImage(
  opts: { db: Database; code: string; image: StoredImage; operatorId: number },
  uuid: string,
  renditions: Record<string, Rendition>,
): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const bond = await getBondProduct(tx, opts.code, true);
    const [file] = await tx
      .insert(mediaFiles)
      .values({
        uuid,
        renditions,
        fileName: opts.image.fileName,
        originalName: opts.image.fileName,
        mimeType: opts.image.mimeType,
        mediaType: 'image',
        bucket: 'public',
        storageKey: opts.image.storageKey,
        size: opts.image.size,
        sha256: opts.image.sha256,
      })
      .returning();
    const [last] = await tx
      .select({ position: sql<number | null>`max(${productMediaFiles.position})` })
      .from(productMediaFiles)
      .where(eq(productMediaFiles.productId, bond.id));
    const position = last?.position == null ? 0 : Number(last.position) + 1;
    await tx.insert(productMediaFiles).values({ productId: bond.id, mediaFileId: file!.id, position });
    await audit(tx, opts.operatorId, 'bond_image_added', { product: bond.code, image: file!.id });
  });
}

/** DELETE /admin/bonds/{code}/images/{id}: detaches the picture; answers its files to remove (renditions too). */
export async function removeBondImage(opts: {
  db: Database;
  code: string;
  imageId: number;
  operatorId: number;
}): Promise<{ view: BondAdminView; storageKeys: string[] }> {
  const storageKeys = await opts.db.transaction(async (tx) => {
    const bond = await getBondProduct(tx, opts.code, true);
    const [link] = await tx
      .select({ storageKey: mediaFiles.storageKey, renditions: mediaFiles.renditions })
      .from(productMediaFiles)
      .innerJoin(mediaFiles, eq(mediaFiles.id, productMediaFiles.mediaFileId))
      .where(and(eq(productMediaFiles.productId, bond.id), eq(productMediaFiles.mediaFileId, opts.imageId)));
    if (!link) throw notFound();
    await tx
      .delete(productMediaFiles)
      .where(and(eq(productMediaFiles.productId, bond.id), eq(productMediaFiles.mediaFileId, opts.imageId)));
    await tx.delete(mediaFiles).where(eq(mediaFiles.id, opts.imageId));
    await audit(tx, opts.operatorId, 'bond_image_removed', { product: bond.code, image: opts.imageId });
    return [link.storageKey, ...renditionKeys(link.renditions)];
  });
  return { view: await getBondAdmin({ db: opts.db, code: opts.code }), storageKeys };
}

/** A stored PDF to record as a legal document (bytes already in storage under `storageKey`). */
export type StoredPdf = { storageKey: string; name: string; size: number; sha256: string };

/**
 * POST /admin/bonds/{code}/legal-documents: the PDF as the next version of its type and locale. The
 * version it replaces is marked superseded: new investors get only the new one; the old one stays
 * stored and downloadable by its uuid, which the orders that confirmed it name (with its hash).
 */
export async function addLegalDocument(opts: {
  db: Database;
  code: string;
  fields: LegalDocumentFields;
  file: StoredPdf;
  operatorId: number;
}): Promise<BondAdminView> {
  const { fields } = opts;
  await opts.db.transaction(async (tx) => {
    // the bond's row lock numbers concurrent uploads apart
    const bond = await getBondProduct(tx, opts.code, true);
    const sameKind = and(
      eq(legalDocuments.productId, bond.id),
      eq(legalDocuments.type, fields.type),
      fields.locale === null ? isNull(legalDocuments.locale) : eq(legalDocuments.locale, fields.locale),
    );
    const [last] = await tx
      .select({ version: sql<number | null>`max(${legalDocuments.version})` })
      .from(legalDocuments)
      .where(sameKind);
    const version = last?.version == null ? 1 : Number(last.version) + 1;
    const now = new Date();
    const replaced = await tx
      .update(legalDocuments)
      .set({ supersededAt: now })
      .where(and(sameKind, isNull(legalDocuments.supersededAt)))
      .returning({ position: legalDocuments.position });
    const [file] = await tx
      .insert(mediaFiles)
      .values({
        fileName: opts.file.name,
        originalName: opts.file.name,
        mimeType: 'application/pdf',
        mediaType: 'document',
        bucket: 'private',
        storageKey: opts.file.storageKey,
        size: opts.file.size,
        sha256: opts.file.sha256,
      })
      .returning();
    const position = replaced[0]?.position ?? legalDocumentPosition(fields.type);
    const [doc] = await tx
      .insert(legalDocuments)
      .values({
        productId: bond.id,
        type: fields.type,
        locale: fields.locale,
        title: fields.title,
        mediaFileId: file!.id,
        position,
        version,
        createdAt: now,
      })
      .returning({ uuid: legalDocuments.uuid });
    await audit(tx, opts.operatorId, 'bond_legal_document_added', {
      product: bond.code,
      document: doc!.uuid,
      type: fields.type,
      locale: fields.locale,
      version,
      sha256: opts.file.sha256,
    });
  });
  return getBondAdmin({ db: opts.db, code: opts.code });
}

const typeOrder: Record<LegalDocumentType, number> = {
  information_sheet: 0,
  bond_terms: 1,
  prospectus: 2,
  other: 3,
};
const legalDocumentPosition = (type: LegalDocumentType) => typeOrder[type];

/** GET /admin/bonds/{code}: the edit view. */
export async function getBondAdmin(opts: { db: Db; code: string }): Promise<BondAdminView> {
  const bond = await getBondProduct(opts.db, opts.code);
  return toAdminView(opts.db, bond);
}

async function toAdminView(db: Db, bond: ProductRow): Promise<BondAdminView> {
  const [taxon] = bond.mainTaxonId
    ? await db.select({ code: taxons.code }).from(taxons).where(eq(taxons.id, bond.mainTaxonId))
    : [];
  const texts = await db.select().from(productTranslations).where(eq(productTranslations.productId, bond.id));
  const textOf = (locale: Locale) => {
    const t = texts.find((r) => r.locale === locale);
    return t
      ? { name: t.name, slug: t.slug, shortDescription: t.shortDescription, description: t.description }
      : null;
  };
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.code, bond.code));
  const [pricing] = variant
    ? await db
        .select({ price: channelPricings.price })
        .from(channelPricings)
        .where(
          and(eq(channelPricings.variantId, variant.id), eq(channelPricings.channelCode, shopChannelCode)),
        )
    : [];
  const values = await db
    .select({ code: attributes.code, value: productAttributeValues.value })
    .from(productAttributeValues)
    .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(and(eq(productAttributeValues.productId, bond.id), isNull(productAttributeValues.locale)));
  const attribute = (code: string) => values.find((v) => v.code === code)?.value ?? null;
  const images = await db
    .select({
      id: mediaFiles.id,
      fileName: mediaFiles.fileName,
      mimeType: mediaFiles.mimeType,
      size: mediaFiles.size,
      storageKey: mediaFiles.storageKey,
      position: productMediaFiles.position,
    })
    .from(productMediaFiles)
    .innerJoin(mediaFiles, eq(mediaFiles.id, productMediaFiles.mediaFileId))
    .where(eq(productMediaFiles.productId, bond.id))
    .orderBy(asc(productMediaFiles.position), asc(mediaFiles.id));
  const documents = await db
    .select({
      id: legalDocuments.uuid,
      type: legalDocuments.type,
      locale: legalDocuments.locale,
      title: legalDocuments.title,
      version: legalDocuments.version,
      supersededAt: legalDocuments.supersededAt,
      createdAt: legalDocuments.createdAt,
      fileName: mediaFiles.fileName,
      size: mediaFiles.size,
      sha256: mediaFiles.sha256,
      position: legalDocuments.position,
    })
    .from(legalDocuments)
    .innerJoin(mediaFiles, eq(mediaFiles.id, legalDocuments.mediaFileId))
    .where(eq(legalDocuments.productId, bond.id))
    .orderBy(
      asc(legalDocuments.position),
      asc(legalDocuments.type),
      asc(legalDocuments.locale),
      desc(legalDocuments.version),
    );
  const legal = documents.map((d) => ({
    id: d.id,
    type: d.type,
    locale: (d.locale as Locale | null) ?? null,
    title: d.title,
    version: d.version,
    current: d.supersededAt === null,
    supersededAt: d.supersededAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    fileName: d.fileName,
    size: Number(d.size),
    sha256: d.sha256,
    downloadPath: `/api/v2/shop/legal-documents/${d.id}`,
  }));
  const termsVersion = await termsVersionOf(db, bond.id);
  const translations = { de: textOf('de'), en: textOf('en') };
  const priceCents = pricing?.price ?? null;
  return {
    code: bond.code,
    status: statusOf(bond),
    taxon: (bondTaxonCodes as readonly string[]).includes(taxon?.code ?? '')
      ? (taxon!.code as BondTaxonCode)
      : null,
    translations,
    priceCents,
    totalSupply: variant?.totalSupply ?? 0,
    onHand: variant?.onHand ?? 0,
    onHold: variant?.onHold ?? 0,
    sold: await tokensSoldOf(db, bond.id),
    quantityStep: bond.quantityStep,
    blockchainName: bond.blockchainName,
    tokenId: bond.tokenId,
    whitelisting: bond.whitelisting,
    moreInformationUrl: attribute('url_more_information'),
    wkn: attribute('wkn'),
    issuerSeat: attribute('issuer_seat'),
    termsVersion,
    images: images.map((i) => ({
      id: i.id,
      fileName: i.fileName,
      mimeType: i.mimeType,
      size: Number(i.size),
      url: `/media/${i.storageKey}`,
      position: i.position,
    })),
    legalDocuments: legal,
    missingForPublication: missingForPublication({
      hasTerms: termsVersion !== null,
      names: { de: translations.de?.name ?? null, en: translations.en?.name ?? null },
      priceCents,
      legalDocuments: legal,
    }),
    createdAt: bond.createdAt.toISOString(),
    updatedAt: bond.updatedAt.toISOString(),
  };
}

const statusOf = (p: { enabled: boolean }): BondStatus => (p.enabled ? 'published' : 'draft');

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /admin/bonds: every bond, drafts included, newest first; `q` searches codes and names in every
 * language; `status` filters. The name is the reader's language's (else German, else the code).
 */
export async function listBonds(opts: {
  db: Db;
  locale: Locale;
  page: Page;
  q?: string | undefined;
  status?: BondStatus | undefined;
}): Promise<{ items: BondAdminListItemView[]; totalItems: number }> {
  const { page } = opts;
  const pattern = opts.q ? `%${likeLiteral(opts.q)}%` : null;
  const result = (await opts.db.execute(sql`
    select p.id, p.code, p.enabled, p.created_at as "createdAt", p.whitelisting,
      p.professional_only as "professionalOnly", p.investor_limit as "investorLimit",
      coalesce(
        (select t.name from product_translations t where t.product_id = p.id and t.locale = ${opts.locale}),
        (select t.name from product_translations t where t.product_id = p.id and t.locale = 'de'),
        p.code) as name,
      (select max(bt.version) from bond_terms bt where bt.product_id = p.id) as "termsVersion",
      cp.price, coalesce(v.total_supply, 0) as "totalSupply", coalesce(v.on_hand, 0) as "onHand",
      count(*) over () as total
    from products p
    join taxons tx on tx.id = p.main_taxon_id
    left join product_variants v on v.product_id = p.id and v.code = p.code
    left join channel_pricings cp on cp.variant_id = v.id and cp.channel_code = ${shopChannelCode}
    where tx.code in (${sql.join(
      [...bondTaxonCodes, 'bonds'].map((c) => sql`${c}`),
      sql`, `,
    )})
      ${opts.status === undefined ? sql`` : sql`and p.enabled = ${opts.status === 'published'}`}
      ${
        pattern === null
          ? sql``
          : sql`and (p.code ilike ${pattern} or exists (select 1 from product_translations t
              where t.product_id = p.id and t.name ilike ${pattern}))`
      }
    order by p.created_at desc, p.id desc
    limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}`)) as unknown as {
    rows: {
      id: number;
      code: string;
      enabled: boolean;
      whitelisting: boolean;
      professionalOnly: boolean;
      investorLimit: number | null;
      createdAt: Date | string;
      name: string;
      termsVersion: number | string | null;
      price: number | null;
      totalSupply: number | string;
      onHand: number | string;
      total: number | string;
    }[];
  };
  const items: BondAdminListItemView[] = [];
  for (const r of result.rows) {
    items.push({
      code: r.code,
      name: r.name,
      status: statusOf(r),
      termsVersion: r.termsVersion === null ? null : Number(r.termsVersion),
      priceCents: r.price === null ? null : Number(r.price),
      totalSupply: Number(r.totalSupply),
      sold: await tokensSoldOf(opts.db, Number(r.id)),
      onHand: Number(r.onHand),
      whitelisting: r.whitelisting,
      professionalOnly: r.professionalOnly,
      investorLimit: r.investorLimit === null ? null : Number(r.investorLimit),
      createdAt: new Date(r.createdAt).toISOString(),
    });
  }
  const totalItems = result.rows.length > 0 ? Number(result.rows[0]!.total) : 0;
  return { items, totalItems };
}
