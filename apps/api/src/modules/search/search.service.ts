import type { Locale } from '@token/domain/i18n';
import type { SearchSegment } from '@token/domain/marketplace';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
import {
  type ListingRow,
  listedProductData,
  listingFields,
  listingStock,
  type ProductData,
} from '../catalog/product-rows.ts';
import { excerptOf, segmentsFromHeadline, startSel, stopSel } from './search-highlights.ts';

/*
 * Full-text search over the products' translations (migration `search`): each translation's document
 * is stemmed in its own language and both languages are searched, so "paintings" finds the English
 * text and "Wälder" the German one whatever the reader's language. The phrase goes through the same
 * `search_normalize` as the documents and reaches PostgreSQL only as a parameter of
 * `websearch_to_tsquery` (quotes, `or` and `-word` work; nothing the user types is tsquery syntax).
 * When the full text finds nothing, trigram similarity on the normalised names catches typos.
 */

/** A search hit as the service returns it: the listed product and its highlighted name and description. */
export type SearchHitData = ProductData & {
  highlights: { name: SearchSegment[]; description: SearchSegment[] };
};

type Headlines = Partial<Record<string, { name: string | null; description: string | null }>>;
type HitRow = ListingRow & { total: number | string; headlines: Headlines | null };

/** Characters of the description shown around its first match. */
const descriptionExcerptChars = 240;
/** pg_trgm word similarity a name needs to be offered for a phrase with a typo. */
const typoThreshold = 0.5;
/** Typo hits are suggestions: the closest names only, however many are close (bounds the cost). */
const maxTypoCandidates = 100;
/** Similarity of a name's word to a word of the phrase for it to be marked in a typo hit. */
const typoWordSimilarity = 0.3;

const headlineOptions = `StartSel=${startSel}, StopSel=${stopSel}, HighlightAll=true`;

async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The phrase split for prefix matching: when it is plain words (no quotes, `or` or `-word`), its
 * last word may be unfinished, so `Kiefernw` finds "Kiefernwald"; `rest` are the words before it.
 */
