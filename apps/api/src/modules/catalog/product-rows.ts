import {
  availableQuantity,
  filterMetadata,
  isInStock,
  mediaTypeOf,
  securitiesTaxCategory,
  translatedField,
} from '@token/domain/catalog';
import type {
  AttributeView,
  CreatorView,
  LegalDocumentView,
  MainTaxonView,
  MediaFileView,
  ProductTranslationView,
  ProductVariantView,
  ProductView,
} from '@token/domain/catalog-views';
import type { Locale } from '@token/domain/i18n';
import { type SQL, sql } from 'drizzle-orm';

/*
 * One product is read as one JSON document built by PostgreSQL from correlated subqueries, so a
 * page of products is one statement whatever its size (no N+1). PostgreSQL only gathers; the
 * language fallback and the stock rules run here, with the same domain functions the web app uses.
 */

type TranslationMap<T> = Partial<Record<Locale, T>> | null;

/** A legal document as the services give it: the API adds its download `path` (an IRI). */
export type LegalDocumentData = Omit<LegalDocumentView, 'path'>;

/**
 * A product as the catalogue services return it (convention 2): the shop's product view with its
 * relations as codes (`mainTaxon.parent`, `taxons`, `variants`) and legal documents without a
 * download path. `http/serializers/catalog.ts` turns them into IRIs for the REST answer.
 */
export type ProductData = Omit<ProductView, 'legalDocuments'> & { legalDocuments: LegalDocumentData[] };

export type MediaRow = {
  id: number;
  uuid: string;
  fileName: string;
  mimeType: string;
  bucket: 'public' | 'private';
  storageKey: string;
  type?: string | null;
  /** WebP renditions of an image by size (media_files.renditions), when it has them. */
  renditions?: Record<string, { width: number; height: number; storageKey: string }> | null;
};

type VariantRow = {
  id: number;
  code: string;
  totalSupply: number;
  onHand: number;
  onHold: number;
  tracked: boolean;
  translations: TranslationMap<{ name: string }>;
  channelPricings: Record<
    string,
    { channelCode: string; price: number; originalPrice: number | null; buyBackPrice: number | null }
  > | null;
};

type TaxonRow = {
  code: string;
  translations: TranslationMap<{ name: string; slug: string; description: string | null }>;
};

export type ProductRow = {
  id: number;
  code: string;
  allowToBuy: boolean;
  royalties: number;
  blockchainName: string | null;
  tokenId: string | null;
  whitelisting: boolean;
  professionalOnly: boolean;
  investorLimit: number | null;
  minimumSubscription: number | null;
  maximumOrderNonProfessional: number | null;
  quantityStep: number;
  createdAt: string;
  translations: TranslationMap<ProductTranslationView>;
  metadata: { key: string; value: string }[] | null;
  /** A creator's trait rows (`creator_products.traits`); null for catalogue products. */
  traits: { type: string; value: string }[] | null;
  taxons: string[] | null;
  /** The main taxon and its ancestors, root first. */
  mainTaxonPath: TaxonRow[] | null;
  attributes:
    | {
        code: string;
        type: AttributeView['type'];
        names: TranslationMap<{ name: string }>;
        values: { locale: Locale | null; value: string }[];
      }[]
    | null;
  creator: {
    uuid: string;
    displayName: string | null;
    profileName: string | null;
    mediaFiles: MediaRow[] | null;
  } | null;
  mediaFiles: MediaRow[] | null;
  legalDocuments:
    | { uuid: string; type: LegalDocumentView['type']; title: string; locale: Locale | null }[]
    | null;
  defaultVariant: VariantRow | null;
  variants: string[] | null;
  taxCategory: { code: string; rateBasisPoints: number } | null;
};

/**
 * THE condition of a product `p` the shop shows (lists, details, variants, search): enabled, and a
 * creator's product only once an operator approved it (issue 18; catalogue products have no
 * `creator_products` row). `order-offer.ts` applies the same rule to what can be ordered.
 */
export const shownInShop = sql`(p.enabled and not exists (
  select 1 from creator_products cr where cr.product_id = p.id and cr.review_state <> 'approved'))`;

/**
 * SQL of the domain's `isSecurity` for the product with id `productId`: a bond (tax category
 * `bonds`) or a product without a tax category; a collectible (19 % VAT) is not. The depot holds
 * securities only; collectibles bought are in the customer's collection (my-items).
 */
