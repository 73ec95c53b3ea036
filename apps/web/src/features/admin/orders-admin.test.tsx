import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { errorMessage } from '@token/domain/errors';
import type { OrderView } from '@token/domain/orders';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from '../../components/ui/notification-bar.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { defined } from '../../lib/test-defined.ts';
import { answerOperator, setUpOperatorSession } from './admin.test-kit.tsx';
import { AdminOrderPage, AdminOrdersPage, AdminPaymentsPage } from './admin-pages.tsx';
import type { BankCreditView } from './api/get-bank-credits.ts';
import type { OperatorOrderFile } from './api/get-order-file.ts';

const customerUuid = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const token = 'tok_A1b2C3d4E5';

const order = (overrides: Partial<OrderView> = {}): OrderView => ({
  id: 41,
  tokenValue: token,
  number: '2026-000041',
  checkoutState: 'completed',
  paymentState: 'awaiting_payment',
  shippingState: 'ready',
  paid: false,
  listStatus: 'awaiting_payment',
  kind: 'security',
  currencyCode: 'EUR',
  localeCode: 'de',
  legalDocsConfirmAt: '2026-03-01T09:00:00.000Z',
  legalDocsConfirmed: [],
  legalDocsSentAt: null,
  items: [
    {
      id: 7,
      productName: 'Solarpark Brandenburg 2031',
      productCode: 'SOLAR31',
      variantName: 'Token',
      variant: '/api/v2/shop/product-variants/SOLAR31',
      variantCode: 'SOLAR31',
      quantity: 5000,
      unitPrice: 100,
      originalUnitPrice: 100,
      subtotal: 500_000,
      taxTotal: 0,
      total: 500_000,
      taxCategory: { code: 'bonds', rateBasisPoints: 0 },
    },
  ],
  itemsTotal: 500_000,
  discountCode: null,
  discountTotal: 0,
  taxTotal: 0,
  total: 500_000,
  payments: [
    {
      id: 9,
      method: '/api/v2/shop/payment-methods/offline',
      methodCode: 'offline',
      state: 'awaiting_payment',
      amount: 500_000,
      currencyCode: 'EUR',
      paymentReference: 'RF18 2026 0000 41',
      createdAt: '2026-03-01T09:05:00.000Z',
      updatedAt: '2026-03-01T09:05:00.000Z',
    },
  ],
  notes: null,
  statements: {
    notUsOrCanadaTaxpayer: true,
    totalLossRisk: true,
    illiquidityRisk: false,
    informationTruthful: true,
    actingOnOwnAccount: true,
    documentsReceived: false,
  },
  declarations: { freeAssetsAtLeast100k: false, averageMonthlyNetIncomeCents: 350_000 },
  digitalContentConsent: null,
  checkoutCompletedAt: '2026-03-01T09:05:00.000Z',
  paymentDueAt: '2026-03-15T09:05:00.000Z',
  createdAt: '2026-03-01T08:55:00.000Z',
  updatedAt: '2026-03-01T09:05:00.000Z',
  ...overrides,
});

const row = (overrides: Partial<OrderView> = {}) => ({
  ...order(overrides),
  customer: { uuid: customerUuid, email: 'erika@example.com', name: 'Erika Mustermann' },
});

const orderFile = (overrides: Partial<OrderView> = {}): OperatorOrderFile => ({
  ...order(overrides),
  payments: order(overrides).payments.map((p) => ({
    ...p,
    cardSessionId: null,
    cardPaymentIntentId: null,
    refundedAmount: 0,
  })),
  customer: {
    uuid: customerUuid,
    email: 'erika@example.com',
    fullName: 'Erika Mustermann',
    accountType: 'personal',
  },
  invoices: [{ id: 3, number: 'RE-2026-0041' }],
  bankCredits: [],
  auditLog: [],
});

