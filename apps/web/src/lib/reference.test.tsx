import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountries, useCountryNameMap, useCurrencies, useCurrencyNameMap } from './reference.ts';

const countries = [
  { id: 1, code: 'DE', name: 'Deutschland', enabled: true },
  { id: 2, code: 'AT', name: 'Österreich', enabled: true },
  { id: 3, code: 'BE', name: 'Belgien', enabled: false },
];
const currencies = [
  { id: 1, code: 'CHF', name: 'Schweizer Franken' },
  { id: 2, code: 'EUR', name: 'Euro' },
];

function stubApi() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/v2/shop/countries')) return Response.json(countries);
    if (url.startsWith('/api/v2/shop/currencies')) return Response.json(currencies);
    return Response.json({ code: 'route_not_found', status: 404 }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reference data', () => {
  it('asks GET countries once for the forms and the operator’s names alike, in the reader’s language', async () => {
    const fetch = stubApi();
    const wrapper = wrapperWith(new QueryClient());
    const forms = renderHook(() => useCountries(), { wrapper });
    await waitFor(() => expect(forms.result.current.data).toBeDefined());
    const names = renderHook(() => useCountryNameMap(), { wrapper });

    // the forms offer the enabled countries sorted by name; the operator reads disabled ones too
    expect(forms.result.current.data?.map((c) => c.code)).toEqual(['DE', 'AT']);
    await waitFor(() => expect(names.result.current.data?.get('BE')).toBe('Belgien'));
    const countryCalls = fetch.mock.calls.filter(([url]) => String(url).includes('/countries'));
    expect(countryCalls.map(([url]) => String(url))).toEqual([
      '/api/v2/shop/countries?itemsPerPage=400&locale=de',
    ]);
  });

  it('asks GET currencies once for the list and the names', async () => {
    const fetch = stubApi();
    const wrapper = wrapperWith(new QueryClient());
    const list = renderHook(() => useCurrencies(), { wrapper });
    await waitFor(() => expect(list.result.current.data).toBeDefined());
    const names = renderHook(() => useCurrencyNameMap(), { wrapper });

    expect(list.result.current.data?.map((c) => c.code)).toEqual(['CHF', 'EUR']);
    await waitFor(() => expect(names.result.current.data?.get('EUR')).toBe('Euro'));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/currencies'))).toHaveLength(1);
  });
});
