import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '@token/domain/format';
import type { CreatorCollectionView } from '@token/domain/marketplace';
import { isProtectedPath } from '@token/domain/navigation';
import { Link, Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationGuard } from '../../../app/navigation-guard.tsx';
import { i18n, loadNamespace } from '../../../lib/i18n.ts';
import { clearNotifications } from '../../../lib/notifications.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../../lib/test-api.tsx';
import { storeSessionForTests } from '../../../lib/test-session.ts';
import { CreateContentPage } from '../create-content-pages.tsx';
import { CreatedPage } from '../created-page.tsx';
import { creatorProductForTests } from '../test-support.ts';
import {
  CollectionSummaryPage,
  MetadataPage,
  ParametersPage,
  PrepareCollectionPage,
  ProductMetadataPage,
  UploadContentPage,
} from './preparation-pages.tsx';

function Layout() {
  return (
    <>
      <NavigationGuard />
      <Link to="/">home</Link>
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, element: <h1>home page</h1> },
      { path: 'create-content', Component: CreateContentPage },
      { path: 'created', Component: CreatedPage },
      { path: 'preparation-process/prepare-collection', Component: PrepareCollectionPage },
      { path: 'preparation-process/metadata', Component: MetadataPage },
      { path: 'preparation-process/parameters', Component: ParametersPage },
      { path: 'preparation-process/upload-content', Component: UploadContentPage },
      { path: 'preparation-process/product-metadata', Component: ProductMetadataPage },
      { path: 'preparation-process/collection-summary', Component: CollectionSummaryPage },
    ],
  },
];

const iri = '/api/v2/shop/collections/K1';

function draft(overrides: Partial<CreatorCollectionView> = {}): CreatorCollectionView {
  return {
    id: 1,
    '@id': iri,
    code: 'K1',
    name: 'Elbufer',
    artist: 'Anna Berg',
    minimumReservePrice: null,
    mintingStart: null,
    mintingEnd: null,
    royalties: null,
    network: null,
    parameters: [],
    metadata: [],
    creator: '/api/v2/shop/customers/u-1',
    creatorProfileName: 'anna',
    submittedAt: null,
    createdAt: '2026-11-27T20:00:00.000Z',
    state: 'draft',
    updatedAt: '2026-11-27T20:00:00.000Z',
    items: [],
    ...overrides,
  };
}