export function isSecurityProduct(productId: SQL): SQL {
  return sql`not exists (select 1 from products sp join tax_categories tc on tc.id = sp.tax_category_id
    where sp.id = ${productId} and tc.code <> ${securitiesTaxCategory})`;
}

/**
 * The public JSON document of the creator (customer) `c`: the public name and public media. A
 * creator's legal name stays private (the profile page promises it): only the display name they chose.
 */
export const creatorJson = sql`json_build_object('uuid', c.uuid, 'displayName', c.display_name,
  'profileName', c.profile_name, 'mediaFiles', (
    select json_agg(json_build_object('id', f.id, 'uuid', f.uuid, 'fileName', f.file_name,
        'mimeType', f.mime_type, 'bucket', f.bucket, 'storageKey', f.storage_key, 'type', cm.type,
        'renditions', f.renditions)
      order by cm.position, f.id)
    from customer_media_files cm join media_files f on f.id = cm.media_file_id
    where cm.customer_id = c.id and f.bucket = 'public'))`;

/** The JSON document of the product `p`, whose default variant id is `dvId`. */
export function productJson(dvId: SQL): SQL {
  return sql`json_build_object(
    'id', p.id, 'code', p.code, 'allowToBuy', p.allow_to_buy, 'royalties', p.royalties,
    'blockchainName', p.blockchain_name, 'tokenId', p.token_id, 'whitelisting', p.whitelisting,
    'professionalOnly', p.professional_only, 'investorLimit', p.investor_limit,
    'minimumSubscription', p.minimum_subscription_cents,
    'maximumOrderNonProfessional', p.maximum_order_cents_non_professional,
    'quantityStep', p.quantity_step,
    'createdAt', p.created_at,
    'translations', (
      select json_object_agg(t.locale, json_build_object('locale', t.locale, 'name', t.name, 'slug', t.slug,
        'description', t.description, 'shortDescription', t.short_description))
      from product_translations t where t.product_id = p.id),
    'metadata', (
      select json_agg(json_build_object('key', m.key, 'value', m.value) order by m.position, m.id)
      from product_metadata m where m.product_id = p.id),
    'traits', (select cr.traits from creator_products cr where cr.product_id = p.id),
    'taxons', (
      select json_agg(tx.code order by pt.position, tx.id)
      from product_taxons pt join taxons tx on tx.id = pt.taxon_id
      where pt.product_id = p.id and tx.enabled),
    'mainTaxonPath', (
      select json_agg(json_build_object('code', a.code, 'translations', (
          select json_object_agg(tt.locale, json_build_object('name', tt.name, 'slug', tt.slug,
            'description', tt.description))
          from taxon_translations tt where tt.taxon_id = a.id)) order by up.depth desc)
      from (
        with recursive up(id, parent_id, depth) as (
          select mt.id, mt.parent_id, 0 from taxons mt where mt.id = p.main_taxon_id
          union all
          select tp.id, tp.parent_id, up.depth + 1 from taxons tp join up on tp.id = up.parent_id
          where up.depth < 32
        ) select id, depth from up
      ) up join taxons a on a.id = up.id),
    'attributes', (
      select json_agg(json_build_object('code', at.code, 'type', at.type, 'names', (
          select json_object_agg(atr.locale, json_build_object('name', atr.name))
          from attribute_translations atr where atr.attribute_id = at.id),
        'values', av.vals) order by at.position, at.id)
      from (
        select v.attribute_id, json_agg(json_build_object('locale', v.locale, 'value', v.value)) vals
        from product_attribute_values v where v.product_id = p.id group by v.attribute_id
      ) av join attributes at on at.id = av.attribute_id),
    'creator', (select ${creatorJson} from customers c where c.id = p.creator_id),
    'mediaFiles', (
      select json_agg(json_build_object('id', f.id, 'uuid', f.uuid, 'fileName', f.file_name,
          'mimeType', f.mime_type, 'bucket', f.bucket, 'storageKey', f.storage_key,
          'renditions', f.renditions) order by pm.position, f.id)
      from product_media_files pm join media_files f on f.id = pm.media_file_id
      where pm.product_id = p.id),
    'legalDocuments', (
      select json_agg(json_build_object('uuid', d.uuid, 'type', d.type, 'title', d.title, 'locale', d.locale)
        order by d.position, d.id)
      from legal_documents d where d.product_id = p.id and d.superseded_at is null),
    'defaultVariant', (
      select json_build_object('id', v.id, 'code', v.code, 'totalSupply', v.total_supply,
        'onHand', v.on_hand, 'onHold', v.on_hold, 'tracked', v.tracked,
        'translations', (
          select json_object_agg(vt.locale, json_build_object('name', vt.name))
          from product_variant_translations vt where vt.variant_id = v.id),
        'channelPricings', (
          select json_object_agg(cp.channel_code, json_build_object('channelCode', cp.channel_code,
            'price', cp.price, 'originalPrice', cp.original_price, 'buyBackPrice', cp.buy_back_price))
          from channel_pricings cp where cp.variant_id = v.id))
      from product_variants v where v.id = ${dvId}),
    'variants', (
      select json_agg(v.code order by v.position, v.id)
      from product_variants v where v.product_id = p.id and v.enabled),
    'taxCategory', (
      select json_build_object('code', tc.code, 'rateBasisPoints', tc.rate_basis_points)
      from tax_categories tc where tc.id = p.tax_category_id)
  )`;
}

