import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { addCalendarMonths, isIsoDate } from '../calendar/index.ts';
import type { Sentence } from '../errors/index.ts';

/**
 * Customer documents (spec 3, spec 5 uploads): what a customer may upload, and the limits every
 * upload is held to. The API enforces these; the web shows the same limits before uploading.
 */

/** spec 3: a customer document is a register excerpt or a UBO document. */
export const documentTypes = ['registry_excerpt', 'ubo'] as const;
export type DocumentType = (typeof documentTypes)[number];

/**
 * spec 3 UBO document purposes, in the order spec 5 names them (the `customer_documents.purpose`
 * column takes this list).
 */
export const documentPurposes = [
  'commercial_register_excerpt',
  'shareholder_list',
  'shareholder_agreement',
  'transparency_register_excerpt',
  'proof_of_power_of_attorney',
] as const;
export type DocumentPurpose = (typeof documentPurposes)[number];

/** `customer`: the person's own documents; `company`: a company account's (customer-documents/company). */
export const documentScopes = ['customer', 'company'] as const;
export type DocumentScope = (typeof documentScopes)[number];

/**
 * Which purposes a type may carry: a register excerpt is one of the two registers' extracts; the UBO
 * documents page collects every purpose (spec 5: excerpt, shareholder list and agreement, transparency
 * register excerpt, and the power of attorney when authority is needed).
 */
export const documentPurposesByType: Readonly<Record<DocumentType, readonly DocumentPurpose[]>> = {
  registry_excerpt: ['commercial_register_excerpt', 'transparency_register_excerpt'],
  ubo: documentPurposes,
};

/** A company account's documents are the company's; a personal account's the person's own. */
export function documentScopeOf(accountType: 'personal' | 'company'): DocumentScope {
  return accountType === 'company' ? 'company' : 'customer';
}

/** spec 5/9: PDF only, judged by the file's bytes, never by its name or the browser's claim. */
export const documentMediaTypes = ['application/pdf'] as const;
export type DocumentMediaType = (typeof documentMediaTypes)[number];

export function isAllowedDocumentMediaType(
  mediaType: string | undefined | null,
): mediaType is DocumentMediaType {
  return (documentMediaTypes as readonly string[]).includes(mediaType ?? '');
}

/** spec 9: PDF upload at most 20 MB (decimal megabytes, as spec 5 counts 30 MB as 30,000,000 bytes). */
export const maxDocumentBytes = 20_000_000;

/** spec 5/9: at most three documents per purpose. */
export const maxDocumentsPerPurpose = 3;

/** spec 5/9: documents not older than 3 months. */
export const maxDocumentAgeMonths = 3;

/** The oldest issue date a document uploaded `today` may have (spec 5: not older than 3 months). */
export function oldestDocumentIssueDate(today: string): string {
  return addCalendarMonths(today, -maxDocumentAgeMonths);
}

/**
 * Why a document's date is refused, or null: `date_in_future` after today, `document_too_old`
 * before the day three calendar months ago (that day itself is still accepted).
 */
export function documentDateViolation(
  issuedAt: string,
  today: string,
): 'date_in_future' | 'document_too_old' | null {
  if (issuedAt > today) return 'date_in_future';
  if (isDocumentTooOld(issuedAt, today)) return 'document_too_old';
  return null;
}

/**
 * spec 5: whether a document issued on `issuedAt` is older than 3 months on `today` (both
 * `YYYY-MM-DD`). A date that is no calendar day is never acceptable and counts as too old; a date
 * in the future is not too old (the upload refuses it as `date_in_future`).
 */
export function isDocumentTooOld(issuedAt: string, today: string): boolean {
  if (!isIsoDate(issuedAt) || !isIsoDate(today)) return true;
  // ISO dates of four-digit years compare as strings.
  return issuedAt < oldestDocumentIssueDate(today);
}

/**
 * The text fields of a document upload (multipart `type`, `purpose`, `issuedAt`), judged against
 * `today` (`platformToday()`). The purpose must belong to the type.
 */
export function documentUploadFieldsSchema(today: string) {
  return z
    .strictObject({
      type: z.enum(documentTypes),
      purpose: z.enum(documentPurposes),
      issuedAt: z
        .string()
        .trim()
        .min(1)
        .refine((value) => value === '' || isIsoDate(value), violation('invalid_value'))
        .superRefine((value, ctx) => {
          if (!isIsoDate(value)) return;
          const problem = documentDateViolation(value, today);
          if (problem) ctx.addIssue({ ...violation(problem), input: value });
        }),
    })
    .superRefine((fields, ctx) => {
      // Runs only on well-typed fields, but stays safe should zod ever call it with a refused type.
      const allowed = documentPurposesByType[fields.type] as readonly DocumentPurpose[] | undefined;
      if (allowed && !allowed.includes(fields.purpose)) {
        ctx.addIssue({ ...violation('invalid_value'), path: ['purpose'], input: fields.purpose });
      }
    });
}
export type DocumentUploadFields = z.infer<ReturnType<typeof documentUploadFieldsSchema>>;

/** The names of the upload's text fields, for a parser that meets them before the file. */
export const documentUploadFieldNames = ['type', 'purpose', 'issuedAt'] as const;

/** spec 3 purpose names in both languages (upload lists, the operator's review). */
export const documentPurposeLabels: Readonly<Record<DocumentPurpose, Sentence>> = {
  commercial_register_excerpt: { de: 'Handelsregisterauszug', en: 'Commercial register extract' },
  shareholder_agreement: { de: 'Gesellschaftsvertrag', en: 'Shareholder agreement' },
  shareholder_list: { de: 'Gesellschafterliste', en: 'List of shareholders' },
  transparency_register_excerpt: { de: 'Transparenzregisterauszug', en: 'Transparency register extract' },
  proof_of_power_of_attorney: { de: 'Vollmachtsnachweis', en: 'Proof of authorisation' },
};

export const documentTypeLabels: Readonly<Record<DocumentType, Sentence>> = {
  registry_excerpt: { de: 'Registerauszug', en: 'Register extract' },
  ubo: { de: 'Unterlagen zu wirtschaftlich Berechtigten', en: 'Beneficial owner documents' },
};

/**
 * The name an uploaded file is shown and downloaded under: the last path segment of what the
 * browser sent, without control and quoting characters, at most 200 characters, ending in `.pdf`.
 * Never used as a storage key.
 */
export function documentFileName(sent: string | null | undefined, fallback = 'document'): string {
  const lastSegment = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"<>|*?:]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const base =
    cleaned
      .replace(/\.pdf$/i, '')
      .slice(0, 196)
      .trim() || fallback;
  return `${base}.pdf`;
}
