import type { Locale } from '@token/domain/i18n';
import type { SearchSegment } from '@token/domain/marketplace';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
import { type ProductData, type ProductRow, productJson, toProductData } from '../catalog/product-rows.ts';
import { listedProducts } from '../catalog/products.service.ts';
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
type HitRow = { total: number | string; data: ProductRow; headlines: Headlines | null };

/** Characters of the description shown around its first match. */
const descriptionExcerptChars = 240;
/** pg_trgm word similarity a name needs to be offered for a phrase with a typo. */
const typoThreshold = 0.5;
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
 * `q(de, en, searchable)`: the phrase as a tsquery per language (`searchable` when it has a word to
 * look for: not only stop words, symbols or `-word`); the last word also as a prefix when it is a
 * plain word of at least two letters that is no stop word (its normalised form is then only
 * [a-z0-9], so appending `:*` cannot form other syntax).
 */
function phraseQueries(phrase: string): SQL {
  const split = splitLastWord(phrase);
  const perLanguage = (config: SQL) => {
    const whole = sql`websearch_to_tsquery(${config}, n.t)`;
    if (!split) return whole;
    return sql`case when n.last ~ '^[a-z0-9]{2,}$' and numnode(plainto_tsquery(${config}, n.last)) > 0
      then ${whole} || (plainto_tsquery(${config}, n.rest) && to_tsquery('simple', n.last || ':*'))
      else ${whole} end`;
  };
  return sql`n as (
      select search_normalize(${phrase}) as t, search_normalize(${split?.rest ?? ''}) as rest,
        search_normalize(${split?.last ?? ''}) as last
    ),
    q0 as (select ${perLanguage(sql`search_config('de')`)} as de, ${perLanguage(sql`search_config('en')`)} as en
      from n),
    q as (select de, en, querytree(de) not in ('', 'T') or querytree(en) not in ('', 'T') as searchable from q0)`;
}

/** The query of a document's language. */
const queryOf = (locale: SQL) => sql`(case when ${locale} = 'en' then q.en else q.de end)`;

/** Products whose translations match the phrase, with their rank; names count before descriptions. */
const fullTextMatches = sql`matches as (
    select d.product_id,
      max(ts_rank_cd('{0.1,0.2,0.4,1.0}', d.document, ${queryOf(sql`d.locale`)})) as rank,
      bool_or(ts_filter(d.document, '{a}') @@ ${queryOf(sql`d.locale`)}) as in_name
    from product_search_documents d, q
    where q.searchable and ((d.locale = 'en' and d.document @@ q.en) or (d.locale <> 'en' and d.document @@ q.de))
    group by d.product_id
  )`;

/** Products whose normalised name is close to the phrase (typo fallback), best first. */
const typoMatches = sql`matches as (
    select s.product_id, max(word_similarity(n.t, s.name_norm)) as rank, false as in_name
    from product_search_documents s, n
    where n.t <% s.name_norm
    group by s.product_id
  )`;

function listedMatches(locale: Locale): SQL {
  return sql`select l.id, l.dv_id, m.rank, m.in_name
    from matches m cross join lateral (
      select p.id, dv.id as dv_id ${listedProducts(locale, {})} and p.id = m.product_id
    ) l`;
}

/** One page of matches with its total and each translation's headlines of name and description. */
function pageStatement(opts: {
  locale: Locale;
  page: Page;
  /** The CTEs `n` (the normalised phrase), `matches` and what `headlineQuery` needs, and their names. */
  ctes: SQL;
  uses: SQL;
  headlineQuery: (t: SQL) => SQL;
  config: (locale: SQL) => SQL;
}): SQL {
  const { locale, page, ctes, uses, headlineQuery, config } = opts;
  const headline = (text: SQL) =>
    sql`ts_headline(${config(sql`t.locale`)}, search_normalize(${text}), ${headlineQuery(sql`t`)}, ${headlineOptions})`;
  return sql`with ${ctes},
    page as (
      select x.*, count(*) over () as total from (${listedMatches(locale)}) x
      order by x.in_name desc, x.rank desc, x.id
      limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}
    )
    select pg.total, ${productJson(sql`pg.dv_id`)} as data,
      (select json_object_agg(t.locale, json_build_object(
          'name', ${headline(sql`t.name`)},
          'description', case when t.description is null then null else ${headline(sql`t.description`)} end))
        from product_translations t where t.product_id = p.id) as headlines
    from page pg join products p on p.id = pg.id, ${uses}
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
  const product = toProductData(row.data, locale);
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

  const ctes = sql`${phraseQueries(phrase)}, ${fullTextMatches}`;
  const rows = await query<HitRow>(
    db,
    pageStatement({
      locale,
      page,
      ctes,
      uses: sql`n, q`,
      headlineQuery: (t) => queryOf(sql`${t}.locale`),
      config: (l) => sql`search_config(${l})`,
    }),
  );
  if (rows.length > 0)
    return { items: rows.map((r) => toHit(r, locale)), totalItems: Number(rows[0]!.total) };

  const [counted] = await query<{ n: number | string; searchable: boolean }>(
    db,
    sql`with ${ctes} select (select count(*) from (${listedMatches(locale)}) x) as n, q.searchable from q`,
  );
  // Stop words, symbols or only `-word`: nothing to look for, so no typo fallback either.
  if (!counted?.searchable) return { items: [], totalItems: 0 };
  if (Number(counted.n) > 0) return { items: [], totalItems: Number(counted.n) };
  return searchByTypo({ db, locale, phrase, page });
}

/** The typo fallback: names whose words are close to the phrase's, the close words marked. */
async function searchByTypo(opts: {
  db: Database;
  locale: Locale;
  phrase: string;
  page: Page;
}): Promise<{ items: SearchHitData[]; totalItems: number }> {
  const { db, locale, phrase, page } = opts;
  const ctes = sql`n as (select search_normalize(${phrase}) as t), ${typoMatches}`;
  // The name's words close to a word of the phrase, as a tsquery of plain words for ts_headline.
  const closeWords = (t: SQL) => sql`(select plainto_tsquery('simple', string_agg(w, ' '))
    from regexp_split_to_table(search_normalize(${t}.name), '[^[:alnum:]]+') w
    where w <> '' and exists (select 1 from regexp_split_to_table(n.t, '[^[:alnum:]]+') qw
      where qw <> '' and similarity(w, qw) >= ${typoWordSimilarity}))`;
  return db.transaction(async (tx) => {
    // Local to this transaction: the threshold of the `<%` operator (so the trigram index serves it).
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(typoThreshold)}, true)`,
    );
    const rows = await query<HitRow>(
      tx,
      pageStatement({
        locale,
        page,
        ctes,
        uses: sql`n`,
        headlineQuery: closeWords,
        config: () => sql`'simple'::regconfig`,
      }),
    );
    const totalItems = await totalOfPage(rows, page, async () => {
      const [c] = await query<{ n: number | string }>(
        tx,
        sql`with ${ctes} select count(*) as n from (${listedMatches(locale)}) x`,
      );
      return c?.n;
    });
    return { items: rows.map((r) => toHit(r, locale)), totalItems };
  });
}
