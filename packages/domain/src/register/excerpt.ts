import { platformDayOf } from '../calendar/index.ts';
import { formatDate, formatDateTime, formatEuro, formatNumber, formatPercent } from '../format/index.ts';
import type { Locale } from '../i18n/index.ts';
import type { RegisterEntryKind } from './journal.ts';
import type { RegisterExcerptType } from './views.ts';

/*
 * The register excerpt (eWpG § 19: in text form, on request, for consumers after every entry that
 * concerns them and once a year) as a pure view: sections of labelled, formatted values in the
 * holder's language that the PDF renderer only lays out. Content: the register's identity, the
 * eWpG § 17 register content, the eWpRV § 7 terms (or a reference to the bond terms), the holder as
 * eWpRV § 8 identifies them, the holder's position and the entries since the last excerpt.
 */

/** A text given once for every language, or per language. */
export type LocalizedText = string | Readonly<Record<Locale, string>>;

/** eWpRV § 7: the essential content itself, or a reference to the bond terms that hold it. */
export type ExcerptTerms =
  | { kind: 'reference'; reference: LocalizedText }
  | {
      kind: 'details';
      /** YYYY-MM-DD. */
      issueDate: string;
      /** YYYY-MM-DD. */
      maturityDate: string;
      interest: {
        /** Annual rate in percent as a decimal string ("5.50"). */
        ratePercent: string;
        type: 'fixed' | 'floating' | 'zero_coupon';
        /** regulatory notes "Interest payments": the day-count convention. */
        dayCount: 'act_act_icma' | '30e_360' | 'act_365_fixed' | 'act_360';
      };
      /** YYYY-MM-DD: the due dates of all payments (coupons and redemption). */
      paymentDates: readonly string[];
      terminationRights: LocalizedText;
      subordination: LocalizedText;
    };

/** eWpRV § 8: natural persons by name, date of birth and residence; legal persons by name and seat or LEI. */
export type ExcerptHolder =
  | { type: 'natural'; holderId: string; name: string; birthDate: string; residence: string }
  | { type: 'legal'; holderId: string; name: string; seat: string; lei: string | null };

/** An entry that concerns the holder, as the excerpt lists it. */
export type ExcerptEntryLine = {
  sequence: number;
  kind: RegisterEntryKind;
  amount: number;
  direction: 'in' | 'out';
  /** ISO 8601 instant. */
  recordedAt: string;
  /** Shortened wallet address of the other side; null for mints and burns. */
  counterparty: string | null;
  transactionHash: string | null;
};

export type RegisterExcerptInput = {
  number: string;
  type: RegisterExcerptType;
  /** ISO 8601 instant the excerpt was made. */
  createdAt: string;
  language: Locale;
  /** The register's identity (eWpG § 16: the registrar keeping it). */
  register: { registrarName: string; registerName: string };
  bond: {
    name: string;
    /** eWpG § 17 (1) Nr. 1: the unique identifier of the security in the register. */
    uniqueIdentifier: string;
    /** eWpRV § 7: mandatory. */
    isin: string;
    issueVolumeCents: number;
    totalSupply: number;
    nominalPerTokenCents: number;
    issuer: { name: string; seat: string };
    /** eWpG § 8: a collective entry (Sammeleintragung) or a single entry (Einzeleintragung). */
    entryType: 'collective' | 'single';
    /** null: none. */
    disposalRestrictions: LocalizedText | null;
    /** null: none. */
    thirdPartyRights: LocalizedText | null;
    terms: ExcerptTerms;
  };
  holder: ExcerptHolder;
  /** The holder's tokens of the bond at `createdAt`. */
  position: { balance: number };
  /** The entries concerning the holder since the previous excerpt (all, for the first). */
  entries: readonly ExcerptEntryLine[];
  previousExcerpt: { number: string; createdAt: string } | null;
};

export type ExcerptField = { key: string; label: string; value: string };

export type ExcerptSection =
  | {
      kind: 'fields';
      id: 'excerpt' | 'register' | 'security' | 'terms' | 'holder' | 'position';
      title: string;
      fields: ExcerptField[];
    }
  | {
      kind: 'table';
      id: 'entries';
      title: string;
      columns: { key: ExcerptEntryColumn; label: string }[];
      rows: Record<ExcerptEntryColumn, string>[];
      /** Shown instead of the table when there are no rows. */
      emptyText: string;
    };

type ExcerptEntryColumn = 'sequence' | 'recordedAt' | 'kind' | 'amount' | 'counterparty' | 'transactionHash';

