import { errorMessage, violationCodeOf, violationMessage, violationParamsOf } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import {
  type ContentMediaFileView,
  type CreatorProductCreateInput,
  type CreatorProductView,
  creatorProductCreateInputSchema,
  creatorProductUpdateInputSchema,
} from '@token/domain/marketplace';
import { eurosToCents } from '@token/domain/money';

/**
 * The item form (spec 3/5) as the creator fills it in: prices in euro as typed, numbers as text,
 * rows as entered. `toProductInput` turns it into the API's body, which the API's own schema then
 * judges (convention 9): the same rules, worded in the creator's language.
 */
export type ProductForm = {
  mainTaxon: string;
  subCategory: string;
  itemType: 'single' | 'multiple';
  copies: string;
  royalties: string;
  /** The buy-now price in euro as typed (`12,50`); the API keeps one price, in cents. */
  price: string;
  tags: string;
  translations: Record<Locale, { name: string; description: string }>;
  /** The item's files in order (spec 3 `mediaFiles`); the first is the cover. */
  mediaFiles: ContentMediaFileView[];
  collaboration: boolean;
  copyrightTransfer: boolean;
  unlockOnPurchase: boolean;
  traits: { type: string; value: string }[];
  metadata: { key: string; value: string }[];
  termsAccepted: boolean;
  noCopyrightInfringement: boolean;
};

export const emptyProductForm: ProductForm = {
  mainTaxon: '',
  subCategory: '',
  itemType: 'single',
  copies: '1',
  royalties: '10',
  price: '',
  tags: '',
  translations: { de: { name: '', description: '' }, en: { name: '', description: '' } },
  mediaFiles: [],
  collaboration: false,
  copyrightTransfer: false,
  unlockOnPurchase: false,
  traits: [],
  metadata: [],
  termsAccepted: false,
  noCopyrightInfringement: false,
};

/**
 * A typed whole number; nothing typed is missing (the schema says 'required'), anything else not a
 * number (the schema says it is not one).
 */
function wholeNumber(text: string): number {
  if (text.trim() === '') return undefined as unknown as number;
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The API's body of the form (POST products, PUT products/{code}). */
export function toProductInput(form: ProductForm): CreatorProductCreateInput {
  const cents = eurosToCents(form.price);
  const tags = form.tags
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return {
    mediaFiles: form.mediaFiles.map((f) => f['@id']),
    translations: {
      de: { ...form.translations.de, locale: 'de' },
      en: { ...form.translations.en, locale: 'en' },
    },
    royalties: wholeNumber(form.royalties),
    // spec 5: metadata rows with empty keys are dropped (the schema drops them too)
    metadata: form.metadata.filter((r) => r.key.trim() !== ''),
    // a row left wholly empty is no trait; one half filled is, and needs both (spec 5)
    traits: form.traits.filter((r) => r.type.trim() !== '' || r.value.trim() !== ''),
    whitelisting: false,
    ...(form.mainTaxon ? { mainTaxon: form.mainTaxon } : {}),
    ...(form.subCategory ? { subCategory: form.subCategory } : {}),
    itemType: form.itemType,
    copies: form.itemType === 'single' ? 1 : wholeNumber(form.copies),
    price: cents ?? (form.price.trim() === '' ? (undefined as unknown as number) : Number.NaN),
    currency: 'EUR',
    tags,
    collaboration: form.collaboration,
    copyrightTransfer: form.copyrightTransfer,
    unlockOnPurchase: form.unlockOnPurchase,
    termsAccepted: form.termsAccepted as true,
    noCopyrightInfringement: form.noCopyrightInfringement as true,
  };
}

/** Field errors by the body's paths (`translations.de.name`, `traits.0.value`, `price`). */
export type FormErrors = Record<string, string>;

/**
 * Judges the form with the API's own schema (create, or update when editing) and words each
 * violation as the API would. Returns the body when it is valid.
 */
export function validateProductForm(
  form: ProductForm,
  locale: Locale,
  mode: 'create' | 'edit',
): { input: CreatorProductCreateInput; errors: null } | { input: null; errors: FormErrors } {
  const input = toProductInput(form);
  const schema = mode === 'create' ? creatorProductCreateInputSchema : creatorProductUpdateInputSchema;
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { input, errors: null };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (errors[path]) continue;
    errors[path] = violationMessage(violationCodeOf(issue), locale, violationParamsOf(issue));
  }
  // no file at all: the catalogue's 'No file was uploaded', not the list's minimum length
  if (errors.mediaFiles && form.mediaFiles.length === 0)
    errors.mediaFiles = errorMessage('no_file_uploaded', locale);
  return { input: null, errors };
}

/** The form of a product the creator edits. */
export function formOfProduct(p: CreatorProductView): ProductForm {
  const cents = p.price;
  return {
    mainTaxon: p.mainTaxon ?? '',
    subCategory: p.subCategory ?? '',
    itemType: p.itemType,
    copies: String(p.copies),
    royalties: String(p.royalties),
    price: `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`,
    tags: p.tags.join(', '),
    translations: {
      de: { name: p.translations.de?.name ?? '', description: p.translations.de?.description ?? '' },
      en: { name: p.translations.en?.name ?? '', description: p.translations.en?.description ?? '' },
    },
    mediaFiles: p.mediaFiles,
    collaboration: p.collaboration,
    copyrightTransfer: p.copyrightTransfer,
    unlockOnPurchase: p.unlockOnPurchase,
    traits: p.traits,
    metadata: p.metadata,
    termsAccepted: true,
    noCopyrightInfringement: true,
  };
}

// ---------------------------------------------------------------------------------------------
// The draft of the preparation process, kept across reloads in sessionStorage (like the order
// process keeps its token) and cleared when the process is left or finished.
// ---------------------------------------------------------------------------------------------

export const draftStorageKey = 'preparation-process-draft';

export function loadDraft(): ProductForm | null {
  try {
    const raw = sessionStorage.getItem(draftStorageKey);
    if (!raw) return null;
    const { mediaFile, ...parsed } = JSON.parse(raw) as Partial<ProductForm> & {
      mediaFile?: ContentMediaFileView | null;
    };
    return {
      ...emptyProductForm,
      ...parsed,
      // A draft kept before items had several files carries one `mediaFile`.
      mediaFiles: parsed.mediaFiles ?? (mediaFile ? [mediaFile] : []),
      translations: { ...emptyProductForm.translations, ...parsed.translations },
    };
  } catch {
    return null;
  }
}

export function saveDraft(form: ProductForm): void {
  try {
    sessionStorage.setItem(draftStorageKey, JSON.stringify(form));
  } catch {
    // storage can be blocked: the draft then lives as long as the page
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(draftStorageKey);
  } catch {
    // nothing kept
  }
}
