import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { mockApi, renderRoutes } from '../../lib/test-api.tsx';
import { defined } from '../../lib/test-defined.ts';
import { productFixture } from '../../lib/test-products.ts';
import { BrowsePage, CategoryPage } from './browse-page.tsx';

const creatorUuid = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
const taxons = [
  {
    id: 1,
    code: 'collectibles',
    level: 0,
    name: 'Sammlerstücke',
    slug: 'sammlerstuecke',
    description: 'Digitale Kunst, Musik und Video',
    translations: { de: { locale: 'de', name: 'Sammlerstücke', slug: 'sammlerstuecke', description: null } },
    parent: null,
    position: 0,
    children: [
      {
        id: 2,
        code: 'collectibles_art',
        level: 1,
        name: 'Kunst',
        slug: 'kunst',
        description: null,
        translations: {
          de: { locale: 'de', name: 'Kunst', slug: 'kunst', description: null },
          en: { locale: 'en', name: 'Art', slug: 'art', description: null },
        },
        parent: '/api/v2/shop/taxons/collectibles',
        position: 0,
        children: [],
      },
    ],
  },
];

/** A catalogue of `total` items answered 12 per page, recording the product queries. */
function serveCatalogue(total: number) {
  const queries: URLSearchParams[] = [];
  const calls = mockApi(({ url }) => {
    if (url.startsWith('/api/v2/shop/taxons')) return Response.json(taxons);
    if (url.startsWith('/api/v2/shop/creators'))
      return Response.json([
        {
          id: '/api/v2/shop/customers/x',
          uuid: creatorUuid,
          firstName: 'Lena',
          lastName: 'Hartmann',
          fullName: 'Lena Hartmann',
          profileName: 'lenahartmann',
          profileImage: null,
          mediaFiles: [],
        },
      ]);
    if (url.startsWith('/api/v2/shop/products?')) {
      const q = new URLSearchParams(url.split('?')[1]);
      queries.push(q);
      // keyset paging: `after` is '' for the first page, then the cursor of the answer's hydra:next
      const after = q.get('after');
      const from = after ? Number(after.replace('c', '')) : 0;
      const items = Array.from({ length: Math.max(0, Math.min(12, total - from)) }, (_, i) =>
        productFixture(`ITEM${from + i + 1}`),
      );
      const next = from + 12 < total ? `c${from + 12}` : null;
      return Response.json({
        'hydra:member': items,
        'hydra:totalItems': total,
        'hydra:view': next ? { 'hydra:next': `/api/v2/shop/products?itemsPerPage=12&after=${next}` } : {},
      });
    }
    return undefined;
  });
  return { calls, queries };
}

/** jsdom has no IntersectionObserver: this one lets a test bring the list's end into view. */
function fakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        callbacks.push(cb);
      }
      observe() {}
      disconnect() {}
    },
  );
  return () =>
    act(() => {
      for (const cb of callbacks)
        cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
}

const routes = [
  { path: '/browse', element: <BrowsePage /> },
  { path: '/categories/:categoryName', element: <CategoryPage /> },
];
const cards = () => screen.queryAllByTestId('product-card');

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('marketplace');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.dataLayer = [];
});