function splitLastWord(phrase: string): { rest: string; last: string } | null {
  if (/"|(^|\s)-|(^|\s)or(\s|$)/i.test(phrase)) return null;
  const m = /^(.*?)([\p{L}\p{M}\p{N}]+)$/su.exec(phrase);
  return m ? { rest: m[1] ?? '', last: m[2] ?? '' } : null;
}

/**
 * The phrase as SQL expressions: `t` normalised; `de` and `en` its tsquery per language, the last
 * word also as a prefix when it is a plain word of at least two letters that is no stop word (its
 * normalised form is then only [a-z0-9], so appending `:*` cannot form other syntax); `searchable`
 * when it has a word to look for (not only stop words, symbols or `-word`). Expressions of bound
 * parameters and IMMUTABLE functions, not CTEs: PostgreSQL folds them into constants when planning,
 * which lets it use the GIN indexes (a CTE's row is a join it cannot look up by).
 */
type PhraseSql = { t: SQL; de: SQL; en: SQL; searchable: SQL };

function phraseSql(phrase: string): PhraseSql {
  const split = splitLastWord(phrase);
  const t = sql`search_normalize(${phrase})`;
  const perLanguage = (locale: 'de' | 'en') => {
    const config = sql`search_config(${locale})`;
    const whole = sql`websearch_to_tsquery(${config}, ${t})`;
    if (!split) return whole;
    const last = sql`search_normalize(${split.last})`;
    return sql`(case when ${last} ~ '^[a-z0-9]{2,}$' and numnode(plainto_tsquery(${config}, ${last})) > 0
      then ${whole} || (plainto_tsquery(${config}, search_normalize(${split.rest})) && to_tsquery('simple', ${last} || ':*'))
      else ${whole} end)`;
  };
  const de = perLanguage('de');
  const en = perLanguage('en');
  return {
    t,
    de,
    en,
    searchable: sql`(querytree(${de}) not in ('', 'T') or querytree(${en}) not in ('', 'T'))`,
  };
}

/** The phrase's query in a document's language. */
const queryOf = (q: PhraseSql, locale: SQL) =>
  sql`(case when ${locale} = 'en' then ${q.en} else ${q.de} end)`;

/** Products whose translations match the phrase, with their rank; names count before descriptions. */
function fullTextMatches(q: PhraseSql): SQL {
  return sql`matches as materialized (
    select d.product_id,
      max(ts_rank_cd('{0.1,0.2,0.4,1.0}', d.document, ${queryOf(q, sql`d.locale`)})) as rank,
      bool_or(ts_filter(d.document, '{a}') @@ ${queryOf(q, sql`d.locale`)}) as in_name
    from product_search_documents d
    where ${q.searchable} and ((d.locale = 'en' and d.document @@ ${q.en}) or (d.locale <> 'en' and d.document @@ ${q.de}))
    group by d.product_id
  )`;
}

/** Products whose normalised name is close to the phrase (typo fallback), best first. */
function typoMatches(t: SQL): SQL {
  return sql`matches as materialized (
    select s.product_id, max(word_similarity(${t}, s.name_norm)) as rank, false as in_name
    from product_search_documents s
    where ${t} <% s.name_norm
    group by s.product_id
    order by rank desc, s.product_id
    limit ${maxTypoCandidates}
  )`;
}

/** The matches that are listed (the catalogue's read model, product-listings.ts). */
const listedMatches = sql`select m.product_id as id, m.rank, m.in_name
    from matches m join product_listings l on l.product_id = m.product_id and l.listed`;

/** One page of matches with its total and each translation's headlines of name and description. */
function pageStatement(opts: {
  page: Page;
  /** The CTE `matches` (product_id, rank, in_name). */
  matches: SQL;
  headlineQuery: (t: SQL) => SQL;
  config: (locale: SQL) => SQL;
}): SQL {
  const { page, matches, headlineQuery, config } = opts;
  const headline = (text: SQL) =>
    sql`ts_headline(${config(sql`t.locale`)}, search_normalize(${text}), ${headlineQuery(sql`t`)}, ${headlineOptions})`;
  return sql`with ${matches},
    page as (
      select x.*, count(*) over () as total from (${listedMatches}) x
      order by x.in_name desc, x.rank desc, x.id
      limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}
    )
    select pg.total, ${listingFields},
      (select json_object_agg(t.locale, json_build_object(
          'name', ${headline(sql`t.name`)},
          'description', case when t.description is null then null else ${headline(sql`t.description`)} end))
        from product_translations t where t.product_id = pg.id) as headlines
    from page pg join product_listings l on l.product_id = pg.id ${listingStock}
    order by pg.in_name desc, pg.rank desc, pg.id`;
}

/** The locale whose translation gave the shown field (the product view's language fallback). */
function sourceLocale(p: ProductData, field: 'name' | 'description', locale: Locale): string | null {
  const value = p[field];
  if (value === null) return null;
  const order = [locale, 'de', ...Object.keys(p.translations)] as Locale[];
  return order.find((l) => p.translations[l]?.[field] === value) ?? null;
}

function toHit(row: HitRow, locale: Locale): SearchHitData {
  const product = listedProductData(row, locale);
  const headlines = row.headlines ?? {};
  const nameLocale = sourceLocale(product, 'name', locale);
  const descriptionLocale = sourceLocale(product, 'description', locale);
  const description = product.description ?? '';
  return {
    ...product,
    highlights: {
      name: segmentsFromHeadline(product.name, nameLocale ? (headlines[nameLocale]?.name ?? null) : null),
      description: excerptOf(
        segmentsFromHeadline(
          description,
          descriptionLocale ? (headlines[descriptionLocale]?.description ?? null) : null,
        ),
        descriptionExcerptChars,
      ),
    },
  };
}

/**
 * One page of listed products matching a phrase, best first: full text (German and English
 * stemming, transcriptions, prefix of the last word), else names close to the phrase (typos).
 * A phrase without searchable words (stop words, symbols) finds nothing.
 */
export async function searchProducts(opts: {
  db: Database;
  locale: Locale;
  phrase: string;
  page: Page;
}): Promise<{ items: SearchHitData[]; totalItems: number }> {
  const { db, locale, page } = opts;
  const phrase = opts.phrase.trim();
  if (!/[\p{L}\p{N}]/u.test(phrase)) return { items: [], totalItems: 0 };

  return db.transaction(async (tx) => {
    // Local to this transaction: the threshold of the typo fallback's `<%` operator, and no JIT:
    // compiling these statements took 0.1 to 1 s where running them takes milliseconds (measured on
    // PostgreSQL 15 with 20,000 products).
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(typoThreshold)}, true),
        set_config('jit', 'off', true)`,
    );
    const q = phraseSql(phrase);
    const matches = fullTextMatches(q);
    const rows = await query<HitRow>(
      tx,
      pageStatement({
        page,
        matches,
        headlineQuery: (t) => queryOf(q, sql`${t}.locale`),
        config: (l) => sql`search_config(${l})`,
      }),
    );
    if (rows.length > 0) {
      return { items: rows.map((r) => toHit(r, locale)), totalItems: Number(rows[0]!.total) };
    }
    const [counted] = await query<{ n: number | string; searchable: boolean }>(
      tx,
      sql`with ${matches} select (select count(*) from (${listedMatches}) x) as n, ${q.searchable} as searchable`,
    );
    // Stop words, symbols or only `-word`: nothing to look for, so no typo fallback either.
    if (!counted?.searchable) return { items: [], totalItems: 0 };
    if (Number(counted.n) > 0) return { items: [], totalItems: Number(counted.n) };
    return searchByTypo({ tx, locale, phrase, page });
  });
}

/** The typo fallback: names whose words are close to the phrase's, the close words marked. */
async function searchByTypo(opts: {
  tx: Tx;
  locale: Locale;
  phrase: string;
  page: Page;
}): Promise<{ items: SearchHitData[]; totalItems: number }> {
  const { tx, locale, phrase, page } = opts;
  const t = sql`search_normalize(${phrase})`;
  const matches = typoMatches(t);
  // The name's words close to a word of the phrase, as a tsquery of plain words for ts_headline.
  const closeWords = (tr: SQL) => sql`(select plainto_tsquery('simple', string_agg(w, ' '))
    from unnest(regexp_split_to_array(search_normalize(${tr}.name), '[^[:alnum:]]+')) w
    where w <> '' and exists (select 1 from unnest(regexp_split_to_array(${t}, '[^[:alnum:]]+')) qw
      where qw <> '' and similarity(w, qw) >= ${typoWordSimilarity}))`;
  const rows = await query<HitRow>(
    tx,
    pageStatement({
      page,
      matches,
      headlineQuery: closeWords,
      config: () => sql`'simple'::regconfig`,
    }),
  );
  const totalItems = await totalOfPage(rows, page, async () => {
    const [c] = await query<{ n: number | string }>(
      tx,
      sql`with ${matches} select count(*) as n from (${listedMatches}) x`,
    );
    return c?.n;
  });
  return { items: rows.map((r) => toHit(r, locale)), totalItems };
}
