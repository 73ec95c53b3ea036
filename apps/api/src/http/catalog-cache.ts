import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { availableQuantity, isInStock } from '@token/domain/catalog';
import { rankByQuality } from '@token/domain/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesIfNoneMatch, weakEtag } from './etag.ts';
import { wantsPlainJson } from './hydra.ts';

/*
 * Catalogue reads are the hot path and change rarely, but gathering a page of products costs
 * PostgreSQL ~100x a `SELECT 1`. So each process keeps the serialised answers it gave, tagged with
 * the catalogue revision they were read at. Every request first reads the revision (one tiny indexed
 * row, bumped at commit by triggers on every catalogue table, migration 0001): equal -> the cached
 * body is exactly what a fresh read would give; different -> read afresh. The revision is read
 * BEFORE the data, so an entry can only be tagged older than its data, never newer: a stale entry
 * is never served, in this process or any other.
 */

type Encoding = 'br' | 'gzip';

/** The revisions a cached answer was read at (migrations 0001 and 0006). */
export type CatalogRevisions = { revision: number; stockRevision: number };

/** Fresh stock figures of variants by code (decision 001: availableQuantity = max(0, onHand - onHold)). */
export type StockFigures = { onHand: number; onHold: number; tracked: boolean };

type Entry = {
  revision: number;
  /** The stock revision its stock figures were read at; only these are refreshed when it moves. */
  stockRevision: number;
  /** Whether the body is JSON, whose variant figures a stock change refreshes (parsed from the body then). */
  json: boolean;
  contentType: string;
  body: Buffer;
  etag: string;
  /** Compressed once, on first demand, instead of on every answer. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

const maxEntries = 2_000;
const maxBytes = 64 * 1024 * 1024;

export type CatalogCache = {
  /**
   * Serves `render`'s answer from the cache when the catalogue has not changed since it was made,
   * with a weak ETag (computed once per entry) and 304 for a matching If-None-Match.
   */
  send: (
    request: FastifyRequest,
    reply: FastifyReply,
    render: (capture: FastifyReply) => Promise<unknown> | unknown,
  ) => Promise<FastifyReply>;
};

/** A reply stand-in that records what `sendItem`/`sendCollection` would send. */
function captureReply(): { reply: FastifyReply; result: () => { contentType: string; payload: unknown } } {
  let contentType = 'application/json; charset=utf-8';
  let payload: unknown;
  const fake = {
    type(value: string) {
      contentType = value;
      return fake;
    },
    header() {
      return fake;
    },
    send(value: unknown) {
      payload = value;
      return fake;
    },
  };
  return { reply: fake as unknown as FastifyReply, result: () => ({ contentType, payload }) };
}

type VariantNode = {
  code: string;
  onHand: number;
  onHold: number;
  availableQuantity: number;
  inStock: boolean;
  tracked: boolean;
};

function isVariantNode(value: unknown): value is VariantNode {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' &&
    typeof v.onHold === 'number' &&
    typeof v.onHand === 'number' &&
    typeof v.availableQuantity === 'number' &&
    typeof v.inStock === 'boolean'
  );
}

/** Every variant view (an object with code and stock figures) inside an answer. */
function variantNodes(value: unknown, out: VariantNode[] = []): VariantNode[] {
  if (Array.isArray(value)) {
    for (const item of value) variantNodes(item, out);
  } else if (typeof value === 'object' && value !== null) {
    if (isVariantNode(value)) out.push(value);
    for (const child of Object.values(value)) variantNodes(child, out);
  }
  return out;
}

/** br, else gzip, when the client accepts it (q > 0); null for identity. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(rankByQuality(acceptEncoding));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * The catalogue's read cache. `readRevision` gives the catalogue revision now
 * (`readCatalogRevision` of modules/catalog); null (no revision row) disables caching.
 */
