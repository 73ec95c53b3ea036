/**
 * The documents of a company account (spec 3 UBO documents, spec 5 "Documents complete" and
 * "Documents must not be older than 3 months"). Dates are calendar days (`YYYY-MM-DD`) in the
 * platform's time zone, Europe/Berlin.
 */

/** spec 3 UBO document purposes. */
export const uboDocumentPurposes = [
  'commercial_register_excerpt',
  'shareholder_list',
  'shareholder_agreement',
  'transparency_register_excerpt',
  'proof_of_power_of_attorney',
] as const;
export type UboDocumentPurpose = (typeof uboDocumentPurposes)[number];

/** spec 5: documents must not be older than 3 months. */
export const documentMaxAgeMonths = 3;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` string as [year, month (1-12), day], or null when it is no real calendar day. */
function parseIsoDate(value: string): [number, number, number] | null {
  const m = isoDate.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return [y, mo, d];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The oldest issue date a document may carry on `today`: the same day three calendar months
 * earlier, or the last day of that month when it is shorter (31 May -> 28/29 February).
 * Returns null for a `today` that is not a calendar day.
 */
export function oldestAcceptedIssueDate(today: string): string | null {
  const parsed = parseIsoDate(today);
  if (!parsed) return null;
  const [y, m, d] = parsed;
  const monthIndex = y * 12 + (m - 1) - documentMaxAgeMonths;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/**
 * spec 5: whether a document issued on `issuedAt` is older than 3 months on `today` (both
 * `YYYY-MM-DD`). A date that is no calendar day is never acceptable and counts as too old; a date
 * in the future is not too old (the upload refuses it as `date_in_future`).
 */
export function isDocumentTooOld(issuedAt: string, today: string): boolean {
  const oldest = oldestAcceptedIssueDate(today);
  if (oldest === null || parseIsoDate(issuedAt) === null) return true;
  // ISO dates of four-digit years compare as strings.
  return issuedAt < oldest;
}

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (`YYYY-MM-DD`) an instant falls on in the platform's time zone (Europe/Berlin). */
export function platformDateOf(instant: Date): string {
  return berlinDate.format(instant);
}

/** A document as the completeness rule reads it: its purpose, its date and the day it was uploaded. */
export type DocumentFacts = { purpose: string; issuedAt: string; uploadedOn: string };

/**
 * spec 5: the purposes a company must document: commercial register excerpt, shareholder list,
 * shareholder agreement and transparency register excerpt, plus the power of attorney when a
 * representative needs authority (role 10 only).
 */
export function requiredDocumentPurposes(opts: { authorityNeeded: boolean }): UboDocumentPurpose[] {
  return uboDocumentPurposes.filter((p) => p !== 'proof_of_power_of_attorney' || opts.authorityNeeded);
}

/**
 * The required purposes without a valid document: one that was not older than 3 months on the day
 * it was uploaded (spec 5). Empty when the documents are complete.
 */
export function missingDocumentPurposes(
  documents: readonly DocumentFacts[],
  opts: { authorityNeeded: boolean },
): UboDocumentPurpose[] {
  return requiredDocumentPurposes(opts).filter(
    (purpose) => !documents.some((d) => d.purpose === purpose && !isDocumentTooOld(d.issuedAt, d.uploadedOn)),
  );
}
