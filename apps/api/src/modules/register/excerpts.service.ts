import type { Readable } from 'node:stream';
import { AppError } from '@token/domain/errors';
import { shortenAddress } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import {
  type ExcerptEntryLine,
  type ExcerptHolder,
  excerptNumber,
  excerptRestrictionTexts,
  excerptYearOf,
  parseExcerptNumber,
  type RegisterExcerptInput,
  type RegisterExcerptListItem,
  type RegisterExcerptType,
  registerExcerptDocument,
} from '@token/domain/register';
import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  addresses,
  attributes,
  customers,
  productAttributeValues,
  products,
  productTranslations,
  registerEntries,
  registerExcerpts,
  registerHeads,
  registerHoldings,
  wallets,
} from '../../db/schema/index.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { countAttempt } from '../accounts/throttles.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import { queueExcerptMail } from './excerpt-mail.ts';
import { renderExcerptPdf } from './excerpt-pdf.ts';
import { totalSupplyOf } from './journal.service.ts';
import { restrictionsInForceAt } from './restrictions.service.ts';

/*
 * Register excerpts (eWpG § 19, issue 16, decision 016 "Excerpts"): made after every entry that
 * concerns a holder (`after_transaction`), once a year (`cron_job`) and on request (`manual`); each
 * stores its facts (number, language, the journal range it covers, the holder's balance) and the PDF
 * is rendered from those facts and the journal on download, so it always shows what the register
 * held when the excerpt was made.
 */

export type ExcerptRow = typeof registerExcerpts.$inferSelect;

/** Where a new excerpt's notice mail goes out from (the mail port and PUBLIC_URL). */
export type ExcerptNotice = { mail: MailPort; publicUrl: string };

// One lock space for excerpt numbers: the second key is the year, so each year's series is gap-free
// and two processes never take the same number (the unique index on `number` backs this up).
const excerptNumberLock = 0x52_41_5a;

function toListItem(row: ExcerptRow, productCode: string): RegisterExcerptListItem {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    product: productCode,
    createdAt: row.createdAt.toISOString(),
    language: row.locale,
  };
}