/** The default variant of product `p`: its enabled variant with the lowest position. */
export const defaultVariantLateral = sql`lateral (
  select v.id, v.tracked, v.on_hand from product_variants v
  where v.product_id = p.id and v.enabled order by v.position, v.id limit 1
) dv`;

/**
 * A product read from its listing `l` (the catalogue's read model, product-listings.ts): the stored
 * document and its default variant's stock figures, read fresh from the variant (`lv`), since
 * reserved stock changes with every order and the document is not rebuilt for it.
 */
export type ListingRow = {
  data: ProductRow;
  onHand: number | null;
  onHold: number | null;
  tracked: boolean | null;
};

/** The columns of a `ListingRow`, for a statement that joins `listingStock`. */
export const listingFields = sql`l.document as data, lv.on_hand as "onHand", lv.on_hold as "onHold",
  lv.tracked as "tracked"`;

/** The default variant of the listing `l`, for its fresh stock figures. */
export const listingStock = sql`left join product_variants lv on lv.id = l.default_variant_id`;

/** The product data of a listing, with its fresh stock figures. */
export function listedProductData(row: ListingRow, locale: Locale): ProductData {
  const variant = row.data.defaultVariant;
  if (variant && row.onHand !== null && row.onHold !== null && row.tracked !== null) {
    variant.onHand = row.onHand;
    variant.onHold = row.onHold;
    variant.tracked = row.tracked;
  }
  return toProductData(row.data, locale);
}

