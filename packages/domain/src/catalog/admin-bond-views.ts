import { z } from 'zod';

/*
 * The operator's bond administration (issue 17, /api/v2/admin/bonds): inputs and views (convention 6).
 * The API's route schemas and the web's types and forms derive from these. Money in cents.
 */

const isoDateTime = z.string().describe('ISO 8601');

/** The sub-taxons of `bonds` a bond is filed under (docs/demo-data.md "Taxon tree"). */
export const bondTaxonCodes = ['bonds_energy', 'bonds_real_estate', 'bonds_sme'] as const;
export type BondTaxonCode = (typeof bondTaxonCodes)[number];

/** A bond is a draft until published (products.enabled); unpublishing makes it a draft again. */
export const bondStatuses = ['draft', 'published'] as const;
export type BondStatus = (typeof bondStatuses)[number];

export const legalDocumentTypes = ['information_sheet', 'bond_terms', 'prospectus', 'other'] as const;
export type LegalDocumentType = (typeof legalDocumentTypes)[number];

/** A bond's code: also its variant's code and part of its URLs. */
export const bondCodePattern = /^[A-Z0-9_]{3,60}$/;

/** Card payments for bonds are limited to 10,000 € per order (docs/demo-data.md); bank transfer has no limit. */
export const bondCardLimitCents = 1_000_000;

/** Images of a bond: JPEG, PNG or WebP (judged by their bytes), at most 10 MB each. */
export const bondImageMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const maxBondImageBytes = 10_000_000;
/** Legal documents: PDF, at most 20 MB. */
export const maxLegalDocumentBytes = 20_000_000;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const bondTranslationInputSchema = z.strictObject({
  name: text(200).min(1),
  shortDescription: optionalText(1000),
  description: optionalText(20_000),
});
export type BondTranslationInput = z.input<typeof bondTranslationInputSchema>;

const bondFields = {
  taxon: z.enum(bondTaxonCodes),
  translations: z.strictObject({ de: bondTranslationInputSchema, en: bondTranslationInputSchema }),
  /** Price per token on the shop channel in cents; publishing needs it above 0. */
  priceCents: z.number().int().min(0).max(1_000_000_000),
  totalSupply: z.number().int().min(1).max(1_000_000_000),
  /** spec 5/9: orders in multiples of this many tokens (decision 011; the demo bonds: 1,000). */
  quantityStep: z.number().int().min(1).max(1_000_000),
  blockchainName: text(60).min(1),
  tokenId: optionalText(100),
  whitelisting: z.boolean(),
  /** Attribute `url_more_information`. */
  moreInformationUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)])
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Attribute `wkn`. */
  wkn: optionalText(20),
  /** Attribute `issuer_seat` (eWpG § 17 (1) Nr. 4: the register names the issuer's seat). */
  issuerSeat: optionalText(100),
};

/** POST /admin/bonds: a new bond, created as a draft. */
export const bondCreateInputSchema = z.strictObject({
  code: z.string().trim().regex(bondCodePattern),
  ...bondFields,
});
export type BondCreateInput = z.input<typeof bondCreateInputSchema>;

/** PATCH /admin/bonds/{code}: the fields to change (texts per language and field). */
export const bondUpdateInputSchema = z
  .strictObject({
    ...bondFields,
    translations: z.strictObject({
      de: bondTranslationInputSchema.partial().optional(),
      en: bondTranslationInputSchema.partial().optional(),
    }),
  })
  .partial();
export type BondUpdateInput = z.input<typeof bondUpdateInputSchema>;

/** What publishing needs (WpHG § 64 / VermAnlG § 13: the investor gets the key information first). */
export const publicationRequirements = ['terms', 'name_de', 'name_en', 'price', 'information_sheet'] as const;
export type PublicationRequirement = (typeof publicationRequirements)[number];

/** The field a missing requirement is reported on (the refusal's violations). */
export const publicationRequirementPaths: Record<PublicationRequirement, string> = {
  terms: 'terms',
  name_de: 'translations.de.name',
  name_en: 'translations.en.name',
  price: 'priceCents',
  information_sheet: 'legalDocuments.information_sheet',
};

/** The violation code a missing requirement is reported with. */
export const publicationRequirementViolations = {
  terms: 'publication_terms_missing',
  name_de: 'publication_name_missing',
  name_en: 'publication_name_missing',
  price: 'publication_price_missing',
  information_sheet: 'publication_information_sheet_missing',
} as const satisfies Record<PublicationRequirement, string>;

