import './styles.css';
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, routes } from './app/router.tsx';
import { ApiError } from './lib/api-client.ts';
import { loadErrorTexts } from './lib/error-text.tsx';
import { appReadyAttribute } from './lib/hydrated.ts';
import {
  chosenLocale,
  commonTextsReady,
  i18n,
  localeCookie,
  rememberLocale,
  serverRenderedLocale,
} from './lib/i18n.ts';
import { getSession } from './lib/session-store.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The server render's TanStack Query state (decision 021), its failures as ApiError again. */
function serverState(): DehydratedState | null {
  const script = document.getElementById('ssr-state');
  if (!script?.textContent) return null;
  const state = JSON.parse(script.textContent) as DehydratedState;
  for (const q of state.queries) {
    const error = q.state.error as ConstructorParameters<typeof ApiError>[0] | null;
    if (error) q.state.error = new ApiError(error);
  }
  return state;
}

/**
 * Whether the browser can take over the server's HTML as it is: a visitor (the server renders
 * nobody's session) whose language is the page's. A visitor from before the `locale` cookie whose
 * stored language differs gets the page rendered anew in it, once.
 */
function canHydrate(serverLocale: string): boolean {
  if (getSession() !== null) return false;
  const chosen = chosenLocale();
  const cookieSet = document.cookie.split('; ').some((c) => c.startsWith(`${localeCookie}=`));
  const explicit = new URLSearchParams(window.location.search).has('locale');
  return chosen === null || chosen === serverLocale || cookieSet || explicit;
}

/** Loads the lazy modules of the page's routes, so the first render is the page, not a fallback. */
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** Marks the document once React owns it, hydrated or rendered (`html[data-app-ready]`). */
function AppReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute(appReadyAttribute, '');
  }, []);
  return null;
}

async function start(container: HTMLElement) {
  const state = serverState();
  const serverLocale = serverRenderedLocale;
  if (state && serverLocale && canHydrate(serverLocale)) {
    // the server's language is the visitor's from now on (and the cookie tells the next render)
    rememberLocale(serverLocale);
    await i18n.changeLanguage(serverLocale);
    await loadMatchedRoutes();
    // a failed read was rendered with the catalogue's sentence: hydrate with the same text
    if (state.queries.some((q) => q.state.error)) await loadErrorTexts();
    hydrateRoot(
      container,
      <StrictMode>
        <AppProviders dehydratedState={state}>
          <RouterProvider router={createAppRouter()} />
          <AppReadyMark />
        </AppProviders>
      </StrictMode>,
    );
    return;
  }
  // the visitor's own choice wins over the language a server-rendered page came in (canHydrate)
  const chosen = chosenLocale();
  if (chosen) {
    rememberLocale(chosen);
    await i18n.changeLanguage(chosen).catch(() => undefined);
  }
  await commonTextsReady();
  createRoot(container).render(
    <StrictMode>
      <AppProviders dehydratedState={state ?? undefined}>
        <RouterProvider router={createAppRouter()} />
        <AppReadyMark />
      </AppProviders>
    </StrictMode>,
  );
}

void start(root);