/** What the PDF prints, in order, in the holder's language. */
export type RegisterExcerptDocument = {
  language: Locale;
  title: string;
  number: string;
  type: RegisterExcerptType;
  sections: ExcerptSection[];
  /** The closing note (text form, eWpG § 19). */
  footer: string;
};

type Labels = Record<string, Record<Locale, string>>;

const labels = {
  title: { de: 'Registerauszug', en: 'Register excerpt' },
  excerpt: { de: 'Auszug', en: 'Excerpt' },
  number: { de: 'Nummer', en: 'Number' },
  type: { de: 'Anlass', en: 'Occasion' },
  date: { de: 'Datum', en: 'Date' },
  previous: { de: 'Vorheriger Auszug', en: 'Previous excerpt' },
  none: { de: 'keine', en: 'none' },
  register: { de: 'Register', en: 'Register' },
  registerName: { de: 'Bezeichnung des Registers', en: 'Name of the register' },
  registrar: { de: 'Registerführende Stelle', en: 'Registrar' },
  security: { de: 'Registerinhalt (§ 17 eWpG)', en: 'Register content (section 17 eWpG)' },
  designation: { de: 'Bezeichnung', en: 'Designation' },
  bondName: { de: 'Anleihe', en: 'Bond' },
  uniqueIdentifier: { de: 'Eindeutige Kennung', en: 'Unique identifier' },
  isin: { de: 'ISIN', en: 'ISIN' },
  issueVolume: { de: 'Emissionsvolumen', en: 'Issue volume' },
  nominal: { de: 'Nennbetrag je Token', en: 'Nominal amount per token' },
  issuer: { de: 'Emittent', en: 'Issuer' },
  entryType: { de: 'Art der Eintragung', en: 'Type of entry' },
  disposalRestrictions: { de: 'Verfügungsbeschränkungen', en: 'Disposal restrictions' },
  thirdPartyRights: { de: 'Rechte Dritter', en: 'Third-party rights' },
  terms: {
    de: 'Wesentlicher Inhalt des Rechts (§ 7 eWpRV)',
    en: 'Essential content of the right (section 7 eWpRV)',
  },
  termsReference: { de: 'Verweis auf die Anleihebedingungen', en: 'Reference to the bond terms' },
  term: { de: 'Laufzeit', en: 'Term' },
  interestRate: { de: 'Zinssatz', en: 'Interest rate' },
  interestAmount: { de: 'Zinsbetrag je Token und Jahr', en: 'Interest per token and year' },
  interestType: { de: 'Zinsart', en: 'Type of interest' },
  dayCount: { de: 'Zinsberechnung', en: 'Interest calculation' },
  paymentDates: { de: 'Fälligkeiten aller Zahlungen', en: 'Due dates of all payments' },
  terminationRights: { de: 'Kündigungsrechte', en: 'Termination rights' },
  subordination: { de: 'Rangrücktritt', en: 'Subordination' },
  holder: { de: 'Inhaber (§ 8 eWpRV)', en: 'Holder (section 8 eWpRV)' },
  holderId: { de: 'Inhaber-Kennung', en: 'Holder identifier' },
  name: { de: 'Name', en: 'Name' },
  birthDate: { de: 'Geburtsdatum', en: 'Date of birth' },
  residence: { de: 'Wohnort', en: 'Place of residence' },
  seat: { de: 'Sitz', en: 'Registered seat' },
  lei: { de: 'LEI', en: 'LEI' },
  position: { de: 'Bestand', en: 'Position' },
  tokens: { de: 'Token', en: 'Tokens' },
  // the unit after a number, inside a sentence ("4,000,000 tokens")
  tokenUnit: { de: 'Token', en: 'tokens' },
  nominalValue: { de: 'Nennwert', en: 'Nominal value' },
  entries: { de: 'Eintragungen seit dem letzten Auszug', en: 'Entries since the last excerpt' },
  noEntries: { de: 'Keine neuen Eintragungen.', en: 'No new entries.' },
  sequence: { de: 'Nr.', en: 'No.' },
  recordedAt: { de: 'Zeitpunkt', en: 'Time' },
  kind: { de: 'Vorgang', en: 'Entry' },
  amount: { de: 'Token', en: 'Tokens' },
  counterparty: { de: 'Gegenseite', en: 'Counterparty' },
  transactionHash: { de: 'Transaktion', en: 'Transaction' },
  footer: {
    de: 'Dieser Registerauszug wird nach § 19 eWpG in Textform erteilt und gibt den Stand des Registers zum angegebenen Zeitpunkt wieder.',
    en: 'This register excerpt is given in text form under section 19 eWpG and shows the register as it stood at the time stated.',
  },
} satisfies Labels;