const credit = (overrides: Partial<BankCreditView> = {}): BankCreditView => ({
  id: 17,
  source: 'camt.053',
  amountCents: 250_000,
  currency: 'EUR',
  remittanceText: 'Anleihe Solarpark Teilzahlung',
  structuredReference: null,
  debtorName: 'Erika Mustermann',
  debtorIban: 'DE89370400440532013000',
  bookingDate: '2026-03-03',
  entryReference: 'E-1',
  status: 'partial',
  note: null,
  matchedOrder: null,
  receivedAt: '2026-03-03T10:00:00.000Z',
  ...overrides,
});

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/** The operator API as these pages meet it: orders, the order file, bank credits. */
function stubApi(opts: { file?: OperatorOrderFile; credits?: BankCreditView[] } = {}) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x');
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    const operatorAnswer = answerOperator({ method, url: input, body: undefined });
    if (operatorAnswer) return operatorAnswer;
    if (url.pathname === '/api/v2/admin/orders') {
      const state = url.searchParams.get('paymentState');
      const rows = [
        row(),
        row({ tokenValue: 'tok_paid', number: '2026-000042', paymentState: 'paid' }),
      ].filter((r) => !state || r.paymentState === state);
      return json({ 'hydra:member': rows, 'hydra:totalItems': rows.length });
    }
    if (url.pathname === `/api/v2/admin/orders/${token}`) return json(opts.file ?? orderFile());
    if (method === 'POST' && url.pathname.startsWith(`/api/v2/admin/orders/${token}/`)) return json(order());
    if (url.pathname === '/api/v2/admin/invoices/3/pdf') {
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer a.b.c'
        ? new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })
        : json({ code: 'unauthorized', status: 401 }, 401);
    }
    if (url.pathname === '/api/v2/admin/bank-credits') {
      const items = opts.credits ?? [credit()];
      return json({ 'hydra:member': items, 'hydra:totalItems': items.length });
    }
    if (method === 'POST' && /^\/api\/v2\/admin\/bank-credits\/\d+\/(assign|return)$/.test(url.pathname)) {
      return json({ ...credit(), status: 'matched' });
    }
    return json({ code: 'route_not_found', status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function LocationProbe() {
  const l = useLocation();
  return <p data-testid="location">{l.pathname + l.search}</p>;
}

function setup(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/orders',
        element: (
          <>
            <AdminOrdersPage />
            <LocationProbe />
          </>
        ),
      },
      { path: '/admin/orders/:tokenValue', element: <AdminOrderPage /> },
      { path: '/admin/payments', element: <AdminPaymentsPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <NotificationBar />
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** XMLHttpRequest as the test drives it: progress events and an answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

const postsTo = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

// the operator's session switches to German before each test, loading this namespace in it too
beforeAll(() => loadNamespace('onboarding'));
setUpOperatorSession();
afterEach(() => {
  FakeXhr.sent = [];
});

describe('/admin/orders', () => {
  it('lists the orders and filters them by payment state and search, kept in the address', async () => {
    const calls = stubApi();
    setup('/admin/orders');
    expect(await screen.findByText('2 Bestellungen')).toBeTruthy();
    // the navigation between the three sections, the current one marked
    const nav = screen.getByRole('navigation', { name: 'Bereiche der Administration' });
    expect(within(nav).getByRole('link', { name: 'Bestellungen' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Zahlungen / Abgleich' }).getAttribute('href')).toBe(
      '/admin/payments',
    );

    fireEvent.change(screen.getByLabelText('Zahlungsstatus'), { target: { value: 'paid' } });
    expect(await screen.findByText('1 Bestellung')).toBeTruthy();
    const listCall = defined(calls.filter((c) => c.path === '/api/v2/admin/orders').at(-1));
    expect(listCall.query.get('paymentState')).toBe('paid');
    expect(listCall.query.get('page')).toBe('1');
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders?paymentState=paid');
    expect(screen.queryAllByRole('link', { name: 'Bestellung 2026-000041 öffnen' })).toEqual([]);
    expect(
      screen.getAllByRole('link', { name: 'Bestellung 2026-000042 öffnen' })[0]?.getAttribute('href'),
    ).toBe('/admin/orders/tok_paid');

    fireEvent.input(screen.getByLabelText('Suche'), { target: { value: ' RF18 ' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Bestellungen filtern' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/orders?search=RF18&paymentState=paid'),
    );
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/v2/admin/orders')
          .at(-1)
          ?.query.get('search'),
      ).toBe('RF18'),
    );
  });
});

describe('/admin/orders/:tokenValue', () => {
  it('shows the order file: investor, amounts, statements in words, payment reference, invoice', async () => {
    stubApi();
    setup(`/admin/orders/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung 2026-000041' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Erika Mustermann' }).getAttribute('href')).toBe(
      `/admin/customers/${customerUuid}`,
    );
    expect(screen.getByText('RF18 2026 0000 41')).toBeTruthy();
    expect(screen.getByText(/Nicht in den USA oder Kanada steuerpflichtig/)).toBeTruthy();
    expect(screen.getByText('3.500,00 €')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rechnung RE-2026-0041 (PDF)' })).toBeTruthy();
    // awaiting payment: cancel and mark paid are offered, a refund is not (nothing was paid)
    expect(screen.queryByRole('button', { name: 'Erstatten' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stornieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Als bezahlt markieren' })).toBeTruthy();
  });

  it.each([
    ['paid', ['Erstatten']],
    ['cancelled', []],
  ] as const)('a %s order offers only the actions its state allows', async (paymentState, offered) => {
    stubApi({ file: orderFile({ paymentState }) });
    setup(`/admin/orders/${token}`);
    await screen.findByRole('heading', { level: 1, name: 'Bestellung 2026-000041' });
    const actions = within(screen.getByRole('region', { name: 'Aktionen' }));
    const labels = ['Als bezahlt markieren', 'Erstatten', 'Stornieren'];
    expect(labels.filter((name) => actions.queryByRole('button', { name }))).toEqual(offered);
    expect(actions.queryByText('In diesem Zustand ist keine Aktion möglich.') !== null).toBe(
      offered.length === 0,
    );
  });

  it('downloads the invoice PDF with the bearer token', async () => {
    stubApi();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    setup(`/admin/orders/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Rechnung RE-2026-0041 (PDF)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('%PDF-1.7');
  });

  it.each([
    ['Stornieren', 'Bestellung stornieren', 'cancel', 'awaiting_payment'],
    ['Als bezahlt markieren', 'Als bezahlt markieren', 'mark-paid', 'awaiting_payment'],
    ['Erstatten', 'Bestellung erstatten', 'refund', 'paid'],
  ] as const)(
    '"%s" opens "%s", which needs a reason and posts it to the action',
    async (label, submit, path, paymentState) => {
      const calls = stubApi({ file: orderFile({ paymentState }) });
      setup(`/admin/orders/${token}`);
      fireEvent.click(await screen.findByRole('button', { name: label }));
      const dialog = await screen.findByRole('dialog');
      // too short a reason is refused before anything is sent
      fireEvent.input(within(dialog).getByLabelText(/Begründung/), { target: { value: 'ab' } });
      fireEvent.click(within(dialog).getByRole('button', { name: submit }));
      await waitFor(() =>
        expect(
          within(dialog)
            .getByLabelText(/Begründung/)
            .getAttribute('aria-invalid'),
        ).toBe('true'),
      );
      expect(postsTo(calls, `/api/v2/admin/orders/${token}/${path}`)).toEqual([]);

      fireEvent.input(within(dialog).getByLabelText(/Begründung/), {
        target: { value: '  Überweisung telefonisch bestätigt  ' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: submit }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const posted = postsTo(calls, `/api/v2/admin/orders/${token}/${path}`);
      expect(posted.map((c) => c.body)).toEqual([{ reason: 'Überweisung telefonisch bestätigt' }]);
    },
  );

  it('shows a refusal of the API inside the dialog in words of the error catalogue', async () => {
    const calls = stubApi();
    const inner = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json({ code: 'order_not_cancellable', status: 409 }, { status: 409 })
          : inner(input, init),
      ),
    );
    setup(`/admin/orders/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Stornieren' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Begründung/), {
      target: { value: 'Kunde wünscht Storno' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestellung stornieren' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      errorMessage('order_not_cancellable', 'de'),
    );
    expect(calls.length).toBeGreaterThan(0);
  });
});

describe('/admin/payments', () => {
  it('uploads a camt statement with a progress bar and shows the counts the server answers', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubApi();
    setup('/admin/payments');
    expect(await screen.findByText('1 Zahlungseingang')).toBeTruthy();
    const xml = new File(
      ['<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>'],
      'camt053.xml',
      {
        type: 'application/xml',
      },
    );
    fireEvent.change(screen.getByLabelText('Datei auswählen'), { target: { files: [xml] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = defined(FakeXhr.sent[0]);
    expect(xhr.url).toBe('/api/v2/admin/bank-statements');
    expect(xhr.headers.authorization).toBe('Bearer a.b.c');
    expect((defined(xhr.body).get('file') as File).name).toBe('camt053.xml');
    xhr.progress(40, 80);
    expect(((await screen.findByRole('progressbar')) as HTMLProgressElement).value).toBe(50);
    xhr.respond(201, { credits: 12, duplicates: 3, matched: 7, open: 2 });
    const status = await screen.findByRole('status', { name: 'Ergebnis für camt053.xml' });
    const count = (label: string) => within(status).getByText(label).nextElementSibling?.textContent;
    expect(count('Zahlungseingänge')).toBe('12');
    expect(count('Zugeordnet')).toBe('7');
    expect(count('Offen')).toBe('2');
    expect(count('Bereits bekannt')).toBe('3');
  });

  it('shows a refused statement in words of the error catalogue', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubApi();
    setup('/admin/payments');
    await screen.findByText('1 Zahlungseingang');
    const xml = new File(['nope'], 'kontoauszug.xml', { type: 'application/xml' });
    fireEvent.change(screen.getByLabelText('Datei auswählen'), { target: { files: [xml] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]?.respond(422, { code: 'bank_statement_invalid', status: 422 });
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('bank_statement_invalid', 'de'));
  });

  it('refuses a file that is no XML statement before sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubApi();
    setup('/admin/payments');
    await screen.findByText('1 Zahlungseingang');
    const pdf = new File(['%PDF-1.7'], 'kontoauszug.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Datei auswählen'), { target: { files: [pdf] } });
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('bank_statement_invalid', 'de'));
    expect(FakeXhr.sent).toEqual([]);
  });

  it('assigns an open credit to an order found by its reference, with a reason', async () => {
    const calls = stubApi();
    setup('/admin/payments');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Zahlungseingang 17 einer Bestellung zuordnen' }),
    );
    const dialog = await screen.findByRole('dialog');
    const assign = within(dialog).getByRole('button', { name: 'Zuordnen' }) as HTMLButtonElement;
    // no order chosen yet: nothing to send
    expect(assign.disabled).toBe(true);
    fireEvent.input(within(dialog).getByLabelText(/Bestellung suchen/), { target: { value: 'RF18 2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestellungen suchen' }));
    fireEvent.click(await within(dialog).findByRole('radio', { name: /2026-000041/ }));
    const search = defined(calls.filter((c) => c.path === '/api/v2/admin/orders').at(-1));
    expect(search.query.get('search')).toBe('RF18 2026');
    fireEvent.input(within(dialog).getByLabelText(/Begründung/), {
      target: { value: 'Teilzahlung laut Verwendungszweck' },
    });
    fireEvent.click(assign);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postsTo(calls, '/api/v2/admin/bank-credits/17/assign').map((c) => c.body)).toEqual([
      { orderTokenValue: token, reason: 'Teilzahlung laut Verwendungszweck' },
    ]);
    expect(await screen.findByText('2.500,00 € auf Bestellung 2026-000041 gebucht.')).toBeTruthy();
  });

  it('says why a credit is open in the operator’s language', async () => {
    stubApi({
      credits: [
        credit({ note: { code: 'partial', order: '000000041', receivedCents: 40_000, totalCents: 100_000 } }),
      ],
    });
    setup('/admin/payments');
    expect(
      await screen.findByText(
        /Teilzahlung für Bestellung 000000041: 400,00\s€ von 1\.000,00\s€ eingegangen\./,
      ),
    ).toBeTruthy();
  });

  it('returns a credit with a reason', async () => {
    const calls = stubApi({
      credits: [credit({ id: 18, status: 'unmatched', debtorName: 'Unbekannt GmbH' })],
    });
    setup('/admin/payments');
    fireEvent.click(await screen.findByRole('button', { name: 'Zahlungseingang 18 zurücküberweisen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Begründung/), {
      target: { value: 'Keine Bestellung erkennbar' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Als zurücküberwiesen markieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postsTo(calls, '/api/v2/admin/bank-credits/18/return').map((c) => c.body)).toEqual([
      { reason: 'Keine Bestellung erkennbar' },
    ]);
  });
});