export function createCatalogCache(opts: {
  readRevision: () => Promise<CatalogRevisions | null>;
  readStock: (variantCodes: string[]) => Promise<Map<string, StockFigures>>;
}): CatalogCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let newest = -1;

  const remember = (key: string, entry: Entry) => {
    if (entry.revision > newest) {
      // Everything older is stale for good.
      entries.clear();
      bytes = 0;
      newest = entry.revision;
    }
    if (entry.revision < newest) return;
    const size = entry.body.length * 2; // room for its compressed forms
    if (size > maxBytes / 16) return;
    const old = entries.get(key);
    if (old) {
      bytes -= old.body.length * 2;
      entries.delete(key);
    }
    while (entries.size >= maxEntries || bytes + size > maxBytes) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      bytes -= entries.get(oldest.value)!.body.length * 2;
      entries.delete(oldest.value);
    }
    entries.set(key, entry);
    bytes += size;
  };

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    entry: Pick<Entry, 'contentType' | 'body' | 'etag' | 'encoded'>,
  ) => {
    reply
      .header('etag', entry.etag)
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('vary', 'Accept, Accept-Language, Accept-Encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) {
      return reply.code(304).send();
    }
    reply.type(entry.contentType);
    const encoding = entry.body.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(entry.body);
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = compress(entry.body, encoding);
      entry.encoded[encoding] = encoded;
    }
    // An encoded reply passes @fastify/compress untouched.
    return reply.header('content-encoding', encoding).send(encoded);
  };

  /**
   * Decision 011: an order moves stock on hold, which bumps only the stock revision. The cached
   * answer keeps everything else; its variants' figures are read afresh (one indexed query) and the
   * body re-serialised. The stock revision is read before the figures, so the entry is never tagged
   * newer than its data.
   */
  const refreshStock = async (request: FastifyRequest, key: string, hit: Entry, stockRevision: number) => {
    // Parsed only now: most entries never see a stock change, and parsing each fresh answer for
    // one would cost every uncached read a second pass over its JSON.
    const payload = JSON.parse(hit.body.toString()) as unknown;
    const nodes = variantNodes(payload);
    if (nodes.length === 0) {
      const entry = { ...hit, stockRevision };
      remember(key, entry);
      return entry;
    }
    const figures = await opts.readStock([...new Set(nodes.map((n) => n.code))]);
    for (const node of nodes) {
      const f = figures.get(node.code);
      if (!f) continue;
      node.onHand = f.onHand;
      node.onHold = f.onHold;
      node.tracked = f.tracked;
      node.availableQuantity = availableQuantity(f);
      node.inStock = isInStock(f);
    }
    const body = Buffer.from(JSON.stringify(payload));
    const entry: Entry = {
      ...hit,
      stockRevision,
      body,
      etag: weakEtag(body, hit.contentType, request.locale),
      encoded: {},
    };
    remember(key, entry);
    return entry;
  };

  return {
    async send(request, reply, render) {
      const revisions = await opts.readRevision();
      // The answer depends on the path and query (also the Hydra links), the language and the format.
      const key = `${request.locale}|${wantsPlainJson(request) ? 'json' : 'ld'}|${request.url}`;
      const hit = entries.get(key);
      if (hit && revisions !== null && hit.revision === revisions.revision) {
        if (hit.stockRevision === revisions.stockRevision) return answer(request, reply, hit);
        if (hit.json) {
          return answer(request, reply, await refreshStock(request, key, hit, revisions.stockRevision));
        }
      }
      const capture = captureReply();
      await render(capture.reply);
      const { contentType, payload } = capture.result();
      const body = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
      const etag = weakEtag(body, contentType, request.locale);
      const entry = { contentType, body, etag, encoded: {} };
      if (revisions !== null) {
        remember(key, {
          revision: revisions.revision,
          stockRevision: revisions.stockRevision,
          json: typeof payload !== 'string',
          ...entry,
        });
      }
      return answer(request, reply, entry);
    },
  };
}
