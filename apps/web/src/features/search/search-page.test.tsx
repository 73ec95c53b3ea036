import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SearchHitView } from '@token/domain/marketplace';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Header } from '../../app/header.tsx';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes } from '../../lib/test-api.tsx';
import { productFixture } from '../../lib/test-products.ts';
import { SearchPage } from './search-page.tsx';

/** A search hit of the demo's kind: a collectible whose name the phrase found. */
function hit(n: number, overrides: Partial<SearchHitView> = {}): SearchHitView {
  return {
    ...productFixture(
      `NFT_${n}`,
      {
        id: n,
        name: `Werkstatt Müller ${n}`,
        slug: `werkstatt-${n}`,
        description: 'Ein Atelier an der Straße.',
        royalties: 10,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      { id: n, code: `NFT_${n}_V`, name: 'Edition', price: 45_000 },
    ),
    highlights: {
      name: [
        { text: 'Werkstatt ', match: false },
        { text: 'Müller', match: true },
        { text: ` ${n}`, match: false },
      ],
      description: [
        { text: 'Ein Atelier an der ', match: false },
        { text: 'Straße', match: true },
        { text: '.', match: false },
      ],
    },
    ...overrides,
  };
}

/** Answers GET search with `total` hits, 12 a page. */
function searchApi(total: number) {
  return mockApi((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname !== '/api/v2/shop/search') return undefined;
    if (url.searchParams.get('phrase') === 'kaputt') return problemAnswer(400, 'invalid_query');
    const page = Number(url.searchParams.get('page'));
    const from = (page - 1) * 12;
    const items = Array.from({ length: Math.max(0, Math.min(12, total - from)) }, (_, i) =>
      hit(from + i + 1),
    );
    return Response.json({ 'hydra:member': items, 'hydra:totalItems': total });
  });
}

const searchCalls = (calls: ApiCall[]) =>
  calls
    .map((c) => new URL(c.url, 'http://x'))
    .filter((u) => u.pathname === '/api/v2/shop/search')
    .map((u) => `${u.searchParams.get('phrase')}@${u.searchParams.get('page')}`);

const routes = [{ path: '/search', element: <SearchPage /> }];

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('products');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/search', () => {
  it('shows the hits of the URL’s phrase as cards with the found words marked, and more on demand', async () => {
    const calls = searchApi(14);
    renderRoutes(routes, '/search?phrase=Mueller');
    expect(await screen.findByText('14 Treffer für „Mueller“')).toBeTruthy();
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    const marks = [...document.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toContain('Müller');
    expect(marks).toContain('Straße');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Mueller');

    fireEvent.click(screen.getByRole('button', { name: 'Mehr anzeigen' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Mehr anzeigen' })).toBeNull();
    expect(searchCalls(calls)).toEqual(['Mueller@1', 'Mueller@2']);
  });

  it('says so, with a hint, when nothing is found', async () => {
    searchApi(0);
    renderRoutes(routes, '/search?phrase=Qxz');
    expect(await screen.findByText('Keine Treffer für „Qxz“')).toBeTruthy();
    expect(screen.getByText(/Prüfen Sie die Schreibweise/)).toBeTruthy();
  });

  it('puts a new phrase into the URL, so reload and back show the same search', async () => {
    const calls = searchApi(3);
    const { router } = renderRoutes(routes, '/search');
    expect(screen.getByText(/Geben Sie ein, wonach Sie suchen/)).toBeTruthy();
    expect(searchCalls(calls)).toEqual([]);
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: '  Straße ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await screen.findByText('3 Treffer für „Straße“');
    expect(router.state.location.search).toBe(`?phrase=${encodeURIComponent('Straße').replace(/%20/g, '+')}`);
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(''));
    expect(searchCalls(calls)).toEqual(['Straße@1']);
  });

  it('shows the API’s refusal in the reader’s language', async () => {
    searchApi(0);
    renderRoutes(routes, '/search?phrase=kaputt');
    expect(await screen.findByRole('alert')).toBeTruthy();
    // the catalogue's sentence arrives with its chunk (lib/error-text.tsx)
    expect(await screen.findByText('Die Abfrageparameter sind ungültig.')).toBeTruthy();
  });
});

describe('Header search', () => {
  it('sends the typed phrase to /search?phrase=', async () => {
    searchApi(0);
    const { router } = renderRoutes([{ path: '/', element: <Header /> }], '/');
    expect(screen.getAllByRole('link', { name: 'Suche öffnen' })[0]?.getAttribute('href')).toBe('/search');
    const box = screen.getByRole('searchbox');
    fireEvent.input(box, { target: { value: 'Kiefer' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/search?phrase=Kiefer'),
    );
  });
});
