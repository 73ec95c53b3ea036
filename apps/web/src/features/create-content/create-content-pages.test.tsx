import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isProtectedPath } from '@token/domain/navigation';
import { Link, Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationGuard } from '../../app/navigation-guard.tsx';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { storeSessionForTests } from '../../lib/test-session.ts';
import { CreateContentFormPage, CreateContentPage } from './create-content-pages.tsx';
import { CreatedPage } from './created-page.tsx';
import { EditProductMetadataPage, EditProductPage } from './edit-product-page.tsx';
import { draftStorageKey, emptyProductForm } from './product-form.ts';
import { creatorProductForTests, mediaFileForTests, taxonsForTests } from './test-support.ts';

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
      { path: 'create-content-form', Component: CreateContentFormPage },
      { path: 'created', Component: CreatedPage },
      { path: 'edit-product/:productCode', Component: EditProductPage },
      { path: 'edit-product/:productCode/metadata', Component: EditProductMetadataPage },
    ],
  },
];

type Handler = (call: ApiCall) => Response | undefined;
function api(extra: Handler = () => undefined): ApiCall[] {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/v2/shop/taxons')) return Response.json(taxonsForTests);
    return undefined;
  });
}

/** A draft as a reload finds it in sessionStorage: everything filled in but the confirmations. */
function storeDraft() {
  sessionStorage.setItem(
    draftStorageKey,
    JSON.stringify({
      ...emptyProductForm,
      mediaFiles: [mediaFileForTests()],
      price: '49,90',
      translations: { de: { name: 'Wald', description: '' }, en: { name: 'Forest', description: '' } },
      traits: [{ type: 'Colour', value: '' }],
      metadata: [{ key: '', value: 'x' }],
    }),
  );
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

describe('visitors', () => {
  it('are sent to the login by the route guard on every create-content route', () => {
    for (const path of [
      '/create-content',
      '/create-content-form',
      '/created',
      '/edit-product/WALD_1',
      '/edit-product/WALD_1/metadata',
    ]) {
      expect(isProtectedPath(path, { homeRequiresLogin: false }), path).toBe(true);
    }
  });
});

describe('/create-content', () => {
  it('offers the item and the collection', async () => {
    api();
    renderRoutes(routes, '/create-content');
    expect(await screen.findByRole('link', { name: /Item/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Collection/ }).getAttribute('href')).toBe(
      '/preparation-process/prepare-collection',
    );
  });
});

describe('/create-content-form: the preparation process', () => {
  it('survives a reload: the draft comes back from sessionStorage, and what is typed is kept', async () => {
    storeDraft();
    api();
    const first = renderRoutes(routes, '/create-content-form');
    const title = (await screen.findAllByLabelText(/^Title/))[0] as HTMLInputElement;
    expect(title.value).toBe('Wald');
    expect((screen.getByLabelText(/^Buy-now price/) as HTMLInputElement).value).toBe('49,90');
    fireEvent.input(title, { target: { value: 'Wald im Nebel' } });
    first.unmount();
    renderRoutes(routes, '/create-content-form');
    expect(((await screen.findAllByLabelText(/^Title/))[0] as HTMLInputElement).value).toBe('Wald im Nebel');
    expect(screen.getByText('Uploaded and checked')).toBeTruthy();
  });

  it('asks the spec’s question when left, and drops the draft on confirm', async () => {
    storeDraft();
    api();
    const { router } = renderRoutes(routes, '/create-content-form');
    await screen.findAllByLabelText(/^Title/);
    fireEvent.click(screen.getByText('home'));
    expect(
      await screen.findByText('All prepared information will be lost, are you sure to exit?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sessionStorage.getItem(draftStorageKey)).not.toBeNull();
    fireEvent.click(screen.getByText('home'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Leave/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem(draftStorageKey)).toBeNull();
  });

  it('moves between its own steps without asking', async () => {
    api();
    const { router } = renderRoutes(routes, '/create-content');
    fireEvent.click(await screen.findByRole('link', { name: /Item/ }));
    await screen.findAllByLabelText(/^Title/);
    expect(router.state.location.pathname).toBe('/create-content-form');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the schema’s errors on their fields and sends nothing', async () => {
    storeDraft();
    const calls = api();
    renderRoutes(routes, '/create-content-form');
    fireEvent.click(await screen.findByRole('button', { name: /Send for review/ }));
    const trait = await screen.findByLabelText(/^Value of trait 1/);
    expect(trait.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/I accept the terms/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/infringes no one/).getAttribute('aria-invalid')).toBe('true');
    expect(writesOf(calls)).toEqual([]);
    // corrected, the field's error goes at once
    fireEvent.input(trait, { target: { value: 'Green' } });
    await waitFor(() => expect(trait.getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByLabelText(/I accept the terms/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the item in cents, drops empty metadata keys, and lands on /created in review', async () => {
    storeDraft();
    let created = false;
    const calls = api(({ url, method }) => {
      if (url.startsWith('/api/v2/shop/products') && method === 'POST') {
        created = true;
        return Response.json(creatorProductForTests({ name: 'Wald' }), { status: 201 });
      }
      if (url.startsWith('/api/v2/shop/created-products')) {
        const items = created ? [creatorProductForTests({ name: 'Wald' })] : [];
        return Response.json({ 'hydra:member': items, 'hydra:totalItems': items.length });
      }
      return undefined;
    });
    const { router } = renderRoutes(routes, '/create-content-form');
    fireEvent.input(await screen.findByLabelText(/^Value of trait 1/), { target: { value: 'Green' } });
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByLabelText(/infringes no one/));
    fireEvent.click(screen.getByRole('button', { name: /Send for review/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/created'));
    const post = writesOf(calls)[0];
    expect(post?.url).toBe('/api/v2/shop/products');
    expect(post?.body).toMatchObject({
      price: 4990,
      currency: 'EUR',
      metadata: [],
      traits: [{ type: 'Colour', value: 'Green' }],
      mediaFiles: ['/api/v2/shop/media-files/7'],
      termsAccepted: true,
      noCopyrightInfringement: true,
    });
    expect(await screen.findByText('In review')).toBeTruthy();
    expect(sessionStorage.getItem(draftStorageKey)).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('puts the API’s 422 violations on their fields', async () => {
    storeDraft();
    api(({ method }) =>
      method === 'POST'
        ? problemAnswer(422, 'validation_failed', [
            { propertyPath: 'translations.en.name', code: 'too_long', message: 'The title is taken' },
          ])
        : undefined,
    );
    renderRoutes(routes, '/create-content-form');
    fireEvent.input(await screen.findByLabelText(/^Value of trait 1/), { target: { value: 'Green' } });
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByLabelText(/infringes no one/));
    fireEvent.click(screen.getByRole('button', { name: /Send for review/ }));
    expect(await screen.findByText('The title is taken')).toBeTruthy();
  });
});

describe('/created', () => {
  it('lists the creator’s items in every review state with a rejection’s reason', async () => {
    api(({ url }) =>
      url.startsWith('/api/v2/shop/created-products')
        ? Response.json({
            'hydra:member': [
              creatorProductForTests({ code: 'A', name: 'Pending one' }),
              creatorProductForTests({ code: 'B', name: 'Listed one', reviewState: 'approved' }),
              creatorProductForTests({
                code: 'C',
                name: 'Refused one',
                reviewState: 'rejected',
                rejectionReason: 'Blurry picture',
              }),
            ],
            'hydra:totalItems': 3,
          })
        : undefined,
    );
    renderRoutes(routes, '/created');
    expect(await screen.findByText('Pending one')).toBeTruthy();
    expect(screen.getByText('In review')).toBeTruthy();
    expect(screen.getByText('Listed')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Reason: Blurry picture')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create content' }).getAttribute('href')).toBe('/create-content');
    expect(screen.getByRole('link', { name: 'Edit “Refused one”' }).getAttribute('href')).toBe(
      '/edit-product/C',
    );
  });

  it('withdraws an item after the confirmation; cancel gives focus back to the button', async () => {
    let state: 'approved' | 'withdrawn' = 'approved';
    const calls = api(({ url, method }) => {
      if (method === 'POST' && url === '/api/v2/shop/created-products/B/withdraw') {
        state = 'withdrawn';
        return Response.json(creatorProductForTests({ code: 'B', name: 'Listed one', reviewState: state }));
      }
      return url.startsWith('/api/v2/shop/created-products')
        ? Response.json({
            'hydra:member': [creatorProductForTests({ code: 'B', name: 'Listed one', reviewState: state })],
            'hydra:totalItems': 1,
          })
        : undefined;
    });
    renderRoutes(routes, '/created');
    const button = await screen.findByRole('button', { name: 'Withdraw “Listed one”' });
    button.focus();
    fireEvent.click(button);
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Withdraw “Listed one”?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(writesOf(calls)).toEqual([]);

    fireEvent.click(button);
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('“Listed one” was withdrawn.')).toBeTruthy();
    expect(writesOf(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v2/shop/created-products/B/withdraw',
    ]);
    expect(await screen.findByText('Withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw “Listed one”' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('created-B'));
  });

  it('shows the API’s refusal while an order awaits payment', async () => {
    api(({ url, method }) => {
      if (method === 'POST' && url.endsWith('/withdraw')) {
        return problemAnswer(409, 'product_has_open_orders');
      }
      return url.startsWith('/api/v2/shop/created-products')
        ? Response.json({
            'hydra:member': [creatorProductForTests({ code: 'A', name: 'Sold one' })],
            'hydra:totalItems': 1,
          })
        : undefined;
    });
    renderRoutes(routes, '/created');
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw “Sold one”' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/no order of it is awaiting payment/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw “Sold one”' })).toBeTruthy();
  });

  it('says so when nothing was created yet', async () => {
    api(({ url }) =>
      url.startsWith('/api/v2/shop/created-products')
        ? Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 })
        : undefined,
    );
    renderRoutes(routes, '/created');
    expect(await screen.findByText('You have not created any items yet.')).toBeTruthy();
  });
});

describe('/edit-product/{code}', () => {
  it('PUTs the change and tells the creator when it sent an approved item back to review', async () => {
    const approved = creatorProductForTests({ reviewState: 'approved' });
    const calls = api(({ url, method }) => {
      if (url.startsWith('/api/v2/shop/created-products/WALD_1')) return Response.json(approved);
      if (url.startsWith('/api/v2/shop/products/WALD_1') && method === 'PUT') {
        return Response.json({ ...approved, reviewState: 'pending' });
      }
      if (url.startsWith('/api/v2/shop/created-products')) {
        return Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
      }
      return undefined;
    });
    renderRoutes(routes, '/edit-product/WALD_1');
    const title = (await screen.findAllByLabelText(/^Title/))[1] as HTMLInputElement;
    expect(title.value).toBe('Forest in the morning');
    fireEvent.input(title, { target: { value: 'Forest at dawn' } });
    fireEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    expect(await screen.findByText(/The item is back in review/)).toBeTruthy();
    const put = writesOf(calls)[0];
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({ price: 4990, translations: { en: { name: 'Forest at dawn' } } });
    expect(put?.body).not.toHaveProperty('termsAccepted');
  });

  it('edits the trait and metadata rows on its metadata page', async () => {
    const product = creatorProductForTests();
    const calls = api(({ url, method }) => {
      if (url.startsWith('/api/v2/shop/created-products/WALD_1')) return Response.json(product);
      if (method === 'PUT') return Response.json(product);
      return undefined;
    });
    renderRoutes(routes, '/edit-product/WALD_1/metadata');
    fireEvent.input(await screen.findByLabelText(/^Key 1/), { target: { value: 'lens' } });
    fireEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
    expect(writesOf(calls)[0]?.body).toMatchObject({ metadata: [{ key: 'lens', value: 'Leica' }] });
  });

  it('answers another creator’s product as not found', async () => {
    api(({ url }) =>
      url.startsWith('/api/v2/shop/created-products/') ? problemAnswer(404, 'not_found') : undefined,
    );
    renderRoutes(routes, '/edit-product/OTHER');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save changes/ })).toBeNull();
  });
});
