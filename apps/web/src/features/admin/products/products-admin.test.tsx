import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatorProductView } from '@token/domain/marketplace';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../../lib/test-api.tsx';
import { defined } from '../../../lib/test-defined.ts';
import { answerOperator, setUpOperatorSession } from '../admin.test-kit.tsx';
import { AdminProductsPage } from './products-page.tsx';

const creatorUuid = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';

const file = (id: number, overrides: Partial<CreatorProductView['mediaFiles'][number]> = {}) => ({
  id,
  '@id': `/api/v2/shop/media-files/${id}`,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  fileName: `bild-${id}.png`,
  mediaType: 'image' as const,
  mimeType: 'image/png',
  private: false,
  state: 'ready' as const,
  rejectionCode: null,
  size: 1000,
  path: `/media/public/${id}.png`,
  renditions: { md: { width: 320, height: 320, path: `/media/public/${id}-md.webp` } },
  createdAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

const product = (code: string, overrides: Partial<CreatorProductView> = {}): CreatorProductView => ({
  id: 1,
  '@id': `/api/v2/shop/products/${code}`,
  code,
  name: `Abendlicht ${code}`,
  slug: code.toLowerCase(),
  creatorProfileName: 'lenahartmann',
  creator: `/api/v2/shop/customers/${creatorUuid}`,
  reviewState: 'pending',
  rejectionReason: null,
  reviewedAt: null,
  translations: {
    de: { locale: 'de', name: 'Kiefern im Abendlicht', slug: 'kiefern', description: 'Öl auf Leinwand.' },
    en: { locale: 'en', name: 'Pines at dusk', slug: 'pines', description: 'Oil on canvas.' },
  },
  royalties: 10,
  metadata: [{ key: 'year', value: '2025' }],
  traits: [{ type: 'Stimmung', value: 'ruhig' }],
  tags: ['wald', 'licht'],
  whitelisting: false,
  mainTaxon: 'collectibles_art',
  subCategory: null,
  itemType: 'multiple',
  copies: 5,
  price: 4_900,
  collaboration: false,
  copyrightTransfer: false,
  unlockOnPurchase: true,
  collection: null,
  mediaFiles: [
    file(1),
    file(2, { private: true, path: null, renditions: { md: { width: 320, height: 320, path: null } } }),
  ],
  defaultVariant: {
    code,
    '@id': `/api/v2/shop/product-variants/${code}`,
    name: code,
    product: `/api/v2/shop/products/${code}`,
    onHand: 5,
    onHold: 0,
    totalSupply: 5,
    tracked: true,
    channelPricings: { token: { channelCode: 'token', price: 4_900 } },
  },
  currency: 'EUR',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

function stubApi(answer?: (call: ApiCall) => Response | undefined) {
  return mockApi((call) => {
    const overridden = answer?.(call) ?? answerOperator(call);
    if (overridden) return overridden;
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/v2/admin/products') {
      const state = url.searchParams.get('state');
      const items =
        state === 'pending'
          ? [product('NFT_A'), product('NFT_B')]
          : state === 'rejected'
            ? [product('NFT_R', { reviewState: 'rejected', rejectionReason: 'Bildrechte unklar' })]
            : [];
      return Response.json({
        'hydra:member': items,
        'hydra:totalItems': state === 'pending' ? 12 : items.length,
      });
    }
    if (url.pathname === '/api/v2/admin/media-files/2/presign')
      return Response.json({ url: '/media/signed/2-md.webp?sig=abc', expiresAt: '2026-11-27T22:00:00.000Z' });
    if (call.method === 'POST' && url.pathname.endsWith('/approve'))
      return Response.json(product('NFT_A', { reviewState: 'approved' }));
    if (call.method === 'POST' && url.pathname.endsWith('/reject'))
      return Response.json(product('NFT_A', { reviewState: 'rejected' }));
    return undefined;
  });
}

const show = (path = '/admin/products') =>
  renderRoutes([{ path: '/admin/products', element: <AdminProductsPage /> }], path);

const plain = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

setUpOperatorSession();

describe('/admin/products', () => {
  it('lists the pending products first, pages, and switches the review state', async () => {
    const calls = stubApi();
    show();
    expect(await screen.findByText('12 Produkte warten auf Prüfung')).toBeTruthy();
    const rows = screen.getAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    expect(plain(defined(rows[0]).textContent)).toContain('@lenahartmann · 49,00 € · 5 Exemplare');
    expect(calls.some((c) => c.url.includes('state=pending') && c.url.includes('page=1'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Weiter/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('state=pending') && c.url.includes('page=2'))).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abgelehnt' }));
    expect(await screen.findByText('1 abgelehntes Produkt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Freigegeben' }));
    expect(await screen.findByText('Noch keine freigegebenen Produkte.')).toBeTruthy();
  });

  it('shows a submission whole: both languages, media (private ones by a signed link), facts, traits, metadata, tags', async () => {
    const calls = stubApi();
    show('/admin/products?product=NFT_A');
    const details = await screen.findByTestId('product-details');
    expect(details.textContent).toContain('Kiefern im Abendlicht');
    expect(details.textContent).toContain('Pines at dusk');
    expect(details.textContent).toContain('Oil on canvas.');
    const media = within(within(details).getByTestId('product-media'));
    expect((await media.findByAltText('Vorschau von bild-1.png')).getAttribute('src')).toBe(
      '/media/public/1-md.webp',
    );
    await waitFor(() =>
      expect(media.getByAltText('Vorschau von bild-2.png').getAttribute('src')).toBe(
        '/media/signed/2-md.webp?sig=abc',
      ),
    );
    expect(calls.some((c) => c.url === '/api/v2/admin/media-files/2/presign?size=md')).toBe(true);
    expect(within(details).getByTestId('product-traits').textContent).toBe('Stimmungruhig');
    expect(within(details).getByTestId('product-metadata').textContent).toBe('year2025');
    expect(within(details).getByTestId('product-tags').textContent).toBe('waldlicht');
    expect(plain(details.textContent)).toContain('Lizenzgebühr bei Weiterverkauf10 %');
    expect(within(details).getByRole('link', { name: '@lenahartmann' }).getAttribute('href')).toBe(
      `/admin/customers/${creatorUuid}`,
    );
  });

  it('approves a product', async () => {
    const calls = stubApi();
    show('/admin/products?product=NFT_A');
    const details = await screen.findByTestId('product-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({ method: 'POST', url: '/api/v2/admin/products/NFT_A/approve' });
    expect(await screen.findByText('„Abendlicht NFT_A“ ist freigegeben und im Shop sichtbar.')).toBeTruthy();
  });

  it('rejects only with a reason, which it sends', async () => {
    const calls = stubApi();
    show('/admin/products?product=NFT_A');
    const details = await screen.findByTestId('product-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: '„Abendlicht NFT_A“ ablehnen' })).toBeTruthy();
    const reason = within(dialog).getByRole('textbox');
    expect(reason.getAttribute('maxlength')).toBe('1000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(writesOf(calls)).toEqual([]);
    fireEvent.input(reason, { target: { value: 'Bildrechte unklar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/v2/admin/products/NFT_A/reject',
      body: { reason: 'Bildrechte unklar' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('explains the 409 when a rejected product is approved, and shows the reason it was rejected with', async () => {
    stubApi((call) =>
      call.method === 'POST' && call.url.endsWith('/approve')
        ? problemAnswer(409, 'invalid_transition')
        : undefined,
    );
    show('/admin/products?state=rejected&product=NFT_R');
    const details = await screen.findByTestId('product-details');
    expect(details.textContent).toContain('Bildrechte unklar');
    expect(within(details).queryByRole('button', { name: 'Ablehnen' })).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'Freigeben' }));
    expect((await within(details).findByRole('alert')).textContent).toContain(
      'Ein abgelehntes Produkt kann nicht direkt freigegeben werden.',
    );
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    stubApi();
    show();
    expect(await screen.findByText('12 products await review')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'To review' }).getAttribute('aria-pressed')).toBe('true');
  });
});