/** The API with one draft on the server: reads answer it, PUT keeps what was sent. */
function api(start: CreatorCollectionView, extra: (call: ApiCall) => Response | undefined = () => undefined) {
  let current = start;
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/v2/shop/created-collections/K1')) return Response.json(current);
    if (call.url.startsWith('/api/v2/shop/collections/K1') && call.method === 'PUT') {
      current = { ...current, ...(call.body as object) };
      return Response.json(current);
    }
    if (call.url.startsWith('/api/v2/shop/collections/K1') && call.method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await loadNamespace('creator');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeSessionForTests({ id: 's', uuid: 'u-1', validMs: 600_000 });
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the preparation process of a collection', () => {
  it('is behind the login on every step', () => {
    for (const step of [
      'prepare-collection',
      'metadata',
      'parameters',
      'upload-content',
      'product-metadata',
    ]) {
      expect(isProtectedPath(`/preparation-process/${step}`, { homeRequiresLogin: false }), step).toBe(true);
    }
  });

  it('starts from the chooser, creates the draft with name and artist, and puts its code in the URL', async () => {
    const calls = api(draft(), ({ url, method }) =>
      url.startsWith('/api/v2/shop/collections') && method === 'POST'
        ? Response.json(draft(), { status: 201 })
        : undefined,
    );
    const { router } = renderRoutes(routes, '/create-content');
    fireEvent.click(await screen.findByRole('link', { name: /Collection/ }));
    fireEvent.input(await screen.findByLabelText(/^Name of the collection/), {
      target: { value: 'Elbufer' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    // the artist is required: nothing is sent
    expect((await screen.findByLabelText(/^Artist/)).getAttribute('aria-invalid')).toBe('true');
    expect(writesOf(calls)).toEqual([]);
    fireEvent.input(screen.getByLabelText(/^Artist/), { target: { value: 'Anna Berg' } });
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preparation-process/metadata'));
    expect(router.state.location.search).toBe('?collection=K1');
    expect(writesOf(calls)).toEqual([
      { method: 'POST', url: '/api/v2/shop/collections', body: { name: 'Elbufer', artist: 'Anna Berg' } },
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resumes a step after a reload from the server’s draft, money in euro as typed', async () => {
    api(
      draft({
        minimumReservePrice: 10_050,
        mintingStart: '2026-12-01',
        mintingEnd: '2026-12-31',
        royalties: 8,
        network: 'ethereum',
      }),
    );
    renderRoutes(routes, '/preparation-process/parameters?collection=K1');
    expect(((await screen.findByLabelText(/^Minimum reserve price/)) as HTMLInputElement).value).toBe(
      '100,50',
    );
    expect((screen.getByLabelText(/^Minting starts on/) as HTMLInputElement).value).toBe('2026-12-01');
    expect((screen.getByLabelText(/^Network/) as HTMLSelectElement).value).toBe('ethereum');
    expect(screen.getByText('Step 3 of 6')).toBeTruthy();
  });

  it('sends the parameters in cents and refuses a minting end before its start', async () => {
    const calls = api(draft());
    const { router } = renderRoutes(routes, '/preparation-process/parameters?collection=K1');
    fireEvent.input(await screen.findByLabelText(/^Minimum reserve price/), { target: { value: '12,50' } });
    fireEvent.input(screen.getByLabelText(/^Minting starts on/), { target: { value: '2026-12-10' } });
    fireEvent.input(screen.getByLabelText(/^Minting ends on/), { target: { value: '2026-12-01' } });
    fireEvent.input(screen.getByLabelText(/^Royalties/), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText(/^Network/), { target: { value: 'polygon' } });
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    const end = screen.getByLabelText(/^Minting ends on/);
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The end of minting must be after its start')).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);
    fireEvent.input(end, { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preparation-process/upload-content'));
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'PUT',
      url: iri,
      body: {
        name: 'Elbufer',
        minimumReservePrice: 1250,
        mintingStart: '2026-12-10',
        mintingEnd: '2026-12-31',
        royalties: 7,
        network: 'polygon',
      },
    });
  });

  it('wants a key on every metadata row with a value, and drops wholly empty rows', async () => {
    const calls = api(draft());
    const { router } = renderRoutes(routes, '/preparation-process/metadata?collection=K1');
    fireEvent.input(await screen.findByLabelText(/^Value 1/), { target: { value: 'Dresden' } });
    fireEvent.click(screen.getByRole('button', { name: /Add metadata/ }));
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    await waitFor(() => expect(screen.getByLabelText(/^Key 1/).getAttribute('aria-invalid')).toBe('true'));
    expect(writesOf(calls)).toEqual([]);
    fireEvent.input(screen.getByLabelText(/^Key 1/), { target: { value: 'Ort' } });
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preparation-process/parameters'));
    expect(writesOf(calls)[0]?.body).toMatchObject({ metadata: [{ key: 'Ort', value: 'Dresden' }] });
  });

  it('asks the spec’s question when left, and throws the draft away on confirm', async () => {
    const calls = api(draft());
    const { router } = renderRoutes(routes, '/preparation-process/metadata?collection=K1');
    await screen.findByLabelText(/^Key 1/);
    fireEvent.click(screen.getByText('home'));
    expect(
      await screen.findByText('All prepared information will be lost, are you sure to exit?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(screen.getByText('home'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Leave/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(writesOf(calls)).toEqual([{ method: 'DELETE', url: iri, body: undefined }]));
  });

  it('will not go on from upload-content without an item, and asks for the confirmations first', async () => {
    const calls = api(draft());
    renderRoutes(routes, '/preparation-process/upload-content?collection=K1');
    expect(await screen.findByText(/Please confirm the two statements/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    expect(await screen.findByText('The collection needs at least one item')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByLabelText(/infringes no one/));
    expect(screen.getByText('Choose a file')).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);
  });

  it('saves each item’s texts, price in cents and copies, in the collection', async () => {
    const item = creatorProductForTests({ code: 'BLATT_1', name: 'blatt', price: 0, traits: [] });
    const calls = api(draft({ items: [item] }), ({ url, method }) =>
      url.startsWith('/api/v2/shop/products/BLATT_1') && method === 'PUT' ? Response.json(item) : undefined,
    );
    const { router } = renderRoutes(routes, '/preparation-process/product-metadata?collection=K1');
    fireEvent.input(await screen.findByLabelText(/^Title \(German\)/), {
      target: { value: 'Erstes Blatt' },
    });
    fireEvent.input(screen.getByLabelText(/^Title \(English\)/), { target: { value: 'First leaf' } });
    fireEvent.input(screen.getByLabelText(/^Buy-now price/), { target: { value: '25' } });
    fireEvent.input(screen.getByLabelText(/^Copies/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: /Add trait/ }));
    fireEvent.input(screen.getByLabelText(/^Type of trait 1/), { target: { value: 'Farbe' } });
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    // a trait needs both type and value (spec 5)
    await waitFor(() =>
      expect(screen.getByLabelText(/^Value of trait 1/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(writesOf(calls)).toEqual([]);
    fireEvent.input(screen.getByLabelText(/^Value of trait 1/), { target: { value: 'rot' } });
    fireEvent.click(screen.getByRole('button', { name: /Save and continue/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/preparation-process/collection-summary'),
    );
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v2/shop/products/BLATT_1',
      body: {
        collection: iri,
        price: 2500,
        copies: 3,
        itemType: 'multiple',
        traits: [{ type: 'Farbe', value: 'rot' }],
        translations: { de: { name: 'Erstes Blatt' }, en: { name: 'First leaf' } },
      },
    });
  });

  it('shows everything in the summary, lists what the submit refuses, and ends on /created', async () => {
    const item = creatorProductForTests({ code: 'BLATT_1', price: 2500, copies: 3 });
    let refuse = true;
    const complete = draft({
      items: [item],
      minimumReservePrice: 10_000,
      mintingStart: '2026-12-01',
      mintingEnd: '2026-12-31',
      royalties: 8,
      network: 'polygon',
      metadata: [{ key: 'Ort', value: 'Dresden' }],
    });
    const calls = api(complete, ({ url, method }) => {
      if (url.startsWith(`${iri}/submit`) && method === 'POST') {
        if (refuse) {
          refuse = false;
          return problemAnswer(422, 'validation_failed', [
            {
              propertyPath: 'mintingEnd',
              code: 'minting_end_before_start',
              message: 'The end of minting must be after its start',
            },
          ]);
        }
        return Response.json({ ...complete, state: 'submitted', submittedAt: '2026-11-28T00:00:00Z' });
      }
      if (url.startsWith('/api/v2/shop/created-collections?')) {
        const items = [{ ...complete, state: 'submitted' }];
        return Response.json({ 'hydra:member': items, 'hydra:totalItems': 1 });
      }
      if (url.startsWith('/api/v2/shop/created-products')) {
        return Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
      }
      return undefined;
    });
    const { router } = renderRoutes(routes, '/preparation-process/collection-summary?collection=K1');
    expect(await screen.findByText('Elbufer')).toBeTruthy();
    expect(screen.getByText('€100.00')).toBeTruthy();
    expect(screen.getByText('Polygon')).toBeTruthy();
    expect(screen.getByText(formatDate('2026-12-31', { locale: 'en' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Submit collection/ }));
    const problems = await screen.findByText('The collection cannot be submitted yet:');
    expect(
      within(problems.parentElement as HTMLElement)
        .getByRole('link', { name: 'Minting end' })
        .getAttribute('href'),
    ).toBe('/preparation-process/parameters?collection=K1');
    fireEvent.click(screen.getByRole('button', { name: /Submit collection/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/created'));
    expect(writesOf(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${iri}/submit`,
      `POST ${iri}/submit`,
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('Submitted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View summary: Elbufer' })).toBeTruthy();
  });
});
