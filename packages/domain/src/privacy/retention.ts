/**
 * The retention table of GDPR Art. 17 (3) (b) (decision 024): what an erasure keeps because a law
 * requires it, on which legal basis, for how long, and what happens afterwards. Every period starts
 * at the end of the calendar year in which the business relationship ended (GwG § 8 (4), HGB § 257 (5),
 * AO § 147 (4)); the erasure ends the relationship, so the period ends on 31 December of the erasure's
 * year plus `years`. Periods are declared here once (STYLE: constants of the law live in the domain).
 */
export const retentionCategories = [
  'identification',
  'investment_records',
  'accounting_vouchers',
  'books',
  'business_letters',
  'register',
] as const;
export type RetentionCategory = (typeof retentionCategories)[number];

export type RetentionRule = {
  /** The law that requires keeping the data. */
  legalBasis: string;
  /** Years after the end of the year the relationship ended; null = as long as the register exists. */
  years: number | null;
  /** What the category holds. */
  holds: string;
  /** What happens when the period has passed. */
  after: string;
};

export const retentionRules: Readonly<Record<RetentionCategory, RetentionRule>> = {
  // regulatory notes: identification records 5 years after the business relationship ends, then deleted.
  identification: {
    legalBasis: 'GwG § 8 (4)',
    years: 5,
    holds:
      'identity (names, birth data, nationality, addresses), identifications with the KYC partner, customer and UBO documents, beneficial owners, PEP and own-account statements',
    after: 'deleted (rows and stored files); the identity snapshot is removed',
  },
  // regulatory notes: records of investment services, the appropriateness assessment included: 5 years.
  investment_records: {
    legalBasis: 'WpHG § 83, Art. 72 Delegated Regulation (EU) 2017/565',
    years: 5,
    holds: 'answered questionnaires (appropriateness), professional-client requests, WpPG § 6 declarations',
    after: 'questionnaire answers and professional requests deleted',
  },
  // regulatory notes: accounting vouchers such as invoices and bank statements 8 years (shortened from 10 in 2025).
  accounting_vouchers: {
    legalBasis: 'HGB § 257 (1) Nr. 4, (4); AO § 147 (1) Nr. 4, (3)',
    years: 8,
    holds: 'invoices (archived as issued, PDF), orders, payments, payouts',
    after: 'archived invoice PDFs deleted; the rows keep no personal data (the customer is a pseudonym)',
  },
  // regulatory notes: books and annual accounts 10 years.
  books: {
    legalBasis: 'HGB § 257 (1) Nr. 1, (4); AO § 147 (1) Nr. 1, (3)',
    years: 10,
    holds: 'ledger postings and the referral commission statements that name the customer by pseudonym',
    after: 'nothing personal is left to delete; the pseudonymous stub stays for the books',
  },
  // regulatory notes: commercial letters 6 years.
  business_letters: {
    legalBasis: 'HGB § 257 (1) Nr. 2-3, (4); AO § 147 (1) Nr. 2-3, (3)',
    years: 6,
    holds: 'mails the platform sent to the customer (order, payment, register excerpt mails)',
    after: 'deleted from the mail outbox',
  },
  // eWpG § 17, § 7 (register keeper): the register keeps its holder entries; the journal is hash-chained.
  register: {
    legalBasis: 'eWpG §§ 7, 17; eWpRV § 8',
    years: null,
    holds: 'register entries (journal) under the holder’s pseudonymous identifier',
    after:
      'kept with the register; the identifier no longer leads to a person once the identification period ended',
  },
};

/** The last day a category of an erasure in `erasedOn` (YYYY-MM-DD) is kept; null = with the register. */
export function retentionEnd(category: RetentionCategory, erasedOn: string): string | null {
  const years = retentionRules[category].years;
  if (years === null) return null;
  const year = Number(erasedOn.slice(0, 4));
  return `${year + years}-12-31`;
}

/** How long a finished data export stays downloadable (private bucket, signed link). */
export const dataExportDays = 7;
/** How long a download link of an export is valid once handed out. */
export const dataExportLinkSeconds = 5 * 60;
