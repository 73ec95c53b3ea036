import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessage } from '@token/domain/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications } from '../../lib/notifications.ts';
import { problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { ExcerptsPage } from './excerpts-page.tsx';
import {
  asset,
  excerpts,
  mockRegisterApi,
  storeTestSession,
  switchLanguage,
  windAsset,
} from './test-support.tsx';

const show = () =>
  renderRoutes([{ path: '/account/exerpts', element: <ExcerptsPage /> }], '/account/exerpts');

beforeEach(async () => {
  localStorage.clear();
  storeTestSession();
  clearNotifications();
  await switchLanguage('de');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ExcerptsPage (/account/exerpts)', () => {
  it('lists the excerpts by type, bond, number, date and language', async () => {
    mockRegisterApi();
    show();
    const rows = await screen.findAllByTestId('excerpt-row');
    expect(rows.map((r) => r.querySelectorAll('p')[0]?.textContent)).toEqual([
      'Auf Anfrage · Solarpark Anleihe 2031',
      'Nach einer Eintragung · Solarpark Anleihe 2031',
    ]);
    expect(rows.map((r) => r.querySelectorAll('p')[1]?.textContent)).toEqual([
      'Nr. RA-2026-000002 · 25.11.2026 · Deutsch',
      'Nr. RA-2026-000001 · 21.11.2026 · Englisch',
    ]);
  });

  it('downloads the PDF with the session’s token', async () => {
    mockRegisterApi({}, ({ url }) =>
      url.endsWith('/pdf')
        ? new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })
        : undefined,
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:excerpt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Auszug RA-2026-000001 als PDF herunterladen' }),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('%PDF-1.7');
    const pdfCall = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url) === '/api/v2/shop/register-excerpts/20/pdf');
    expect(new Headers(pdfCall?.[1]?.headers).get('authorization')).toBe('Bearer a.b.c');
  });

  it('says why a download failed, in the reader’s language', async () => {
    mockRegisterApi({}, ({ url }) =>
      url.endsWith('/pdf') ? problemAnswer(404, 'register_excerpt_not_found') : undefined,
    );
    show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Auszug RA-2026-000002 als PDF herunterladen' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      errorMessage('register_excerpt_not_found', 'de'),
    );
  });

  it('requests an excerpt per bond held, and says when it was too soon', async () => {
    let requests = 0;
    const calls = mockRegisterApi(
      { assets: [asset(), windAsset, asset({ product: { id: 5, code: 'NEW', name: 'Neu' }, minted: 0 })] },
      ({ method }) => {
        if (method !== 'POST') return undefined;
        requests += 1;
        return requests === 1
          ? Response.json({ ...excerpts[0], id: 22, number: 'RA-2026-000003' }, { status: 201 })
          : problemAnswer(429, 'too_many_requests');
      },
    );
    show();
    const section = within(
      (await screen.findByRole('heading', { name: 'Auszug anfordern' })).closest('section') as HTMLElement,
    );
    // only bonds with minted tokens are in the register
    expect(section.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Auszug für Solarpark Anleihe 2031 anfordern',
      'Auszug für Windpark Anleihe 2029 anfordern',
    ]);
    fireEvent.click(section.getByRole('button', { name: 'Auszug für Windpark Anleihe 2029 anfordern' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Ihr Registerauszug RA-2026-000003 wurde erstellt.',
    );
    expect(writesOf(calls)).toEqual([
      { method: 'POST', url: '/api/v2/shop/register-excerpts', body: { product: 'WIND-2029' } },
    ]);
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/v2/shop/register-excerpts').length).toBeGreaterThan(2),
    );
    await waitFor(() =>
      expect(
        section
          .getByRole('button', { name: 'Auszug für Windpark Anleihe 2029 anfordern' })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    fireEvent.click(section.getByRole('button', { name: 'Auszug für Windpark Anleihe 2029 anfordern' }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('too_many_requests', 'de'));
  });

  it('says so when there is no excerpt yet', async () => {
    mockRegisterApi({ excerpts: [], assets: [] });
    show();
    expect((await screen.findByTestId('excerpts-empty')).textContent).toContain('Noch keine Registerauszüge');
    expect(screen.queryByRole('heading', { name: 'Auszug anfordern' })).toBeNull();
  });

  it('speaks English', async () => {
    await switchLanguage('en');
    mockRegisterApi();
    show();
    expect(await screen.findByRole('heading', { name: 'Register excerpts', level: 1 })).toBeTruthy();
    const rows = await screen.findAllByTestId('excerpt-row');
    expect(rows[0]?.querySelectorAll('p')[0]?.textContent).toBe('On request · Solarpark Anleihe 2031');
    expect(rows[1]?.querySelectorAll('p')[1]?.textContent).toBe('No. RA-2026-000001 · 21/11/2026 · English');
  });
});