/** spec 3 register excerpt types, as the excerpt names its occasion. */
export const registerExcerptTypeLabels: Record<RegisterExcerptType, Record<Locale, string>> = {
  after_transaction: { de: 'Nach einer Eintragung', en: 'After an entry' },
  cron_job: { de: 'Jährlicher Auszug', en: 'Annual excerpt' },
  manual: { de: 'Auf Anfrage', en: 'On request' },
};

/** The entry kinds as the excerpt and the depot name them, by direction for the holder. */
export const registerEntryKindLabels: Record<RegisterEntryKind, Record<Locale, string>> = {
  mint: { de: 'Ausgabe (Minting)', en: 'Issue (minting)' },
  transfer: { de: 'Übertragung', en: 'Transfer' },
  burn: { de: 'Tilgung (Burning)', en: 'Redemption (burning)' },
  reversal: { de: 'Stornierung', en: 'Reversal' },
};

const entryTypeLabels = {
  collective: { de: 'Sammeleintragung', en: 'Collective entry' },
  single: { de: 'Einzeleintragung', en: 'Single entry' },
} satisfies Labels;

const interestTypeLabels = {
  fixed: { de: 'Festverzinslich', en: 'Fixed rate' },
  floating: { de: 'Variabel verzinslich', en: 'Floating rate' },
  zero_coupon: { de: 'Nullkupon', en: 'Zero coupon' },
} satisfies Labels;

const dayCountLabels = {
  act_act_icma: { de: 'ACT/ACT (ICMA)', en: 'ACT/ACT (ICMA)' },
  '30e_360': { de: '30E/360', en: '30E/360' },
  act_365_fixed: { de: 'ACT/365 (fest)', en: 'ACT/365 Fixed' },
  act_360: { de: 'ACT/360', en: 'ACT/360' },
} satisfies Labels;

// eWpG § 17 (1) Nr. 1 names the word; the English excerpt keeps it and explains it.
const designation = {
  de: 'Wertpapier (Kryptowertpapier nach § 4 Abs. 3 eWpG)',
  en: 'Wertpapier (security; crypto security under section 4 (3) eWpG)',
} satisfies Record<Locale, string>;

const directionSign = { in: '+', out: '−' } as const;

function text(value: LocalizedText, locale: Locale): string {
  return typeof value === 'string' ? value : value[locale];
}

/** The register excerpt's content in the holder's language, ready for the PDF renderer. */
export function registerExcerptDocument(input: RegisterExcerptInput): RegisterExcerptDocument {
  const locale = input.language;
  const l = (key: keyof typeof labels) => labels[key][locale];
  const field = (key: keyof typeof labels, value: string): ExcerptField => ({ key, label: l(key), value });
  const money = (cents: number) => formatEuro(cents, { locale, fraction: 'auto' });
  const { bond, holder } = input;
  const noneText = labels.none[locale];

  const sections: ExcerptSection[] = [
    {
      kind: 'fields',
      id: 'excerpt',
      title: l('excerpt'),
      fields: [
        field('number', input.number),
        field('type', registerExcerptTypeLabels[input.type][locale]),
        field('date', formatDateTime(input.createdAt, { locale })),
        field(
          'previous',
          input.previousExcerpt
            ? `${input.previousExcerpt.number}, ${formatDateTime(input.previousExcerpt.createdAt, { locale })}`
            : noneText,
        ),
      ],
    },
    {
      kind: 'fields',
      id: 'register',
      title: l('register'),
      fields: [
        field('registerName', input.register.registerName),
        field('registrar', input.register.registrarName),
      ],
    },
    {
      kind: 'fields',
      id: 'security',
      title: l('security'),
      fields: [
        field('designation', designation[locale]),
        field('bondName', bond.name),
        field('uniqueIdentifier', bond.uniqueIdentifier),
        field('isin', bond.isin),
        field(
          'issueVolume',
          `${money(bond.issueVolumeCents)} (${formatNumber(bond.totalSupply, { locale })} ${l('tokenUnit')})`,
        ),
        field('nominal', money(bond.nominalPerTokenCents)),
        field('issuer', `${bond.issuer.name}, ${bond.issuer.seat}`),
        field('entryType', entryTypeLabels[bond.entryType][locale]),
        field(
          'disposalRestrictions',
          bond.disposalRestrictions ? text(bond.disposalRestrictions, locale) : noneText,
        ),
        field('thirdPartyRights', bond.thirdPartyRights ? text(bond.thirdPartyRights, locale) : noneText),
      ],
    },
    { kind: 'fields', id: 'terms', title: l('terms'), fields: termsFields(bond, locale) },
    {
      kind: 'fields',
      id: 'holder',
      title: l('holder'),
      fields:
        holder.type === 'natural'
          ? [
              field('name', holder.name),
              field('birthDate', formatDate(holder.birthDate, { locale })),
              field('residence', holder.residence),
              field('holderId', holder.holderId),
            ]
          : [
              field('name', holder.name),
              field('seat', holder.seat),
              ...(holder.lei ? [field('lei', holder.lei)] : []),
              field('holderId', holder.holderId),
            ],
    },
    {
      kind: 'fields',
      id: 'position',
      title: l('position'),
      fields: [
        field('tokens', formatNumber(input.position.balance, { locale })),
        field('nominalValue', money(input.position.balance * bond.nominalPerTokenCents)),
      ],
    },
    {
      kind: 'table',
      id: 'entries',
      title: l('entries'),
      columns: (['sequence', 'recordedAt', 'kind', 'amount', 'counterparty', 'transactionHash'] as const).map(
        (key) => ({ key, label: l(key) }),
      ),
      rows: input.entries.map((e) => ({
        sequence: String(e.sequence),
        recordedAt: formatDateTime(e.recordedAt, { locale }),
        kind: registerEntryKindLabels[e.kind][locale],
        amount: `${directionSign[e.direction]}${formatNumber(e.amount, { locale })}`,
        counterparty: e.counterparty ?? '–',
        transactionHash: e.transactionHash ?? '–',
      })),
      emptyText: l('noEntries'),
    },
  ];

  return {
    language: locale,
    title: `${l('title')} ${input.number}`,
    number: input.number,
    type: input.type,
    sections,
    footer: l('footer'),
  };
}

