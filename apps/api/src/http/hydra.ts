import { rankByQuality } from '@token/domain/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Page } from '../db/paging.ts';

export const apiBase = '/api/v2/shop';

/** IRI of a resource, as API Platform writes relations. */
export function iri(resource: string, id: string | number): string {
  return `${apiBase}/${resource}/${encodeURIComponent(String(id))}`;
}

/**
 * Representation chosen from Accept: `application/json` (preferred explicitly) gets plain data;
 * `application/ld+json`, `*\/*` or nothing gets JSON-LD/Hydra, API Platform's default format.
 */
export function wantsPlainJson(request: FastifyRequest): boolean {
  for (const type of rankByQuality(request.headers.accept)) {
    if (type === 'application/json') return true;
    if (type === 'application/ld+json' || type === '*/*' || type === 'application/*') return false;
  }
  return false;
}

export type JsonLdMeta = { '@id': string; '@type': string };

/** Adds `@context`, `@id` and `@type` for JSON-LD, or leaves the item plain for JSON. */
export function sendItem<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  item: T,
  meta: JsonLdMeta,
) {
  if (wantsPlainJson(request)) return reply.type('application/json; charset=utf-8').send(item);
  return reply
    .type('application/ld+json; charset=utf-8')
    .send({ '@context': `/api/v2/shop/contexts/${meta['@type']}`, ...meta, ...item });
}

/** Sends a list: a Hydra collection with paging links for JSON-LD, a plain array for JSON. */
export function sendCollection<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    items: T[];
    totalItems: number;
    type: string;
    idOf: (item: T) => string;
    page?: Page | undefined;
    /**
     * Keyset paging: when the request named a cursor (`param`), the view links the page after this
     * one by the cursor `next` (null: this is the last page) instead of by page numbers.
     */
    cursor?: { param: string; next: string | null } | undefined;
  },
) {
  if (wantsPlainJson(request)) return reply.type('application/json; charset=utf-8').send(opts.items);
  const url = new URL(request.url, 'http://x');
  const path = url.pathname;
  const body: Record<string, unknown> = {
    '@context': `/api/v2/shop/contexts/${opts.type}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': opts.items.map((item) => ({ '@id': opts.idOf(item), '@type': opts.type, ...item })),
    'hydra:totalItems': opts.totalItems,
  };
  if (opts.cursor && url.searchParams.has(opts.cursor.param)) {
    const { param, next } = opts.cursor;
    const link = (cursor: string | null) => {
      const u = new URL(url);
      u.searchParams.delete('page');
      u.searchParams.set(param, cursor ?? '');
      return `${u.pathname}?${u.searchParams.toString()}`;
    };
    const view: Record<string, unknown> = {
      '@id': `${url.pathname}${url.search}`,
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': link(null),
    };
    if (next !== null) view['hydra:next'] = link(next);
    body['hydra:view'] = view;
  } else if (opts.page) {
    const { page, itemsPerPage } = opts.page;
    const last = Math.max(1, Math.ceil(opts.totalItems / itemsPerPage));
    const link = (p: number) => {
      const u = new URL(url);
      u.searchParams.set('page', String(p));
      return `${u.pathname}?${u.searchParams.toString()}`;
    };
    const view: Record<string, unknown> = {
      '@id': link(page),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': link(1),
      'hydra:last': link(last),
    };
    if (page > 1) view['hydra:previous'] = link(Math.min(page - 1, last));
    if (page < last) view['hydra:next'] = link(page + 1);
    body['hydra:view'] = view;
  }
  return reply.type('application/ld+json; charset=utf-8').send(body);
}

/** Query fields every shop route accepts: the language override. */
export const localeQuery = { locale: z.string().max(10).optional() };

/** Paging query with a per-resource maximum (API Platform: page, itemsPerPage). */
export function pagingQuery(defaultItems: number, maxItems: number) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    itemsPerPage: z.coerce.number().int().min(1).max(maxItems).default(defaultItems),
  };
}

/** Documents a list answer: a plain array for JSON, a Hydra collection for JSON-LD. */
export function collectionOf<T extends z.ZodType>(item: T) {
  return z.union([
    z.array(item),
    z.looseObject({ 'hydra:member': z.array(item), 'hydra:totalItems': z.number() }),
  ]);
}
