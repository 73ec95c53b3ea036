import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerResource } from '@token/domain/accounts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { resetSessionStoreForTests, sessionStorageKey } from '../../lib/session-store.ts';
import { mockApi, renderRoutes } from '../../lib/test-api.tsx';
import { productFixture } from '../../lib/test-products.ts';
import { ProductPage } from './product-page.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
const creatorUuid = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';

const collectible = productFixture('NFT_KIEFERNWALD', {
  name: 'Kiefernwald im Abendlicht',
  royalties: 10,
  blockchainName: 'Polygon',
  tokenId: '1001',
  metadata: [
    { key: 'artist', value: 'Lena Hartmann' },
    { key: 'year', value: '2025' },
    { key: '_curation_note', value: 'intern' },
  ],
  traits: [
    { type: 'Stimmung', value: 'ruhig' },
    { type: 'Licht', value: 'Abendrot' },
  ],
  mainTaxon: {
    code: 'collectibles_art',
    name: 'Kunst',
    slug: 'kunst',
    description: null,
    fullname: 'Sammlerstücke / Kunst',
    parent: '/api/v2/shop/taxons/collectibles',
  },
  creator: {
    id: `/api/v2/shop/customers/${creatorUuid}`,
    uuid: creatorUuid,
    firstName: null,
    lastName: null,
    displayName: 'Lena Hartmann',
    fullName: 'Lena Hartmann',
    profileName: 'lenahartmann',
    profileImage: null,
    mediaFiles: [],
  },
  transactions: [
    {
      hash: '0x9f2c6a1b3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8',
      fromAddress: null,
      toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    },
  ],
});

function login() {
  const now = Date.now();
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      id: 'sess-1',
      uuid,
      token: 'a.b.c',
      refreshToken: 'r',
      expiration: now + 600_000,
      customerId: `/api/v2/shop/customers/${uuid}`,
      startedAt: now,
      lastUsedAt: now,
    }),
  );
  resetSessionStoreForTests();
}

function setup(path = '/products/NFT_KIEFERNWALD', item = collectible) {
  const calls = mockApi(({ url }) => {
    if (url.startsWith('/api/v2/shop/products/NFT_KIEFERNWALD')) return Response.json(item);
    if (url === `/api/v2/shop/customers/${uuid}`)
      return Response.json({
        id: 7,
        uuid,
        email: 'e@example.com',
        firstName: 'Erika',
        lastName: 'M',
        fullName: 'Erika M',
        accountType: 'personal',
        customerRolesAsString: [],
        status: 'approved',
        cryptoRegistrarStatus: 'approved',
        kycPassed: true,
        defaultWallet: '0x52908400098527886E0F7030069857D2E4169EE7',
      } as unknown as CustomerResource);
    return undefined;
  });
  const view = renderRoutes([{ path: '/products/:productCode', element: <ProductPage /> }], path);
  return { calls, ...view };
}

const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('products');
  await loadNamespace('marketplace');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSessionStoreForTests();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the media gallery of an item with several files', () => {
  const file = (id: number, mediaType: 'image' | 'audio' | 'video', fileName: string) => ({
    id,
    uuid: `u-${id}`,
    fileName,
    mediaType,
    mimeType: mediaType === 'image' ? 'image/png' : mediaType === 'audio' ? 'audio/mpeg' : 'video/mp4',
    bucket: 'public' as const,
    path: `/media/content/${fileName}`,
  });

  it('shows the cover first, thumbnails as buttons, players for audio and video, arrows move', async () => {
    setup('/products/NFT_KIEFERNWALD', {
      ...collectible,
      mediaFiles: [
        file(1, 'image', 'cover.png'),
        file(2, 'audio', 'klang.mp3'),
        file(3, 'video', 'film.mp4'),
      ],
    });
    const gallery = await screen.findByRole('region', { name: 'Medien von „Kiefernwald im Abendlicht“' });
    expect(
      within(gallery).getByRole('img', { name: 'Kiefernwald im Abendlicht – Bild 1 von 3' }),
    ).toBeTruthy();
    const thumbs = within(gallery).getAllByRole('button');
    const thumb = (i: number) => thumbs[i] as HTMLElement;
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Datei 1 von 3 zeigen (Bild)',
      'Datei 2 von 3 zeigen (Audio)',
      'Datei 3 von 3 zeigen (Video)',
    ]);
    expect(thumb(0).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(thumb(1));
    const audio = gallery.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('/media/content/klang.mp3');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(audio?.getAttribute('aria-label')).toBe('Kiefernwald im Abendlicht – Audio 2 von 3');
    fireEvent.keyDown(thumb(1), { key: 'ArrowRight' });
    const video = gallery.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/media/content/film.mp4');
    expect(video?.getAttribute('poster')).toBe('/media/content/cover.png');
    expect(document.activeElement).toBe(thumbs[2]);
    expect(thumb(2).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(thumb(2), { key: 'Home' });
    expect(document.activeElement).toBe(thumbs[0]);
    expect(within(gallery).getByText('Datei 1 von 3 wird gezeigt')).toBeTruthy();
  });
});

