import { cmsBlockViewSchema, cmsPageViewSchema } from '@token/domain/cms';
import { z } from 'zod';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { getBlock, getPage, listBlocks, listPages } from './cms.service.ts';

const codeParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
/** `code=a`, `code=a&code=b` or `code[]=a&code[]=b`: one code or a list of codes. */
const codeList = z
  .union([codeParam, z.array(codeParam).min(1).max(100)])
  .transform((v) => (Array.isArray(v) ? v : [v]));

// spec 9: cms pages are fetched with limit 200, the maximum.
const maxPages = 200;

/** Merges `code` and `code[]` into one filter; undefined when neither is given. */
function codesOf(query: {
  code?: string[] | undefined;
  'code[]'?: string[] | undefined;
}): string[] | undefined {
  if (!query.code && !query['code[]']) return undefined;
  return [...(query.code ?? []), ...(query['code[]'] ?? [])];
}

/** CMS plugin: blocks and pages in de/en. */
export async function cmsRoutes(app: App) {
  app.get(
    '/cms-plugin/blocks',
    {
      config: { etag: true },
      schema: {
        tags: ['cms'],
        summary: 'Enabled content blocks, optionally filtered by code',
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(100, 200),
          code: codeList.optional(),
          'code[]': codeList.optional(),
        }),
        response: { 200: collectionOf(cmsBlockViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listBlocks({
        db: app.db,
        locale: request.locale,
        codes: codesOf(request.query),
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Block',
        idOf: (b) => iri('cms-plugin/blocks', b.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/cms-plugin/blocks/:code',
    {
      config: { etag: true },
      schema: {
        tags: ['cms'],
        summary: 'One enabled content block by code',
        params: z.object({ code: codeParam }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: cmsBlockViewSchema },
      },
    },
    async (request, reply) => {
      const block = await getBlock({ db: app.db, locale: request.locale, code: request.params.code });
      return sendItem(request, reply, block, {
        '@id': iri('cms-plugin/blocks', block.code),
        '@type': 'Block',
      });
    },
  );

  app.get(
    '/cms-plugin/pages',
    {
      config: { etag: true },
      schema: {
        tags: ['cms'],
        summary: 'Enabled pages (legal texts, contact), filtered by code or code[]; limit is the page size',
        querystring: z.strictObject({
          ...localeQuery,
          page: pagingQuery(maxPages, maxPages).page,
          itemsPerPage: z.coerce.number().int().min(1).max(maxPages).optional(),
          limit: z.coerce.number().int().min(1).max(maxPages).optional(),
          code: codeList.optional(),
          'code[]': codeList.optional(),
        }),
        response: { 200: collectionOf(cmsPageViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, limit, itemsPerPage: perPage } = request.query;
      const itemsPerPage = limit ?? perPage ?? maxPages;
      const result = await listPages({
        db: app.db,
        locale: request.locale,
        codes: codesOf(request.query),
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Page',
        idOf: (p) => iri('cms-plugin/pages', p.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/cms-plugin/pages/:code',
    {
      config: { etag: true },
      schema: {
        tags: ['cms'],
        summary: 'One enabled page by code',
        params: z.object({ code: codeParam }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: cmsPageViewSchema },
      },
    },
    async (request, reply) => {
      const page = await getPage({ db: app.db, locale: request.locale, code: request.params.code });
      return sendItem(request, reply, page, { '@id': iri('cms-plugin/pages', page.code), '@type': 'Page' });
    },
  );
}
