import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notMintedLegend } from '@token/domain/register';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications } from '../../lib/notifications.ts';
import { problemAnswer, renderRoutes } from '../../lib/test-api.tsx';
import { defined } from '../../lib/test-defined.ts';
import { DepotPage } from './depot-page.tsx';
import {
  asset,
  entries,
  mockRegisterApi,
  storeTestSession,
  switchLanguage,
  walletAddress,
  windAsset,
} from './test-support.tsx';

const show = () => renderRoutes([{ path: '/account/wallet', element: <DepotPage /> }], '/account/wallet');

/** Text as read, with Intl's narrow and no-break spaces as plain ones. */
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ') ?? '';

const positionOf = async (name: string) =>
  within(defined((await screen.findByRole('heading', { name })).closest('article')));

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

describe('DepotPage (/account/wallet)', () => {
  it('shows minted tokens, the not-yet-minted ones starred with the legend, and the bond facts', async () => {
    mockRegisterApi({ assets: [asset(), windAsset] });
    show();
    expect(await screen.findByRole('heading', { name: 'Mein digitales Depot', level: 1 })).toBeTruthy();
    const solar = await positionOf('Solarpark Anleihe 2031');
    expect(text(solar.getByTestId('fact-minted'))).toBe('120');
    expect(text(solar.getByTestId('fact-not-minted'))).toBe('30* (siehe Hinweis unten)');
    expect(text(solar.getByTestId('fact-pending'))).toBe('20');
    expect(text(solar.getByTestId('fact-nominal'))).toBe('12.000 €');
    expect(solar.getByText('5,50 %')).toBeTruthy();
    expect(text(solar.getByTestId('fact-next-payment'))).toBe('30.06.2027');
    expect(solar.getByText('Teilweise abgerechnet')).toBeTruthy();
    const wind = await positionOf('Windpark Anleihe 2029');
    expect(text(wind.getByTestId('fact-not-minted'))).toBe('0');
    expect(text(wind.getByTestId('fact-next-payment'))).toBe('—');
    expect(wind.getByText('Abgerechnet')).toBeTruthy();
    expect(screen.getByTestId('not-minted-legend').textContent).toBe(notMintedLegend.de);
    expect(solar.getByRole('link', { name: 'Solarpark Anleihe 2031 übertragen' }).getAttribute('href')).toBe(
      '/transfer/SOLAR-2031',
    );
  });

  it('leaves the legend out when every token is minted', async () => {
    mockRegisterApi({ assets: [windAsset] });
    show();
    await positionOf('Windpark Anleihe 2029');
    expect(screen.queryByTestId('not-minted-legend')).toBeNull();
  });

  it('shows the wallet address as its first 5 and last 4 characters and copies the whole one', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockRegisterApi();
    show();
    const address = await screen.findByTestId('depot-address');
    expect(address.textContent).toBe('0x529…9EE7');
    expect(address.getAttribute('title')).toBe(walletAddress);
    expect(screen.getByTestId('copy-announcement').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Wallet-Adresse kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(walletAddress));
    expect(await screen.findByText('Kopiert', { selector: 'button *, button' })).toBeTruthy();
    expect(screen.getByTestId('copy-announcement').textContent).toBe('Kopiert');
  });

  it('gives the allocation chart a table of bond, nominal value and share', async () => {
    mockRegisterApi({ assets: [asset(), windAsset] });
    show();
    const table = await screen.findByRole('table', {
      name: 'Nominalwert und Anteil jeder Anleihe an Ihrem Depot',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.children).map(text));
    // 150 × 100 € = 15.000 € and 300 × 10 € = 3.000 €: 5/6 and 1/6 of 18.000 €
    expect(rows).toEqual([
      ['Solarpark Anleihe 2031', '15.000 €', '83,33 %'],
      ['Windpark Anleihe 2029', '3.000 €', '16,67 %'],
    ]);
    expect(screen.getByTestId('allocation-donut').getAttribute('aria-hidden')).toBe('true');
  });

  it('lists the register entries with kind, direction, shortened hash, and the pending transfer visibly pending', async () => {
    mockRegisterApi({ assets: [asset()], entries });
    show();
    const solar = await positionOf('Solarpark Anleihe 2031');
    const rows = await solar.findAllByTestId('register-entry');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'confirmed']);
    const [pending, mint] = rows.map((r) => within(r));
    expect(pending?.getByText('Übertragung')).toBeTruthy();
    expect(pending?.getByText('· Ausgang', { exact: false })).toBeTruthy();
    expect(pending?.getByTestId('entry-status').textContent).toBe('In Bearbeitung');
    expect(pending?.getByText('0xAb5…eC9B')).toBeTruthy();
    expect(mint?.getByText('Ausgabe (Minting)')).toBeTruthy();
    expect(mint?.getByTestId('entry-hash').textContent).toBe('0x9f8…0a08');
    expect(mint?.getByTestId('entry-status').textContent).toBe('Bestätigt');
  });

  it('reads a bond’s entries only when they are opened, when many bonds are held', async () => {
    const calls = mockRegisterApi({
      assets: [
        windAsset,
        asset({ pendingOutgoing: 0 }),
        asset({ product: { id: 9, code: 'X', name: 'Dritte' }, pendingOutgoing: 0 }),
      ],
    });
    show();
    const wind = await positionOf('Windpark Anleihe 2029');
    const toggle = wind.getByRole('button', { name: 'Registereinträge' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((c) => c.url.includes('register-entries'))).toBe(false);
    fireEvent.click(toggle);
    expect(await wind.findByText('Noch keine Registereinträge.')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('register-entries')).map((c) => c.url)).toEqual([
      '/api/v2/shop/register-entries?product=WIND-2029',
    ]);
  });

  it('says so when the investor holds nothing, with a way to the bonds', async () => {
    mockRegisterApi({ assets: [] });
    show();
    const empty = within(await screen.findByTestId('depot-empty'));
    expect(empty.getByText('Ihr Depot ist noch leer')).toBeTruthy();
    expect(empty.getByRole('link', { name: 'Anleihen ansehen' }).getAttribute('href')).toBe('/#latest');
  });

  it('shows placeholders while loading and the catalogue sentence when the depot cannot be read', async () => {
    mockRegisterApi({}, ({ url }) =>
      url === '/api/v2/shop/token-assets' ? problemAnswer(500, 'internal_error') : undefined,
    );
    show();
    expect(screen.getByTestId('depot-loading')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Es ist ein unerwarteter Fehler aufgetreten.',
    );
  });

  it('speaks English', async () => {
    await switchLanguage('en');
    mockRegisterApi({ assets: [asset()] });
    show();
    expect(await screen.findByRole('heading', { name: 'My digital depot', level: 1 })).toBeTruthy();
    const solar = await positionOf('Solarpark Anleihe 2031');
    expect(text(solar.getByTestId('fact-nominal'))).toBe('€12,000');
    expect(text(solar.getByTestId('fact-not-minted'))).toBe('30* (see the note below)');
    expect(screen.getByTestId('not-minted-legend').textContent).toBe(notMintedLegend.en);
    expect(solar.getByRole('link', { name: 'Transfer Solarpark Anleihe 2031' })).toBeTruthy();
  });
});
