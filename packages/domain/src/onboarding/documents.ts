/**
 * The documents of a company account (spec 3 UBO documents, spec 5 "Documents complete" and
 * "Documents must not be older than 3 months"). Dates are calendar days (`YYYY-MM-DD`) in the
 * platform's time zone, Europe/Berlin; the age rule itself is the documents topic's.
 */
import { type DocumentPurpose, documentPurposes, isDocumentTooOld } from '../documents/documents.ts';

/** A document as the completeness rule reads it: its purpose, its date and the day it was uploaded. */
export type DocumentFacts = { purpose: string; issuedAt: string; uploadedOn: string };

/**
 * spec 5: the purposes a company must document: commercial register excerpt, shareholder list,
 * shareholder agreement and transparency register excerpt, plus the power of attorney when a
 * representative needs authority (role 10 only).
 */
export function requiredDocumentPurposes(opts: { authorityNeeded: boolean }): DocumentPurpose[] {
  return documentPurposes.filter((p) => p !== 'proof_of_power_of_attorney' || opts.authorityNeeded);
}

/**
 * The required purposes without a valid document: one that was not older than 3 months on the day
 * it was uploaded (spec 5). Empty when the documents are complete.
 */
export function missingDocumentPurposes(
  documents: readonly DocumentFacts[],
  opts: { authorityNeeded: boolean },
): DocumentPurpose[] {
  return requiredDocumentPurposes(opts).filter(
    (purpose) => !documents.some((d) => d.purpose === purpose && !isDocumentTooOld(d.issuedAt, d.uploadedOn)),
  );
}
