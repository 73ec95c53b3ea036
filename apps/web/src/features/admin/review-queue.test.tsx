import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReviewQueueItem } from '@token/domain/compliance';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { resetSessionStoreForTests, sessionStorageKey } from '../../lib/session-store.ts';
import { defined } from '../../lib/test-defined.ts';
import { filterFromParams } from './admin-pages.tsx';
import type { CustomerListFilter } from './api/admin-keys.ts';
import { ReviewQueue } from './components/review-queue.tsx';

function storeSession() {
  const now = Date.now();
  const uuid = '9d1f5a1e-2b3c-4d5e-8f90-112233445566';
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      id: 'sess-op',
      uuid,
      token: 'a.b.c',
      refreshToken: 'refresh-0',
      expiration: now + 10 * 60_000,
      customerId: `/api/v2/shop/customers/${uuid}`,
      startedAt: now,
      lastUsedAt: now,
    }),
  );
  resetSessionStoreForTests();
}

const ida: ReviewQueueItem = {
  uuid: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  email: 'ida@example.com',
  fullName: 'Ida Identifiziert',
  accountType: 'personal',
  companyName: null,
  status: null,
  cryptoRegistrarStatus: 'approval_required',
  kycPassed: true,
  kycState: 'approved',
  hasWallet: true,
  reasons: ['onboarding_complete'],
  waitingSince: '2026-03-02T09:15:00.000Z',
  createdAt: '2026-02-20T08:00:00.000Z',
};
const nordlicht: ReviewQueueItem = {
  ...ida,
  uuid: '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e',
  email: 'erika@nordlicht.example',
  fullName: 'Erika Mustermann',
  accountType: 'company',
  companyName: 'Nordlicht Energie GmbH',
  status: 'follow_up',
  kycState: 'rejected_in_review',
  hasWallet: false,
  reasons: ['follow_up_answered', 'professional_request'],
};