const plainStorageKey = /^[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/;

/** Public path of a stored file: the media proxy serves the public bucket by storage key. */
export function mediaPath(file: Pick<MediaRow, 'bucket' | 'storageKey'>): string | null {
  if (file.bucket !== 'public') return null;
  // Storage keys are mostly plain (uuids, sizes): those need no encoding (a list page builds hundreds).
  if (plainStorageKey.test(file.storageKey)) return `/media/${file.storageKey}`;
  return `/media/${file.storageKey.split('/').map(encodeURIComponent).join('/')}`;
}

/** A public image's renditions as the view gives them: size, width, height and media path. */
function renditionViews(renditions: NonNullable<MediaRow['renditions']>) {
  return Object.fromEntries(
    Object.entries(renditions).map(([size, r]) => [
      size,
      {
        width: r.width,
        height: r.height,
        path: mediaPath({ bucket: 'public', storageKey: r.storageKey }) ?? '',
      },
    ]),
  );
}

export function toMediaFileView(f: MediaRow): MediaFileView {
  return {
    id: f.id,
    uuid: f.uuid,
    fileName: f.fileName,
    mediaType: mediaTypeOf(f.fileName),
    mimeType: f.mimeType,
    bucket: f.bucket,
    path: mediaPath(f),
    ...(f.type !== undefined ? { type: f.type } : {}),
    ...(f.bucket === 'public' && f.renditions ? { renditions: renditionViews(f.renditions) } : {}),
  };
}

/** A variant's name: its own translation, else the product's name, else its code. */
export function toVariantView(
  v: VariantRow,
  locale: Locale,
  productTranslations: TranslationMap<{ name: string }>,
): ProductVariantView {
  const figures = { tracked: v.tracked, onHand: v.onHand, onHold: v.onHold };
  return {
    id: v.id,
    code: v.code,
    name:
      translatedField(v.translations ?? {}, locale, 'name') ??
      translatedField(productTranslations ?? {}, locale, 'name') ??
      v.code,
    totalSupply: v.totalSupply,
    onHand: v.onHand,
    onHold: v.onHold,
    availableQuantity: availableQuantity(figures),
    inStock: isInStock(figures),
    tracked: v.tracked,
    channelPricings: v.channelPricings ?? {},
  };
}

function toMainTaxonView(path: TaxonRow[] | null, locale: Locale): MainTaxonView | null {
  if (!path || path.length === 0) return null;
  const names = path.map((t) => translatedField(t.translations ?? {}, locale, 'name') ?? t.code);
  const own = path[path.length - 1]!;
  const parent = path.length > 1 ? path[path.length - 2]! : null;
  return {
    code: own.code,
    name: names[names.length - 1]!,
    slug: translatedField(own.translations ?? {}, locale, 'slug'),
    description: translatedField(own.translations ?? {}, locale, 'description'),
    fullname: names.join(' / '),
    parent: parent ? parent.code : null,
  };
}

function toAttributeViews(rows: ProductRow['attributes'], locale: Locale): AttributeView[] {
  if (!rows) return [];
  const out: AttributeView[] = [];
  for (const a of rows) {
    // A value in the wanted language wins, then the language-neutral one, then German.
    const value =
      a.values.find((v) => v.locale === locale) ??
      a.values.find((v) => v.locale === null) ??
      a.values.find((v) => v.locale === 'de');
    if (!value) continue;
    out.push({
      code: a.code,
      name: translatedField(a.names ?? {}, locale, 'name') ?? a.code,
      stringValue: value.value,
      type: a.type,
    });
  }
  return out;
}

/** Documents for every language, in the wanted language, or in German when none exists in it. */
function toLegalDocuments(rows: ProductRow['legalDocuments'], locale: Locale): LegalDocumentData[] {
  if (!rows) return [];
  const typesInLocale = new Set(rows.filter((d) => d.locale === locale).map((d) => d.type));
  return rows
    .filter(
      (d) => d.locale === null || d.locale === locale || (d.locale === 'de' && !typesInLocale.has(d.type)),
    )
    .map((d) => ({ id: d.uuid, type: d.type, title: d.title, locale: d.locale }));
}

export function toCreatorView(c: ProductRow['creator']): CreatorView | null {
  if (!c) return null;
  const mediaFiles = (c.mediaFiles ?? []).map(toMediaFileView);
  const avatar = mediaFiles.find((f) => f.type === 'avatar' && f.path !== null);
  return {
    id: c.uuid,
    uuid: c.uuid,
    // spec 3 names them; a creator's legal names are never public (only the chosen display name).
    firstName: null,
    lastName: null,
    displayName: c.displayName?.trim() || null,
    fullName: c.displayName?.trim() || (c.profileName ?? ''),
    profileName: c.profileName,
    profileImage: avatar?.path ?? null,
    mediaFiles,
  };
}

/** Shapes the gathered row into the shop's product data in `locale` (German fallback per field). */
export function toProductData(r: ProductRow, locale: Locale): ProductData {
  const translations = r.translations ?? {};
  return {
    id: r.id,
    code: r.code,
    name: translatedField(translations, locale, 'name') ?? r.code,
    slug: translatedField(translations, locale, 'slug') ?? r.code.toLowerCase(),
    description: translatedField(translations, locale, 'description'),
    shortDescription: translatedField(translations, locale, 'shortDescription'),
    translations,
    allowToBuy: r.allowToBuy,
    royalties: r.royalties,
    blockchainName: r.blockchainName,
    tokenId: r.tokenId,
    whitelisting: r.whitelisting,
    metadata: filterMetadata(r.metadata ?? []),
    traits: (r.traits ?? []).map(({ type, value }) => ({ type, value })),
    mainTaxon: toMainTaxonView(r.mainTaxonPath, locale),
    taxons: r.taxons ?? [],
    attributes: toAttributeViews(r.attributes, locale),
    creator: toCreatorView(r.creator),
    mediaFiles: (r.mediaFiles ?? []).map(toMediaFileView),
    legalDocuments: toLegalDocuments(r.legalDocuments, locale),
    defaultVariant: r.defaultVariant ? toVariantView(r.defaultVariant, locale, translations) : null,
    variants: r.variants ?? [],
    investorRestrictions: {
      professionalOnly: r.professionalOnly,
      investorLimit: r.investorLimit,
      minimumSubscription: r.minimumSubscription,
      maximumOrderNonProfessional: r.maximumOrderNonProfessional,
      quantityStep: r.quantityStep,
    },
    taxCategory: r.taxCategory,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}