function termsFields(bond: RegisterExcerptInput['bond'], locale: Locale): ExcerptField[] {
  const l = (key: keyof typeof labels) => labels[key][locale];
  const field = (key: keyof typeof labels, value: string): ExcerptField => ({ key, label: l(key), value });
  const { terms } = bond;
  // eWpRV § 7 (1): the essential content may be given by reference to the bond terms.
  if (terms.kind === 'reference') return [field('termsReference', text(terms.reference, locale))];
  const { interest } = terms;
  // Interest of one token for a full year, rounded half up to the cent (display only).
  const yearlyCents = Math.round((bond.nominalPerTokenCents * Number(interest.ratePercent)) / 100);
  return [
    field(
      'term',
      `${formatDate(terms.issueDate, { locale })} – ${formatDate(terms.maturityDate, { locale })}`,
    ),
    field('interestRate', `${formatPercent(interest.ratePercent, { locale })} p. a.`),
    field('interestAmount', formatEuro(yearlyCents, { locale, fraction: 'always' })),
    field('interestType', interestTypeLabels[interest.type][locale]),
    field('dayCount', dayCountLabels[interest.dayCount][locale]),
    field('paymentDates', terms.paymentDates.map((d) => formatDate(d, { locale })).join(', ')),
    field('terminationRights', text(terms.terminationRights, locale)),
    field('subordination', text(terms.subordination, locale)),
  ];
}

/*
 * Excerpt numbers, like invoice numbers (invoices/numbering.ts): `RA-YYYY-NNNNNN` ("Registerauszug"),
 * a gap-free series per year, the year of the platform's calendar day (Berlin, decision 013) on which
 * the excerpt is made. The API allocates the sequence under a lock; this is the format.
 */

/** The year whose series numbers an excerpt made at `createdAt`: the year of Berlin's day. */
export function excerptYearOf(createdAt: Date): number {
  return Number(platformDayOf(createdAt).slice(0, 4));
}

/** The excerpt number of the `sequence`-th excerpt of `year` (`RA-2026-000042`). */
export function formatExcerptNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('sequence from 1');
  return `RA-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The number of the `sequence`-th excerpt of the year `createdAt` falls in (Berlin's day). */
export function excerptNumber(createdAt: Date, sequence: number): string {
  return formatExcerptNumber(excerptYearOf(createdAt), sequence);
}

/** The number's parts, or null when it is no excerpt number. */
export function parseExcerptNumber(number: string): { year: number; sequence: number } | null {
  const m = /^RA-(\d{4})-(\d{6,15})$/.exec(number);
  return m ? { year: Number(m[1]), sequence: Number(m[2]) } : null;
}