describe('/browse', () => {
  it('shows the first 12 items, then the next page when the list end comes into view, firing the tracking event', async () => {
    const scrollToEnd = fakeIntersectionObserver();
    const { queries } = serveCatalogue(30);
    const { router } = renderRoutes(routes, '/browse');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.getByTestId('list-count').textContent).toBe('12 von 30 Objekten');
    expect(Object.fromEntries(defined(queries[0]))).toEqual({ itemsPerPage: '12', after: '' });

    scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(queries.at(-1)?.get('after')).toBe('c12');
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'view_item_list', list: 'browse', page: 2 }),
    );
    expect((defined(window.dataLayer?.[0]) as { items: string[] }).items).toHaveLength(12);
    // the URL remembers the loaded pages, so a reload or a shared link shows the same list
    await waitFor(() => expect(router.state.location.search).toBe('?pages=2'));

    fireEvent.click(screen.getByRole('button', { name: 'Weitere laden' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    // keyboard users land on the first new item
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Item ITEM25'));
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).toBeNull();
    scrollToEnd();
    expect(queries).toHaveLength(3);
  });

  it('says "more than 1,000" for a list counted up to its cap', async () => {
    serveCatalogue(1_001);
    renderRoutes(routes, '/browse');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.getByTestId('list-count').textContent).toBe('12 von mehr als 1.000 Objekten');
  });

  it('restores the pages a URL names', async () => {
    const { queries } = serveCatalogue(40);
    renderRoutes(routes, '/browse?pages=3');
    await waitFor(() => expect(cards()).toHaveLength(36));
    expect(queries.map((q) => q.get('after'))).toEqual(['', 'c12', 'c24']);
    expect(window.dataLayer ?? []).toEqual([]);
  });

  it('filters by creator and by a price range in euro sent as cents, ignoring zero; the URL keeps them', async () => {
    const { queries } = serveCatalogue(5);
    const { router } = renderRoutes(routes, '/browse');
    await waitFor(() => expect(cards()).toHaveLength(5));
    await screen.findByRole('option', { name: 'Lena Hartmann (@lenahartmann)' });
    fireEvent.change(screen.getByLabelText('Künstler:in'), { target: { value: creatorUuid } });
    await waitFor(() => expect(queries.at(-1)?.get('creator.uuid')).toBe(creatorUuid));

    fireEvent.input(screen.getByLabelText('Preis ab'), { target: { value: '12,50' } });
    fireEvent.input(screen.getByLabelText('Preis bis'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anwenden' }));
    await waitFor(() => expect(queries.at(-1)?.get('price[gte]')).toBe('1250'));
    expect(queries.at(-1)?.has('price[lte]')).toBe(false);
    expect(router.state.location.search).toBe(`?min=12%2C50&max=0&creator=${creatorUuid}`);

    fireEvent.input(screen.getByLabelText('Preis bis'), { target: { value: 'viel' } });
    const before = queries.length;
    fireEvent.click(screen.getByRole('button', { name: 'Anwenden' }));
    expect(await screen.findByText('Bitte einen Betrag in Euro eingeben, z. B. 12,50.')).toBeTruthy();
    expect(queries).toHaveLength(before);

    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when nothing matches', async () => {
    serveCatalogue(0);
    renderRoutes(routes, '/browse?category=collectibles_art');
    expect(await screen.findByText('Keine Objekte passen zu diesen Filtern.')).toBeTruthy();
  });
});

describe('/categories/{categoryName}', () => {
  it('lists a category found by its slug in either language, with its breadcrumb', async () => {
    const { queries } = serveCatalogue(3);
    renderRoutes(routes, '/categories/art');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(queries[0]?.get('taxon.code')).toBe('collectibles_art');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kunst');
    const crumbs = within(screen.getByRole('navigation', { name: 'Sie sind hier' }));
    expect(crumbs.getByRole('link', { name: 'Sammlerstücke' }).getAttribute('href')).toBe(
      '/categories/sammlerstuecke',
    );
    // no category picker on a category page
    expect(screen.queryByLabelText('Kategorie')).toBeNull();
  });

  it('shows its sub-categories and answers an unknown name with page-not-found', async () => {
    serveCatalogue(3);
    renderRoutes(routes, '/categories/sammlerstuecke');
    const sub = await screen.findByRole('navigation', { name: 'Unterkategorien' });
    expect(within(sub).getByRole('link', { name: 'Kunst' }).getAttribute('href')).toBe('/categories/kunst');
    cleanup();
    serveCatalogue(3);
    renderRoutes(routes, '/categories/gibt-es-nicht');
    expect(await screen.findByText('404')).toBeTruthy();
  });
});
