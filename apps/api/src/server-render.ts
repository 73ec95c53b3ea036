import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { isLocale, type Locale, negotiateLocale } from '@token/domain/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './http/types.ts';

/*
 * The server render of the public pages (decision 021): the web's SSR build
 * (apps/web/dist-server/entry-server.js, built by `npm run build` beside the SPA) renders the page
 * with its data, fetched through this app's own routes in-process (app.inject), and this module
 * wraps it in the SPA's index.html with the page's head (title, description, canonical, Open
 * Graph, JSON-LD) and the TanStack Query state in a JSON script tag (no inline JavaScript: the CSP
 * stays `script-src 'self'`).
 */

type PageHead = {
  title?: string;
  description?: string;
  image?: string | undefined;
  type?: 'website' | 'product';
  jsonLd?: Record<string, unknown>;
};
type EntryServer = {
  serverRenderedRoute(pathname: string): string | null;
  routeModuleOf(routePath: string): string | undefined;
  render(opts: {
    url: string;
    origin: string;
    locale: Locale;
    fetch: (input: string, init: RequestInit) => Promise<Response>;
  }): Promise<{
    status: number;
    head: PageHead;
    state: unknown;
    /** The Vite manifest keys of the texts the page read (preloaded with its chunks). */
    textModules: string[];
    pipe: <W extends NodeJS.WritableStream>(destination: W) => W;
  }>;
};
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

export type ServerRenderer = {
  /** Whether `pathname` is a server-rendered page. */
  renders(pathname: string): boolean;
  /** Renders the page of `request` into `reply`. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
};

/** The SSR build beside a web dist (`apps/web/dist` → `apps/web/dist-server`). */
export function serverDistOf(webDist: string): string {
  return resolve(webDist, '..', 'dist-server');
}

/** The visitor's language: `?locale=`, else the `locale` cookie the web app sets, else Accept-Language. */
export function pageLocale(request: FastifyRequest): Locale {
  const q = request.query as Record<string, unknown> | undefined;
  if (typeof q?.locale === 'string' && isLocale(q.locale)) return q.locale;
  const cookie = /(?:^|;\s*)locale=([a-z]{2})(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
  return negotiateLocale(cookie, request.headers['accept-language']);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside a script tag: nothing in it can close the tag or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const ogLocale: Record<Locale, string> = { de: 'de_DE', en: 'en_GB' };

/** The page's head tags: title, description, canonical and language alternates, Open Graph, JSON-LD. */
export function headTags(head: PageHead, opts: { publicUrl: string; pathname: string; locale: Locale }) {
  const base = opts.publicUrl.replace(/\/$/, '');
  const url = (l: Locale) => `${base}${opts.pathname}?locale=${l}`;
  const absolute = (src: string) => (/^https?:\/\//.test(src) ? src : `${base}${src}`);
  const title = head.title ?? 'Tokenwerk';
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : '',
    `<link rel="canonical" href="${escapeHtml(url(opts.locale))}" />`,
    `<link rel="alternate" hreflang="de" href="${escapeHtml(url('de'))}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(url('en'))}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${base}${opts.pathname}`)}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}" />` : '',
    `<meta property="og:url" content="${escapeHtml(url(opts.locale))}" />`,
    `<meta property="og:locale" content="${ogLocale[opts.locale]}" />`,
    `<meta property="og:site_name" content="Tokenwerk" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(absolute(head.image))}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    head.jsonLd
      ? `<script type="application/ld+json">${scriptJson(
          head.jsonLd.image && typeof head.jsonLd.image === 'string'
            ? { ...head.jsonLd, image: absolute(head.jsonLd.image) }
            : head.jsonLd,
        )}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** A fetch for the web's API client that calls this app's routes in-process. */
function injectFetch(app: App, request: FastifyRequest) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: input,
      headers: {
        ...(init.headers as Record<string, string>),
        // the page's calls count as the visitor's for logs and rate limits
        'x-forwarded-for': request.ip,
        'x-request-id': request.id,
      },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/** Loads the SSR build; null when it was not built (the SPA shell is served as before). */
export async function loadServerRenderer(app: App, webDist: string): Promise<ServerRenderer | null> {
  const entryFile = join(serverDistOf(webDist), 'entry-server.js');
  const manifestFile = join(webDist, '.vite/manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as EntryServer;
  // The page is painted by its HTML: its JavaScript (entry and preloads) loads at low priority, so
  // it does not compete with the stylesheet and the main picture, and the stylesheet is inlined, so
  // the first paint waits for no second request (the CSP allows inline styles for Radix already).
  const inlinedCss = new Set<string>();
  const template = readFileSync(join(webDist, 'index.html'), 'utf8')
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(
      /<link rel="modulepreload" crossorigin/g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    )
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
      const path = join(webDist, file);
      if (!existsSync(path)) return tag;
      inlinedCss.add(file);
      return `<style>${readFileSync(path, 'utf8')}</style>`;
    });
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  /**
   * The route module's chunks and styles and the page's texts in its language, preloaded so
   * hydration waits for no second round trip.
   */
  const preloads = (routePath: string, textModules: string[]) => {
    const key = entry.routeModuleOf(routePath);
    const files = new Set<string>();
    const css = new Set<string>();
    const walk = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) walk(i);
    };
    if (key) walk(key);
    for (const k of textModules) walk(k);
    const entryChunk = Object.values(manifest).find((c) => c.isEntry);
    return [...[...files].filter((f) => f !== entryChunk?.file && !template.includes(f))]
      .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}" />`)
      .concat(
        // a route's own stylesheet only: the app's, inlined above, would be parsed and applied twice
        [...css]
          .filter((f) => !inlinedCss.has(f) && !template.includes(f))
          .map((f) => `<link rel="stylesheet" href="/${f}" />`),
      )
      .join('\n    ');
  };

  return {
    renders: (pathname) => entry.serverRenderedRoute(pathname) !== null,
    async send(request, reply) {
      const pathname = request.url.split('?')[0] ?? '/';
      const routePath = entry.serverRenderedRoute(pathname) ?? '*';
      const locale = pageLocale(request);
      const page = await entry.render({
        url: request.url,
        origin: app.config.publicUrl,
        locale,
        fetch: injectFetch(app, request),
      });
      const head = headTags(page.head, { publicUrl: app.config.publicUrl, pathname, locale });
      const [before, after] = template
        .replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`)
        .replace(/<title>[^<]*<\/title>/, '')
        .replace(/<meta\s+name="description"[^>]*>/, '')
        .replace('</head>', `    ${head}\n    ${preloads(routePath, page.textModules)}\n  </head>`)
        .split('<div id="root"></div>') as [string, string];
      const out = new PassThrough();
      out.write(`${before}<div id="root">`);
      const body = new PassThrough();
      body.on('data', (chunk: Buffer) => out.write(chunk));
      body.on('end', () => {
        out.end(
          `</div><script type="application/json" id="ssr-state">${scriptJson(page.state)}</script>${after}`,
        );
      });
      page.pipe(body);
      return reply
        .code(page.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-language', locale)
        .header('vary', 'Accept-Language, Cookie')
        .send(out);
    },
  };
}