/** Answers GET admin/customers with the given rows and total; records the addresses asked for. */
function stubQueue(items: ReviewQueueItem[], total = items.length) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json(
      { 'hydra:member': items, 'hydra:totalItems': total },
      { headers: { 'content-type': 'application/ld+json' } },
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The queue with its filter kept in state, as the page keeps it in the address. */
function Harness({
  initial,
  onFilter,
}: {
  initial: CustomerListFilter;
  onFilter?: (f: CustomerListFilter) => void;
}) {
  const [filter, setFilter] = useState(initial);
  return (
    <ReviewQueue
      filter={filter}
      onChange={(next) => {
        onFilter?.(next);
        setFilter(next);
      }}
    />
  );
}

function setup(
  initial: CustomerListFilter = { scope: 'queue', page: 1 },
  onFilter?: (f: CustomerListFilter) => void,
) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Harness initial={initial} onFilter={onFilter} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastUrl = (fetch: ReturnType<typeof stubQueue>) =>
  new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x');

beforeAll(async () => {
  await i18n.changeLanguage('de');
});
beforeEach(storeSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ReviewQueue', () => {
  it('asks for the review queue as the operator and shows each customer with status, identification and reasons', async () => {
    const fetch = stubQueue([ida, nordlicht]);
    setup();
    const table = await screen.findByRole('table');
    const url = lastUrl(fetch);
    expect(url.pathname).toBe('/api/v2/admin/customers');
    expect(Object.fromEntries(url.searchParams)).toEqual({ scope: 'queue', page: '1', itemsPerPage: '20' });
    const init = fetch.mock.calls[0]?.[1] as unknown as RequestInit & { headers: Record<string, string> };
    expect(init.headers.authorization).toBe('Bearer a.b.c');
    expect(init.headers.accept).toBe('application/ld+json');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Ida Identifiziert')).toBeTruthy();
    expect(within(first).getByText('Noch nicht geprüft')).toBeTruthy();
    // one status per customer: the registrar's answer sits with the wallet, not under the status
    const statusColumn = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Status');
    const walletColumn = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Wallet');
    expect(defined(within(first).getAllByRole('cell')[statusColumn], 'the status cell').textContent).toBe(
      'Noch nicht geprüft',
    );
    expect(defined(within(first).getAllByRole('cell')[walletColumn], 'the wallet cell').textContent).toBe(
      'VorhandenFreigabe erforderlich',
    );
    expect(within(first).getByText('Bestätigt')).toBeTruthy();
    expect(within(first).getByText('Selbstauskunft abgeschlossen')).toBeTruthy();
    expect(within(first).getByText('02.03.2026, 10:15')).toBeTruthy();
    expect(within(second).getByText('Nordlicht Energie GmbH')).toBeTruthy();
    expect(within(second).getByText('Rückfrage offen')).toBeTruthy();
    expect(within(second).getByText('Verdacht, in Prüfung')).toBeTruthy();
    expect(within(second).getByText('Rückfrage beantwortet')).toBeTruthy();
    expect(within(second).getByText('Antrag professioneller Kunde')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Ida Identifiziert prüfen' }).getAttribute('href')).toBe(
      `/admin/customers/${ida.uuid}`,
    );
    expect(screen.getByRole('heading', { name: '2 Kunden' })).toBeTruthy();
  });

  it('also offers each customer as a card for phones, opening the same page', async () => {
    stubQueue([ida]);
    setup();
    await screen.findByRole('table');
    const links = screen.getAllByRole('link', { name: 'Ida Identifiziert prüfen' });
    expect(links).toHaveLength(2);
    const card = defined(links.find((l) => l.closest('ul')));
    expect(card.getAttribute('href')).toBe(`/admin/customers/${ida.uuid}`);
    expect(within(card).getByText('Selbstauskunft abgeschlossen')).toBeTruthy();
  });

  // issue 22, WCAG 1.4.10: a table wider than its panel scrolls in its own region, not the page
  it('holds the table in a named region the keyboard reaches, which scrolls it sideways', async () => {
    stubQueue([ida]);
    setup();
    const table = await screen.findByRole('table');
    const region = screen.getByRole('region', { name: 'Prüfliste' });
    expect(region.contains(table)).toBe(true);
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('overflow-x-auto');
  });

  it('filters by status and reason, and searches on submit, each from the first page', async () => {
    const fetch = stubQueue([ida], 45);
    const seen: CustomerListFilter[] = [];
    setup({ scope: 'queue', page: 2 }, (f) => seen.push(f));
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Kundenstatus'), { target: { value: 'follow_up' } });
    await waitFor(() => expect(lastUrl(fetch).searchParams.get('status')).toBe('follow_up'));
    expect(lastUrl(fetch).searchParams.get('page')).toBe('1');
    fireEvent.change(screen.getByLabelText('Grund'), { target: { value: 'professional_request' } });
    await waitFor(() => expect(lastUrl(fetch).searchParams.get('reason')).toBe('professional_request'));
    fireEvent.input(screen.getByLabelText('Suche'), { target: { value: '  Nordlicht ' } });
    expect(lastUrl(fetch).searchParams.get('search')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(lastUrl(fetch).searchParams.get('search')).toBe('Nordlicht'));
    expect(seen.at(-1)).toEqual({
      scope: 'queue',
      status: 'follow_up',
      reason: 'professional_request',
      search: 'Nordlicht',
      page: 1,
    });
    fireEvent.change(screen.getByLabelText('Anzeigen'), { target: { value: 'all' } });
    await waitFor(() => expect(lastUrl(fetch).searchParams.get('scope')).toBe('all'));
    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastUrl(fetch).searchParams)).toEqual({
        scope: 'queue',
        page: '1',
        itemsPerPage: '20',
      }),
    );
  });

  it('pages through a long queue', async () => {
    const fetch = stubQueue([ida], 45);
    setup();
    await screen.findByText('Seite 1 von 3');
    expect((screen.getByRole('button', { name: 'Zurück' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await screen.findByText('Seite 2 von 3');
    expect(lastUrl(fetch).searchParams.get('page')).toBe('2');
  });

  it('says when nobody waits, and when no customer matches the filters', async () => {
    stubQueue([]);
    setup();
    expect(await screen.findByText('Niemand wartet auf eine Prüfung.')).toBeTruthy();
    cleanup();
    stubQueue([]);
    setup({ scope: 'queue', status: 'banned', page: 1 });
    expect(await screen.findByText('Keine Kunden passen zu diesen Filtern.')).toBeTruthy();
  });

  it('speaks English when the operator does', async () => {
    stubQueue([nordlicht]);
    await i18n.changeLanguage('en');
    try {
      setup();
      const table = await screen.findByRole('table');
      expect(within(table).getByText('Follow-up open')).toBeTruthy();
      expect(within(table).getByText('Professional client request')).toBeTruthy();
      expect(screen.getByRole('heading', { name: '1 customer' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('de');
    }
  });

  it('reads its filter from the page address, ignoring what it does not know', () => {
    expect(
      filterFromParams(new URLSearchParams('scope=all&status=banned&reason=x&page=3&search=Ida')),
    ).toEqual({
      scope: 'all',
      status: 'banned',
      reason: undefined,
      search: 'Ida',
      page: 3,
    });
    expect(filterFromParams(new URLSearchParams('scope=everything&status=vip&page=-2'))).toEqual({
      scope: 'queue',
      status: undefined,
      reason: undefined,
      search: undefined,
      page: 1,
    });
  });
});
