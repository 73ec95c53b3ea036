import './lib/zod-config.ts';
import { type DehydratedState, dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import { StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { type RouteTexts, routes } from './app/router.tsx';
import { setApiFetch } from './lib/api-client.ts';
import { loadErrorTexts } from './lib/error-text.tsx';
import { i18n, textsModule } from './lib/i18n.ts';
import { type PageHead, PageHeadContext } from './ssr/page-head.ts';
import { serverRenderedRoutes } from './ssr/server-rendered-routes.ts';

/*
 * The server render of the public pages (decision 021). The API imports the SSR build of this
 * module (dist-server/entry-server.js) and calls `render` for a GET of a page that
 * `serverRenderedRoute` names; every other page stays the client-rendered shell.
 */

export type { PageHead };

/** The route path of `pathname` when the server renders it, else null (the shell is sent). */
export function serverRenderedRoute(pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  const path = matches?.at(-1)?.route.path;
  return path !== undefined && path in serverRenderedRoutes ? path : null;
}

/** The source module of a server-rendered route (a key of the Vite manifest), for preloading. */
export function routeModuleOf(routePath: string): string | undefined {
  return serverRenderedRoutes[routePath];
}

export type RenderOptions = {
  /** Path and query of the page. */
  url: string;
  /** The public origin (`https://…`), for the router's Request. */
  origin: string;
  locale: Locale;
  /** Answers the page's API calls (the API passes one that calls its routes in-process). */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
};

export type RenderResult = {
  status: number;
  head: PageHead;
  /** The TanStack Query state the client hydrates with (goes into a JSON script tag). */
  state: DehydratedState;
  /**
   * The Vite manifest keys of the texts the page's first render read (`common` and the matched
   * routes' `handle.texts`), for the server to preload with the page's chunks.
   */
  textModules: string[];
  /** Streams the page's HTML (the content of #root) into `destination`. */
  pipe: <W extends NodeJS.WritableStream>(destination: W) => W;
};

const handler = createStaticHandler(routes);

// One render at a time per process: the i18n instance and the API fetch of the web's modules are
// process-wide, as they are in the browser. A render takes milliseconds; see decision 021.
let queue: Promise<unknown> = Promise.resolve();

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Queries the last render asked for and nobody fetched yet. */
function unfetched(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q));
}

/** Renders one page: its data first (as the client would load it), then the streamed HTML. */
export function render(opts: RenderOptions): Promise<RenderResult> {
  const run = queue.then(() => renderNow(opts));
  queue = run.then(
    (r) => r.done,
    () => undefined,
  );
  return run.then((r) => r.result);
}

async function renderNow(opts: RenderOptions): Promise<{ result: RenderResult; done: Promise<void> }> {
  setApiFetch(opts.fetch);
  await i18n.changeLanguage(opts.locale);
  // a failed read renders the catalogue's sentence (lib/error-text.tsx), loaded once per process
  await loadErrorTexts();
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = () => {
      setApiFetch(null);
      resolve();
    };
  });
  try {
    const context = await handler.query(new Request(new URL(opts.url, opts.origin)));
    if (context instanceof Response) throw new Error('a public page answered a redirect');
    const router = createStaticRouter(handler.dataRoutes, context);
    const textModules = [
      'common' as const,
      ...context.matches.flatMap((m) => (m.route.handle as RouteTexts | undefined)?.texts ?? []),
    ].map((ns) => textsModule(opts.locale, ns));
    const client = new QueryClient({
      defaultOptions: {
        queries: { staleTime: 60_000, retry: false, retryOnMount: false, gcTime: Number.POSITIVE_INFINITY },
      },
    });
    const head: PageHead = {};
    const app = (
      <StrictMode>
        <PageHeadContext.Provider value={head}>
          <AppProviders client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </PageHeadContext.Provider>
      </StrictMode>
    );
    // Render to learn which queries the page asks for, fetch them, and again for the queries that
    // depend on their answers (a product's creator...), at most a few rounds.
    const clearHead = () => {
      for (const key of Object.keys(head)) delete head[key as keyof PageHead];
    };
    for (let round = 0; round < 4; round++) {
      clearHead();
      renderToString(app);
      const missing = unfetched(client);
      if (missing.length === 0) break;
      await Promise.all(missing.map((q) => q.fetch().catch(() => undefined)));
    }
    const state = dehydrate(client, {
      // failed answers too: the client's first render must show the same not-found or error
      shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error',
    });
    clearHead();
    const result = await new Promise<RenderResult>((resolve, reject) => {
      const stream = renderToPipeableStream(app, {
        onAllReady() {
          // every component has rendered; piping only writes out what is done
          release();
          resolve({
            status: head.status ?? context.statusCode ?? 200,
            head,
            state,
            textModules,
            pipe: (destination) => stream.pipe(destination),
          });
        },
        onShellError(err) {
          reject(err);
        },
      });
    });
    return { result, done };
  } catch (err) {
    release();
    throw err;
  }
}