/** What is still missing before a bond may be published (empty: it may). */
export function missingForPublication(b: {
  hasTerms: boolean;
  names: { de: string | null; en: string | null };
  priceCents: number | null;
  legalDocuments: readonly { type: LegalDocumentType; current: boolean }[];
}): PublicationRequirement[] {
  const missing: PublicationRequirement[] = [];
  if (!b.hasTerms) missing.push('terms');
  if (!b.names.de?.trim()) missing.push('name_de');
  if (!b.names.en?.trim()) missing.push('name_en');
  if (!b.priceCents || b.priceCents <= 0) missing.push('price');
  if (!b.legalDocuments.some((d) => d.type === 'information_sheet' && d.current)) {
    missing.push('information_sheet');
  }
  return missing;
}

/** Text fields of a legal document upload (multipart beside the PDF in field `file`). */
export const legalDocumentUploadFieldsSchema = z.strictObject({
  type: z.enum(legalDocumentTypes),
  /** Empty: the document holds for every language. */
  locale: z
    .union([z.enum(['de', 'en']), z.literal('')])
    .optional()
    .transform((v) => (v ? v : null)),
  title: text(200).min(1),
});
export type LegalDocumentUploadFields = z.input<typeof legalDocumentUploadFieldsSchema>;

/** One row of GET /admin/bonds. */
export const bondAdminListItemViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(bondStatuses),
  /** The version of the terms in force, null before the first save. */
  termsVersion: z.number().int().nullable(),
  priceCents: z.number().int().nullable(),
  totalSupply: z.number().int(),
  /** Tokens sold (completed orders not cancelled or refunded, or minted, whichever is more). */
  sold: z.number().int(),
  onHand: z.number().int(),
  /** Who may buy (the register list's access badges). */
  whitelisting: z.boolean(),
  professionalOnly: z.boolean(),
  investorLimit: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type BondAdminListItemView = z.infer<typeof bondAdminListItemViewSchema>;

export const bondImageViewSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Public media path (`/media/public/...`). */
  url: z.string(),
  position: z.number().int(),
});
export type BondImageView = z.infer<typeof bondImageViewSchema>;

export const bondLegalDocumentViewSchema = z.object({
  /** The document's uuid: what the shop links and an order's confirmation names. */
  id: z.string(),
  type: z.enum(legalDocumentTypes),
  locale: z.enum(['de', 'en']).nullable(),
  title: z.string(),
  version: z.number().int(),
  /** false once a newer version replaced it (kept for the orders that confirmed it). */
  current: z.boolean(),
  supersededAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** The shop's download path (works for every version while the bond is published). */
  downloadPath: z.string(),
});
export type BondLegalDocumentView = z.infer<typeof bondLegalDocumentViewSchema>;

const translationViewSchema = z.object({
  name: z.string(),
  slug: z.string(),
  shortDescription: z.string().nullable(),
  description: z.string().nullable(),
});

/** GET /admin/bonds/{code}: the edit view. */
export const bondAdminViewSchema = z.object({
  code: z.string(),
  status: z.enum(bondStatuses),
  taxon: z.enum(bondTaxonCodes).nullable(),
  translations: z.object({ de: translationViewSchema.nullable(), en: translationViewSchema.nullable() }),
  priceCents: z.number().int().nullable(),
  totalSupply: z.number().int(),
  onHand: z.number().int(),
  onHold: z.number().int(),
  sold: z.number().int(),
  quantityStep: z.number().int(),
  blockchainName: z.string().nullable(),
  tokenId: z.string().nullable(),
  whitelisting: z.boolean(),
  moreInformationUrl: z.string().nullable(),
  wkn: z.string().nullable(),
  issuerSeat: z.string().nullable(),
  termsVersion: z.number().int().nullable(),
  images: z.array(bondImageViewSchema),
  /** Every version, current ones first by type. */
  legalDocuments: z.array(bondLegalDocumentViewSchema),
  /** What publishing still needs (`missingForPublication`). */
  missingForPublication: z.array(z.enum(publicationRequirements)),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type BondAdminView = z.infer<typeof bondAdminViewSchema>;

/** GET /admin/bonds query: paging and a search in code and names. */
export const bondAdminListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(bondStatuses).optional(),
});