/** The holder's tokens of the bond after the journal's entry `throughSequence` (the journal, not the projection). */
async function balanceAt(db: Db, productId: number, customerId: number, throughSequence: number) {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(case when ${registerEntries.toCustomerId} = ${customerId} then ${registerEntries.amount} else 0 end)
        - sum(case when ${registerEntries.fromCustomerId} = ${customerId} then ${registerEntries.amount} else 0 end), 0)::bigint`,
    })
    .from(registerEntries)
    .where(
      and(
        eq(registerEntries.productId, productId),
        lte(registerEntries.sequence, throughSequence),
        or(eq(registerEntries.toCustomerId, customerId), eq(registerEntries.fromCustomerId, customerId)),
      ),
    );
  return Number(row?.balance ?? 0);
}

/** The next number of the year `now` falls in (Berlin's day), under the year's lock. */
async function nextExcerptNumber(tx: Tx, now: Date): Promise<string> {
  const year = excerptYearOf(now);
  await tx.execute(sql`select pg_advisory_xact_lock(${excerptNumberLock}, ${year})`);
  const [last] = await tx
    .select({ number: registerExcerpts.number })
    .from(registerExcerpts)
    .where(like(registerExcerpts.number, `RA-${year}-%`))
    // By length first: the sequence is zero-padded to six digits and grows past them (as text,
    // 999999 would sort after 1000000).
    .orderBy(desc(sql`length(${registerExcerpts.number})`), desc(registerExcerpts.number))
    .limit(1);
  if (!last) return excerptNumber(now, 1);
  const parsed = parseExcerptNumber(last.number);
  // Never restart a series silently: a stored number the format does not read is a fault.
  if (!parsed) throw new Error(`register excerpt number ${last.number} does not parse`);
  const sequence = parsed.sequence + 1;
  return excerptNumber(now, sequence);
}

/**
 * Makes a register excerpt of one bond for one holder, in one transaction: numbered in the year's
 * series, covering the journal from the entry after the holder's previous excerpt up to
 * `throughSequence` (default: the bond's last entry), with the holder's balance there, in the
 * holder's language; queues the notice mail when `notice` is given. Idempotent where the type asks
 * for it: an `after_transaction` excerpt once per entry, a `cron_job` excerpt once per year; the
 * existing one is returned with `created: false`.
 */
export async function createExcerpt(opts: {
  db: Database;
  customerId: number;
  productId: number;
  type: RegisterExcerptType;
  /** The journal entry the excerpt runs to (the after-entry job's); default the bond's head. */
  throughSequence?: number;
  now?: Date;
  notice?: ExcerptNotice;
}): Promise<{ excerpt: RegisterExcerptListItem; created: boolean }> {
  const { customerId, productId, type } = opts;
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const [context] = await tx
      .select({
        code: products.code,
        locale: customers.locale,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        companyName: customers.companyName,
        accountType: customers.accountType,
      })
      .from(products)
      .innerJoin(customers, eq(customers.id, customerId))
      .where(eq(products.id, productId));
    if (!context) throw new AppError('not_found');
    const number = await nextExcerptNumber(tx, now);
    // Under the year's lock: no second excerpt of this holder and bond is being made meanwhile.
    const existing = await existingExcerpt(tx, {
      customerId,
      productId,
      type,
      now,
      ...(opts.throughSequence === undefined ? {} : { throughSequence: opts.throughSequence }),
    });
    if (existing) return { excerpt: toListItem(existing, context.code), created: false };

    const [head] = await tx
      .select({ lastSequence: registerHeads.lastSequence })
      .from(registerHeads)
      .where(eq(registerHeads.productId, productId));
    const throughSequence = opts.throughSequence ?? head?.lastSequence ?? 0;
    const [previous] = await tx
      .select({ throughSequence: registerExcerpts.throughSequence })
      .from(registerExcerpts)
      .where(
        and(
          eq(registerExcerpts.customerId, customerId),
          eq(registerExcerpts.productId, productId),
          lte(registerExcerpts.throughSequence, throughSequence),
        ),
      )
      .orderBy(desc(registerExcerpts.throughSequence), desc(registerExcerpts.id))
      .limit(1);
    const [row] = await tx
      .insert(registerExcerpts)
      .values({
        number,
        customerId,
        productId,
        type,
        locale: context.locale,
        fromSequence: (previous?.throughSequence ?? 0) + 1,
        throughSequence,
        balance: await balanceAt(tx, productId, customerId, throughSequence),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('register excerpt insert returned nothing');
    if (opts.notice) {
      await queueExcerptMail(tx, {
        ...opts.notice,
        to: context.email,
        locale: context.locale,
        customer: context,
        number: row.number,
        type,
        productName: await productName(tx, productId, context.locale),
      });
    }
    return { excerpt: toListItem(row, context.code), created: true };
  });
}

/** The excerpt this call would repeat: the same entry's after-transaction excerpt, or this year's annual one. */
async function existingExcerpt(
  tx: Tx,
  opts: {
    customerId: number;
    productId: number;
    type: RegisterExcerptType;
    now: Date;
    throughSequence?: number;
  },
): Promise<ExcerptRow | null> {
  const same = and(
    eq(registerExcerpts.customerId, opts.customerId),
    eq(registerExcerpts.productId, opts.productId),
    eq(registerExcerpts.type, opts.type),
  );
  if (opts.type === 'after_transaction' && opts.throughSequence !== undefined) {
    const [row] = await tx
      .select()
      .from(registerExcerpts)
      .where(and(same, eq(registerExcerpts.throughSequence, opts.throughSequence)));
    return row ?? null;
  }
  if (opts.type === 'cron_job') {
    const [row] = await tx
      .select()
      .from(registerExcerpts)
      .where(and(same, like(registerExcerpts.number, `RA-${excerptYearOf(opts.now)}-%`)));
    return row ?? null;
  }
  return null;
}

/** How often a holder may ask for an excerpt of one bond. */
export const manualExcerptLimit = { max: 1, windowMs: 60_000 } as const;

/**
 * A manual excerpt (eWpG § 19 "on request", `POST register-excerpts`) of the bond with `productCode`:
 * only for a holder who holds or has held it (`register_excerpt_not_holder`; an unknown code is
 * `not_found`), at most once a minute per bond (`too_many_requests` with Retry-After).
 */
export async function requestExcerpt(opts: {
  db: Database;
  customerId: number;
  productCode: string;
  notice?: ExcerptNotice;
  now?: Date;
}): Promise<RegisterExcerptListItem> {
  const [product] = await opts.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.code, opts.productCode));
  if (!product) throw new AppError('not_found');
  // A holding row exists from the holder's first tokens on and is never deleted.
  const [holding] = await opts.db
    .select({ customerId: registerHoldings.customerId })
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, product.id), eq(registerHoldings.customerId, opts.customerId)));
  if (!holding) throw new AppError('register_excerpt_not_holder');
  // One manual excerpt per holder and bond a minute: each is a numbered document and a mail.
  await countAttempt(opts.db, `register-excerpt:${opts.customerId}:${product.id}`, manualExcerptLimit);
  const { excerpt } = await createExcerpt({
    db: opts.db,
    customerId: opts.customerId,
    productId: product.id,
    type: 'manual',
    ...(opts.notice ? { notice: opts.notice } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  return excerpt;
}

/** The customer's excerpts, newest first, paged. */
export async function listExcerpts(opts: { db: Database; customerId: number; page: Page }) {
  const { db, customerId, page } = opts;
  const [rows, [total]] = await Promise.all([
    db
      .select({ excerpt: registerExcerpts, code: products.code })
      .from(registerExcerpts)
      .innerJoin(products, eq(products.id, registerExcerpts.productId))
      .where(eq(registerExcerpts.customerId, customerId))
      .orderBy(desc(registerExcerpts.createdAt), desc(registerExcerpts.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(registerExcerpts).where(eq(registerExcerpts.customerId, customerId)),
  ]);
  return { items: rows.map((r) => toListItem(r.excerpt, r.code)), totalItems: total?.n ?? 0 };
}

/** The holders with tokens of a bond now, for the yearly run. */
export async function holdersWithBalance(db: Database): Promise<{ productId: number; customerId: number }[]> {
  return db
    .select({ productId: registerHoldings.productId, customerId: registerHoldings.customerId })
    .from(registerHoldings)
    .where(gte(registerHoldings.balance, 1))
    .orderBy(asc(registerHoldings.productId), asc(registerHoldings.customerId));
}

/**
 * The annual excerpts (eWpG § 19: once a year, `cron_job`): one for every holder with tokens of every
 * bond, each in its own transaction, at most one per holder, bond and year (a rerun adds none).
 * Returns how many were made.
 */
export async function createYearlyExcerpts(opts: {
  db: Database;
  notice?: ExcerptNotice;
  now?: Date;
}): Promise<number> {
  let created = 0;
  for (const holder of await holdersWithBalance(opts.db)) {
    const result = await createExcerpt({ ...opts, ...holder, type: 'cron_job' });
    if (result.created) created += 1;
  }
  return created;
}

/** The bond's name in `locale` (another language's when it has none). */
async function productName(db: Db, productId: number, locale: Locale): Promise<string> {
  const rows = await db
    .select({ locale: productTranslations.locale, name: productTranslations.name })
    .from(productTranslations)
    .where(eq(productTranslations.productId, productId));
  return (rows.find((r) => r.locale === locale) ?? rows[0])?.name ?? '';
}

/** The bond's attribute values by code (a translated one in `locale`). */
async function productAttributes(db: Db, productId: number, locale: Locale): Promise<Map<string, string>> {
  const rows = await db
    .select({
      code: attributes.code,
      locale: productAttributeValues.locale,
      value: productAttributeValues.value,
    })
    .from(productAttributeValues)
    .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(eq(productAttributeValues.productId, productId));
  const values = new Map<string, string>();
  for (const r of rows) if (r.locale === null || r.locale === locale) values.set(r.code, r.value);
  return values;
}

const notStated = { de: 'nicht angegeben', en: 'not stated' } as const;

/** eWpRV § 8: a natural person by name, birth date and residence; a legal person by name and seat. */
async function holderOf(db: Db, customerId: number, locale: Locale): Promise<ExcerptHolder> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new AppError('register_excerpt_not_found');
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.id));
  const kind = customer.accountType === 'company' ? 'company' : 'personal';
  const address =
    rows.find((a) => a.id === customer.defaultAddressId && a.kind === kind) ??
    rows.find((a) => a.kind === kind) ??
    rows.find((a) => a.id === customer.defaultAddressId) ??
    rows[0];
  const place = address
    ? `${address.postcode} ${address.city}, ${address.countryCode.toUpperCase()}`
    : notStated[locale];
  const holderId = String(customer.id);
  if (customer.accountType === 'company') {
    return {
      type: 'legal',
      holderId,
      name: customer.companyName ?? notStated[locale],
      seat: place,
      lei: null,
    };
  }
  return {
    type: 'natural',
    holderId,
    name: [customer.title, customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email,
    birthDate: customer.birthDate ?? notStated[locale],
    residence: place,
  };
}

type EntryRow = typeof registerEntries.$inferSelect;

/** The entries between `from` and `through` that move tokens to or from the holder, as the excerpt lists them. */
async function entryLines(db: Db, excerpt: ExcerptRow): Promise<ExcerptEntryLine[]> {
  if (excerpt.fromSequence > excerpt.throughSequence) return [];
  const rows = await db
    .select()
    .from(registerEntries)
    .where(
      and(
        eq(registerEntries.productId, excerpt.productId),
        gte(registerEntries.sequence, excerpt.fromSequence),
        lte(registerEntries.sequence, excerpt.throughSequence),
        or(
          eq(registerEntries.toCustomerId, excerpt.customerId),
          eq(registerEntries.fromCustomerId, excerpt.customerId),
        ),
      ),
    )
    .orderBy(asc(registerEntries.sequence));
  const counterpartAddresses = await defaultWalletAddresses(
    db,
    rows.flatMap((r) => [r.fromCustomerId, r.toCustomerId]),
  );
  return rows.map((row) => {
    const incoming = row.toCustomerId === excerpt.customerId;
    return {
      sequence: row.sequence,
      kind: row.kind,
      amount: row.amount,
      direction: incoming ? 'in' : 'out',
      recordedAt: row.recordedAt.toISOString(),
      counterparty: counterpartyOf(row, incoming, counterpartAddresses),
      transactionHash: row.transactionHash,
    };
  });
}

/** The other side's wallet address as the registrar booked it (else their default wallet), shortened. */
function counterpartyOf(row: EntryRow, incoming: boolean, fallback: Map<number, string>): string | null {
  const other = incoming ? row.fromCustomerId : row.toCustomerId;
  if (other === null) return null;
  const address = (incoming ? row.fromAddress : row.toAddress) ?? fallback.get(other) ?? null;
  return address ? shortenAddress(address) : null;
}

async function defaultWalletAddresses(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ customerId: wallets.customerId, address: wallets.address, isDefault: wallets.defaultWallet })
    .from(wallets)
    .where(inArray(wallets.customerId, wanted))
    .orderBy(asc(wallets.id));
  const map = new Map<number, string>();
  for (const r of rows)
    if (r.address && (r.isDefault || !map.has(r.customerId))) map.set(r.customerId, r.address);
  return map;
}

/**
 * The register's identity (eWpG § 16: the registrar keeping it): the platform operator of the shop
 * channel, whose register it is.
 */
function registerIdentity(companyName: string | null, locale: Locale) {
  const registrar = companyName ?? 'Tokenwerk';
  const registerName =
    locale === 'de'
      ? `Kryptowertpapierregister der ${registrar}`
      : `Crypto securities register of ${registrar}`;
  return { registrarName: registrar, registerName };
}

/** The excerpt's content: its stored facts, the bond's § 17 content, the holder and the journal range. */
async function excerptInput(db: Database, excerpt: ExcerptRow): Promise<RegisterExcerptInput> {
  const locale = excerpt.locale;
  const [product] = await db.select().from(products).where(eq(products.id, excerpt.productId));
  if (!product) throw new AppError('register_excerpt_not_found');
  const [names, values, totalSupply, holder, entries, channel, [previous], restrictions] = await Promise.all([
    db
      .select({ locale: productTranslations.locale, name: productTranslations.name })
      .from(productTranslations)
      .where(eq(productTranslations.productId, product.id)),
    productAttributes(db, product.id, locale),
    totalSupplyOf(db, product.id),
    holderOf(db, excerpt.customerId, locale),
    entryLines(db, excerpt),
    findShopChannel({ db }),
    db
      .select({ number: registerExcerpts.number, createdAt: registerExcerpts.createdAt })
      .from(registerExcerpts)
      .where(
        and(
          eq(registerExcerpts.customerId, excerpt.customerId),
          eq(registerExcerpts.productId, excerpt.productId),
          eq(registerExcerpts.throughSequence, excerpt.fromSequence - 1),
          lt(registerExcerpts.id, excerpt.id),
        ),
      )
      .orderBy(desc(registerExcerpts.id))
      .limit(1),
    // eWpG § 17 (1) Nr. 6 as the register held it when the excerpt was made (decision 016).
    restrictionsInForceAt(db, {
      productId: excerpt.productId,
      customerId: excerpt.customerId,
      at: excerpt.createdAt,
    }),
  ]);
  const nameIn = (l: Locale) => (names.find((n) => n.locale === l) ?? names[0])?.name ?? product.code;
  const cents = (code: string) => {
    const n = Number(values.get(code));
    return Number.isSafeInteger(n) && n >= 0 ? n : null;
  };
  // spec 3: 1 € nominal per token unless the bond says otherwise.
  const nominalPerTokenCents = cents('nominal_per_token') ?? 100;
  return {
    number: excerpt.number,
    type: excerpt.type,
    createdAt: excerpt.createdAt.toISOString(),
    language: locale,
    register: registerIdentity(channel?.companyName ?? null, locale),
    bond: {
      name: nameIn(locale),
      uniqueIdentifier: product.tokenId
        ? `${product.code} (${product.blockchainName ?? 'Token'} ${product.tokenId})`
        : product.code,
      isin: values.get('isin') ?? notStated[locale],
      issueVolumeCents: cents('issue_volume') ?? totalSupply * nominalPerTokenCents,
      totalSupply,
      nominalPerTokenCents,
      issuer: {
        name: values.get('issuer') ?? notStated[locale],
        seat: values.get('issuer_seat') ?? notStated[locale],
      },
      // Each holder is entered in the register under their own identifier (eWpG § 8 (1) Nr. 2).
      entryType: 'single',
      ...excerptRestrictionTexts(restrictions),
      // eWpRV § 7 (1): the essential content by reference to the bond terms (decision 016 "Excerpts").
      terms: {
        kind: 'reference',
        reference: {
          de: `Anleihebedingungen der Anleihe „${nameIn('de')}“ (Laufzeit, Verzinsung, Zahlungstermine, Kündigungsrechte und Rang); abrufbar auf der Produktseite der Anleihe.`,
          en: `Bond terms ("Anleihebedingungen") of the bond “${nameIn('en')}” (term, interest, payment dates, termination rights and ranking); available on the bond’s product page.`,
        },
      },
    },
    holder,
    position: { balance: excerpt.balance },
    entries,
    previousExcerpt: previous
      ? { number: previous.number, createdAt: previous.createdAt.toISOString() }
      : null,
  };
}

/**
 * One of the customer's excerpts as a PDF in its language (`GET register-excerpts/{id}/pdf`); another
 * customer's or an unknown id is `register_excerpt_not_found` (404, convention 3).
 */
export async function excerptPdf(opts: {
  db: Database;
  customerId: number;
  id: number;
}): Promise<{ number: string; locale: Locale; stream: Readable }> {
  const [excerpt] = await opts.db
    .select()
    .from(registerExcerpts)
    .where(and(eq(registerExcerpts.id, opts.id), eq(registerExcerpts.customerId, opts.customerId)));
  if (!excerpt) throw new AppError('register_excerpt_not_found');
  const document = registerExcerptDocument(await excerptInput(opts.db, excerpt));
  return {
    number: excerpt.number,
    locale: excerpt.locale,
    stream: renderExcerptPdf(document, { createdAt: excerpt.createdAt }),
  };
}