describe('ProductPage of a collectible', () => {
  it('is bought, not subscribed: price with VAT, editions, traits without internal keys, royalties, token and transactions', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiefernwald im Abendlicht' })).toBeTruthy();
    expect(screen.getByText('Preis')).toBeTruthy();
    expect(screen.getByTestId('price-tax-note').textContent).toBe('inkl. 19 % MwSt.');
    expect(plain(screen.getByTestId('product-availability'))).toBe('10 von 10 Editionen');
    expect(screen.getByTestId('buy-button').textContent).toBe('Jetzt kaufen');
    // the creator's traits (type and value), and the metadata as their own list without internal keys
    const traits = within(screen.getByTestId('traits'));
    expect(traits.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Stimmungruhig',
      'LichtAbendrot',
    ]);
    expect(traits.queryByText('Lena Hartmann')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Metadaten' })).toBeTruthy();
    const metadata = within(screen.getByTestId('metadata'));
    expect(metadata.getByText('artist')).toBeTruthy();
    expect(metadata.getByText('Lena Hartmann')).toBeTruthy();
    expect(metadata.getByText('2025')).toBeTruthy();
    expect(screen.queryByText('_curation_note')).toBeNull();
    expect(screen.queryByText('intern')).toBeNull();
    expect(plain(screen.getByTestId('royalties'))).toBe('10 %');
    const tx = within(screen.getByTestId('transactions'));
    expect(tx.getByText('Erzeugt')).toBeTruthy();
    expect(tx.getByTitle('0x52908400098527886E0F7030069857D2E4169EE7')).toBeTruthy();
    // no bond facts on a collectible
    expect(screen.queryByRole('heading', { name: 'Eckdaten' })).toBeNull();
    // the category and the creator lead to their pages
    expect(screen.getByRole('link', { name: 'Kunst' }).getAttribute('href')).toBe('/categories/kunst');
    expect(screen.getByTestId('product-creator').getAttribute('href')).toBe(`/customer?id=${creatorUuid}`);
    // the heart is on the item page too; a visitor's press leads to the login
    expect(screen.getByTestId('favourite-button').getAttribute('aria-pressed')).toBe('false');
    // a collectible is bought: the login hint says so
    expect(screen.getByTestId('buy-reason').textContent).toContain('Zum Kaufen melden Sie sich bitte an.');
    // visitors cannot bid, as they cannot buy
    expect((screen.getByTestId('bid-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when an item has no traits, and shows no metadata list without public metadata', async () => {
    setup('/products/NFT_KIEFERNWALD', {
      ...collectible,
      traits: [],
      metadata: [{ key: '_curation_note', value: 'intern' }],
    });
    expect(await screen.findByText('Für dieses Objekt sind keine Merkmale hinterlegt.')).toBeTruthy();
    expect(screen.queryByTestId('traits')).toBeNull();
    expect(screen.queryByTestId('metadata')).toBeNull();
    expect(screen.queryByText('intern')).toBeNull();
  });

  it('takes a mock bid: balance 47, fee 0.2, total in euro at 2,720, a countdown ticking every second; then starts the order', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T21:00:00Z') });
    login();
    setup();
    const bid = await screen.findByTestId('bid-button');
    await waitFor(() => expect((bid as HTMLButtonElement).disabled).toBe(false));
    // the popup loads on the first press; closing it gives the focus back to its button
    fireEvent.click(bid);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(bid);
    fireEvent.click(bid);
    const dialog = within(await screen.findByRole('dialog'));
    expect(plain(dialog.getByTestId('bid-current'))).toBe('0,01 ETH');
    expect(plain(dialog.getByTestId('bid-balance'))).toBe('47 ETH');
    expect(plain(dialog.getByTestId('bid-fee'))).toBe('0,2 ETH');
    const first = dialog.getByTestId('bid-countdown').textContent;
    expect(first).toMatch(/^01:59:5\d$|^02:00:00$/);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(dialog.getByTestId('bid-countdown').textContent).not.toBe(first);

    const input = dialog.getByLabelText('Ihr Gebot (ETH)');
    fireEvent.input(input, { target: { value: '0,01' } });
    fireEvent.click(dialog.getByTestId('bid-submit'));
    expect(await dialog.findByText('Bitte bieten Sie mindestens 0,011 ETH.')).toBeTruthy();
    fireEvent.input(input, { target: { value: '47' } });
    expect(await dialog.findByText('Gebot und Gebühr übersteigen Ihr Guthaben.')).toBeTruthy();
    fireEvent.input(input, { target: { value: '1' } });
    expect(plain(dialog.getByTestId('bid-total'))).toBe('1,2 ETH≈ 3.264 €');
    fireEvent.click(dialog.getByTestId('bid-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/order-process/token?product=NFT_KIEFERNWALD&start=bid',
      ),
    );
  });
});
