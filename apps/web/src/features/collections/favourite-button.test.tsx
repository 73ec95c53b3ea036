import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FavouriteButton } from '../../components/product-card/favourite-button.tsx';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { pendingFavouriteKey } from '../../lib/pending-favourite.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import { FavouritesPage } from './collection-pages.tsx';
import { productForTests } from './test-support.ts';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
const product = productForTests();

type Item = { id: number; '@id': string; amount: number; position: number; product: typeof product };

/** A favourites API whose POST and DELETE answer `writeStatus` (201/204, or an error). */
function favouritesApi(opts: { items?: Item[]; writeStatus?: number; gate?: Promise<void> }) {
  let items = opts.items ?? [];
  // an unanswered call falls through to mockApi's defaults (channels, 404)
  const handle = async ({ url, method, body }: ApiCall): Promise<Response | undefined> => {
    if (url === `/api/v2/shop/customers/${uuid}`)
      return Response.json(
        customerRecordForTests({
          id: 7,
          uuid,
          email: 'erika@example.com',
          firstName: 'Erika',
          lastName: 'Mustermann',
          fullName: 'Erika Mustermann',
          onboarding: { nextRoute: null, steps: [], mayBuy: true, banner: null },
        }),
      );
    if (url.startsWith('/api/v2/shop/product-collections?type=favourites'))
      return Response.json([
        {
          id: 3,
          '@id': '/api/v2/shop/product-collections/3',
          type: 'favourites',
          totalItems: items.length,
          items,
        },
      ]);
    if (url === '/api/v2/shop/product-collection-items' && method === 'POST') {
      await opts.gate;
      if (opts.writeStatus && opts.writeStatus >= 400) return problemAnswer(opts.writeStatus, 'not_found');
      const item = {
        id: 41,
        '@id': '/api/v2/shop/product-collection-items/41',
        amount: 1,
        position: 0,
        product,
      };
      expect(body).toEqual({
        product: '/api/v2/shop/products/KIEFER',
        productCollection: '/api/v2/shop/product-collections/3',
      });
      items = [item];
      return Response.json(item, { status: 201 });
    }
    if (url.startsWith('/api/v2/shop/product-collection-items/') && method === 'DELETE') {
      await opts.gate;
      if (opts.writeStatus && opts.writeStatus >= 400) return problemAnswer(opts.writeStatus, 'not_found');
      items = [];
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
  return mockApi((call) => handle(call) as Promise<Response>);
}

const heart = () => screen.getByTestId('favourite-button');

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('collections');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FavouriteButton', () => {
  it('fills at once when pressed and adds the product', async () => {
    storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const calls = favouritesApi({ gate });
    renderRoutes([{ path: '/browse', element: <FavouriteButton product={product} /> }], '/browse');
    await waitFor(() => expect(calls.some((c) => c.url.includes('type=favourites'))).toBe(true));
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(heart());
    // optimistic: pressed before the server answered
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    open();
    await waitFor(() => expect(writesOf(calls).map((c) => c.method)).toEqual(['POST']));
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
  });

  it('goes back and says why when the server refuses', async () => {
    storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
    const item = {
      id: 41,
      '@id': '/api/v2/shop/product-collection-items/41',
      amount: 1,
      position: 0,
      product,
    };
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const calls = favouritesApi({ items: [item], writeStatus: 404, gate });
    renderRoutes([{ path: '/browse', element: <FavouriteButton product={product} /> }], '/browse');
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    open();
    await waitFor(() => expect(writesOf(calls).map((c) => c.method)).toEqual(['DELETE']));
    expect((await screen.findByRole('alert')).textContent).toContain('nicht gefunden');
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
  });

  it('remembers a visitor’s heart and leads to the login with the way back', async () => {
    const calls = favouritesApi({});
    renderRoutes([{ path: '/browse', element: <FavouriteButton product={product} /> }], '/browse?page=2');
    fireEvent.click(heart());
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirectPath=%2Fbrowse%3Fpage%3D2');
    expect(sessionStorage.getItem(pendingFavouriteKey)).toBe('KIEFER');
    expect(calls.filter((c) => c.url.includes('product-coll'))).toEqual([]);
  });

  it('adds the remembered product once the session starts, unless it is there', async () => {
    sessionStorage.setItem(pendingFavouriteKey, 'KIEFER');
    storeSessionForTests({ id: 'sess-2', uuid, validMs: 10 * 60_000 });
    const calls = favouritesApi({});
    renderRoutes([{ path: '/favourites', element: <FavouritesPage /> }], '/favourites');
    await waitFor(() => expect(writesOf(calls).map((c) => c.method)).toEqual(['POST']));
    expect(sessionStorage.getItem(pendingFavouriteKey)).toBeNull();
    expect(await screen.findByRole('link', { name: product.name })).toBeTruthy();
  });
});
