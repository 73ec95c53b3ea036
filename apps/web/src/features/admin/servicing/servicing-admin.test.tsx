import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessage, violationMessage } from '@token/domain/errors';
import { formatEuro } from '@token/domain/format';
import type {
  BondTerms,
  BondTermsVersionView,
  CouponRunSummaryView,
  CouponRunView,
  CouponScheduleRowView,
  PayoutNoticeResult,
} from '@token/domain/servicing';
import { exampleBondTerms } from '@token/domain/servicing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../../lib/test-api.tsx';
import { defined } from '../../../lib/test-defined.ts';
import { answerOperator, operatorUuid, setUpOperatorSession } from '../admin.test-kit.tsx';
import { AdminRegisterPage } from '../register-pages.tsx';

const annaUuid = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const code = 'SOLAR_BRANDENBURG_2031';
const base = `/api/v2/admin/bonds/${code}`;

const terms: BondTerms = exampleBondTerms({ investorLimit: 149 });

const savedTerms: BondTermsVersionView = {
  product: code,
  version: 2,
  terms,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: operatorUuid,
};

const row = (index: number, overrides: Partial<CouponScheduleRowView> = {}): CouponScheduleRowView => ({
  index,
  startDate: `${2019 + index}-03-31`,
  endDate: `${2020 + index}-03-31`,
  paymentDate: `${2020 + index}-03-31`,
  recordDate: `${2020 + index}-03-30`,
  accrualFraction: '1/1',
  accrualFractionDecimal: '1.0000000000',
  isFinal: false,
  ...overrides,
});

const schedule = [
  row(1),
  // 2022-03-31 is a Thursday; the test only needs a payment date moved off the coupon date
  row(2, { paymentDate: '2022-04-01' }),
  row(3, {
    startDate: '2098-03-31',
    endDate: '2099-03-31',
    paymentDate: '2099-03-31',
    recordDate: '2099-03-30',
    isFinal: true,
  }),
];

const summary = (overrides: Partial<CouponRunSummaryView> = {}): CouponRunSummaryView => ({
  id: 4,
  product: code,
  periodIndex: 1,
  kind: 'coupon',
  termsVersion: 2,
  periodStart: '2020-03-31',
  periodEnd: '2021-03-31',
  paymentDate: '2021-03-31',
  recordDate: '2021-03-30',
  accrualFraction: '1/1',
  status: 'paid',
  outstandingTokens: 1_000,
  totalCents: 5_500_000,
  paidCents: 5_500_000,
  remainderCents: 0,
  redemptionCents: 0,
  holderCount: 1,
  preparedAt: '2021-03-31T06:00:00.000Z',
  approvedAt: '2021-03-31T08:00:00.000Z',
  ...overrides,
});

const redemptionRun = (overrides: Partial<CouponRunView> = {}): CouponRunView => ({
  id: 9,
  product: code,
  periodIndex: 3,
  kind: 'redemption',
  termsVersion: 2,
  periodStart: '2024-03-31',
  periodEnd: '2025-03-31',
  paymentDate: '2025-03-31',
  recordDate: '2025-03-28',
  accrualFraction: '1/1',
  status: 'prepared',
  outstandingTokens: 1_000,
  totalCents: 5_500_000,
  paidCents: 5_500_000,
  remainderCents: 0,
  redemptionCents: 100_000_000,
  burn: { queuedTokens: 0, burnedTokens: 0 },
  holders: [
    {
      customer: { uuid: annaUuid, name: 'Anna Becker', email: 'anna.becker@demo.tokenwerk.example' },
      tokens: 1_000,
      amountCents: 5_500_000,
      redemptionCents: 100_000_000,
      payout: null,
    },
  ],
  preparedAt: '2025-03-29T06:00:00.000Z',
  approvedAt: null,
  approvedBy: null,
  ...overrides,
});

type Answer = (call: ApiCall) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return mockApi((call) => {
    const overridden = answer(call) ?? answerOperator(call);
    if (overridden) return overridden;
    const url = new URL(call.url, 'http://x');
    if (url.pathname === `${base}/register`) {
      return Response.json({
        reconciliation: null,
        product: code,
        name: 'Solarpark Brandenburg 2031',
        whitelisting: false,
        head: { lastSequence: 0, lastHash: '0'.repeat(64), minted: 0, burned: 0, holders: 0 },
        totalSupply: 1_000,
        outstanding: 0,
        holders: [],
        check: { ok: true, entries: 0, fault: null, mismatches: [], checkedAt: '2026-11-27T08:00:00.000Z' },
      });
    }
    if (url.pathname === `${base}/minting`) {
      return Response.json({ product: code, orders: [], totals: {} });
    }
    if (url.pathname === `${base}/terms` && call.method === 'GET') return Response.json(savedTerms);
    if (url.pathname === `${base}/coupon-schedule`) return Response.json(schedule);
    if (url.pathname === `${base}/coupon-runs` && call.method === 'GET') return Response.json([summary()]);
    return undefined;
  });
}

const show = (path: string) =>
  renderRoutes([{ path: '/admin/bonds/:code', element: <AdminRegisterPage /> }], path);
const euro = (cents: number) => formatEuro(cents, { locale: 'de', fraction: 'always' });
const pathOf = (c: ApiCall) => new URL(c.url, 'http://x').pathname;
const errorOf = (input: HTMLElement) =>
  document.getElementById(
    defined(
      input
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error')),
    ),
  )?.textContent;

/** XMLHttpRequest as the test drives it: the camt.054 upload and its answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

setUpOperatorSession();
afterEach(() => {
  FakeXhr.sent = [];
});

describe('terms tab', () => {
  it('shows the saved version in euros and per cent, and who saved it', async () => {
    stubApi();
    show(`/admin/bonds/${code}?tab=terms`);
    expect(await screen.findByText(/Version 2, gespeichert am 20\.11\.2026,.* von Ihnen\./)).toBeTruthy();
    expect((screen.getByLabelText('Nennbetrag je Token') as HTMLInputElement).value).toBe('1.000');
    expect((screen.getByLabelText('Emissionsvolumen') as HTMLInputElement).value).toBe('1.000.000');
    expect((screen.getByLabelText('Zinssatz') as HTMLInputElement).value).toBe('5,5');
    expect((screen.getByLabelText('Anlegerhöchstzahl') as HTMLInputElement).value).toBe('149');
    // the rule is on the field: the schema's maximum, 20 %
    expect(screen.getByText(/über 0 und höchstens 20 %/)).toBeTruthy();
  });

  it("checks the fields with the domain's rules before sending, then sends cents and basis points", async () => {
    const calls = stubApi((call) =>
      call.method === 'PUT'
        ? Response.json({ ...savedTerms, version: 3, terms: call.body as BondTerms })
        : undefined,
    );
    show(`/admin/bonds/${code}?tab=terms`);
    const isin = await screen.findByLabelText('ISIN');
    const rate = screen.getByLabelText('Zinssatz');
    const volume = screen.getByLabelText('Emissionsvolumen');
    fireEvent.input(isin, { target: { value: 'DE000A1EWWW1' } });
    fireEvent.input(rate, { target: { value: '25' } });
    fireEvent.input(volume, { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Als neue Version speichern' }));
    await waitFor(() => expect(errorOf(isin)).toBe(violationMessage('invalid_isin', 'de')));
    expect(errorOf(rate)).toBe(violationMessage('coupon_rate_out_of_range', 'de'));
    expect(errorOf(volume)).toBe(violationMessage('inconsistent_volume', 'de'));
    expect(writesOf(calls)).toHaveLength(0);

    fireEvent.input(isin, { target: { value: 'DE000A1EWWW0' } });
    fireEvent.input(rate, { target: { value: '6,25' } });
    fireEvent.input(volume, { target: { value: '1.000.000,00' } });
    fireEvent.input(screen.getByLabelText('Mindestzeichnung'), { target: { value: '2.500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Als neue Version speichern' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    const put = defined(writesOf(calls)[0]);
    expect(put.method).toBe('PUT');
    expect(pathOf(put)).toBe(`${base}/terms`);
    expect(put.body).toEqual({
      ...terms,
      couponRateBasisPoints: 625,
      minimumSubscriptionCents: 250_000,
    });
    expect(await screen.findByText(/Version 3, gespeichert/)).toBeTruthy();
  });

  it("puts the server's violation on its field, in the operator's language", async () => {
    await i18n.changeLanguage('en');
    const message = violationMessage('first_coupon_date_out_of_place', 'en');
    stubApi((call) =>
      call.method === 'PUT'
        ? problemAnswer(422, 'validation_failed', [
            { propertyPath: 'firstCouponDate', code: 'first_coupon_date_out_of_place', message },
            { propertyPath: 'minimumSubscriptionCents', code: 'too_small', message: 'too small' },
          ])
        : undefined,
    );
    show(`/admin/bonds/${code}?tab=terms`);
    fireEvent.click(await screen.findByRole('button', { name: 'Save as new version' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('First coupon date'))).toBe(message));
    // an API field in cents lands on the form's field in euros
    expect(errorOf(screen.getByLabelText('Minimum subscription'))).toBe('too small');
  });

  it('explains locked terms once tokens are sold and marks the locked fields', async () => {
    stubApi((call) =>
      call.method === 'PUT'
        ? new Response(
            JSON.stringify({
              status: 409,
              code: 'bond_terms_locked',
              detail: 'locked: couponRateBasisPoints',
            }),
            { status: 409, headers: { 'content-type': 'application/problem+json' } },
          )
        : undefined,
    );
    show(`/admin/bonds/${code}?tab=terms`);
    const rate = await screen.findByLabelText('Zinssatz');
    fireEvent.input(rate, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Als neue Version speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Diese Bedingungen sind gesperrt');
    expect(alert.textContent).toContain('Geänderte gesperrte Felder: Zinssatz');
    expect(errorOf(rate)).toContain('Gesperrt');
    fireEvent.click(within(alert).getByRole('button', { name: /wiederherstellen/ }));
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('5,5'));
  });
});

describe('schedule tab', () => {
  it('lists the periods with adjusted payment dates, the run per period, and prepares a due run', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && pathOf(call) === `${base}/coupon-runs`
        ? Response.json(redemptionRun({ id: 5, periodIndex: 2, kind: 'coupon' }), { status: 201 })
        : undefined,
    );
    const { router } = show(`/admin/bonds/${code}?tab=schedule`);
    const table = await screen.findByRole('table', { name: 'Zinsplan' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, last] = rows.map((r) => within(r));
    expect(defined(first).getByText('Bezahlt')).toBeTruthy();
    expect(defined(second).getByText('01.04.2022')).toBeTruthy();
    expect(defined(second).getByText('unverschoben 31.03.2022')).toBeTruthy();
    expect(defined(last).getByText('Rückzahlung')).toBeTruthy();
    expect(defined(last).getByText('nach dem 30.03.2099')).toBeTruthy();
    expect(defined(last).queryByRole('button')).toBeNull();

    fireEvent.click(defined(second).getByRole('button', { name: 'Zinslauf vorbereiten' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(defined(writesOf(calls)[0]).body).toEqual({ periodIndex: 2 });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=payouts&run=5'));
  });

  it('sends the operator to the terms while none are saved', async () => {
    stubApi((call) =>
      pathOf(call) === `${base}/coupon-schedule` ? problemAnswer(409, 'bond_terms_missing') : undefined,
    );
    show(`/admin/bonds/${code}?tab=schedule`);
    expect(await screen.findByText(/noch keine Bedingungen gespeichert/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bedingungen eingeben' })).toBeTruthy();
  });
});

describe('payouts tab', () => {
  it('approves a redemption after a confirmation that says every token is burned, then shows the burn', async () => {
    let run = redemptionRun();
    const calls = stubApi((call) => {
      if (pathOf(call) === `${base}/coupon-runs/9` && call.method === 'GET') return Response.json(run);
      if (pathOf(call) === `${base}/coupon-runs/9/approve`) {
        run = redemptionRun({
          status: 'approved',
          approvedAt: '2026-11-27T09:00:00.000Z',
          burn: { queuedTokens: 1_000, burnedTokens: 400 },
          holders: [{ ...defined(run.holders[0]), payout: { id: 31, status: 'pending' } }],
        });
        return Response.json(run);
      }
      return undefined;
    });
    show(`/admin/bonds/${code}?tab=payouts&run=9`);
    const panel = await screen.findByRole('article', { name: /Rückzahlung \(Periode 3\)/ });
    expect(
      within(panel).getByText(/Übertragungen dieser Anleihe sind seit der Vorbereitung gestoppt/),
    ).toBeTruthy();
    // the holder's line: coupon, nominal and total
    const line = within(within(panel).getByRole('table'));
    const shown = (cents: number) => euro(cents).replace(/\s/g, ' ');
    expect(line.getByText(shown(5_500_000))).toBeTruthy();
    expect(line.getByText(shown(100_000_000))).toBeTruthy();
    expect(line.getByText(shown(105_500_000))).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Rückzahlung freigeben' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('verbrennt jeden Token im Register (1.000)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writesOf(calls)).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Rückzahlung freigeben' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(writesOf(calls).map(pathOf)).toEqual([`${base}/coupon-runs/9/approve`]));
    expect(
      await within(panel).findByText('400 von 1.000 Token verbrannt; der Registrar bestätigt noch.'),
    ).toBeTruthy();
    expect(within(panel).getByText('Offen')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Als bezahlt markieren' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Rückzahlung freigeben' })).toBeNull();
  });

  it("shows the catalogue's sentence when the redemption cannot be approved yet", async () => {
    stubApi((call) => {
      if (pathOf(call) === `${base}/coupon-runs/9` && call.method === 'GET')
        return Response.json(redemptionRun());
      if (pathOf(call) === `${base}/coupon-runs/9/approve`)
        return problemAnswer(409, 'redemption_transfers_pending');
      return undefined;
    });
    show(`/admin/bonds/${code}?tab=payouts&run=9`);
    fireEvent.click(await screen.findByRole('button', { name: 'Rückzahlung freigeben' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Freigeben' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      errorMessage('redemption_transfers_pending', 'de'),
    );
  });

  it('marks a payout failed with the reason the operator gives, and another paid after a confirmation', async () => {
    const holder = defined(redemptionRun().holders[0]);
    const run = redemptionRun({
      id: 4,
      kind: 'coupon',
      periodIndex: 1,
      status: 'approved',
      redemptionCents: 0,
      burn: null,
      holders: [
        { ...holder, redemptionCents: 0, payout: { id: 31, status: 'pending' } },
        {
          ...holder,
          customer: { uuid: operatorUuid, name: 'Jonas Weber', email: 'jonas@demo.tokenwerk.example' },
          redemptionCents: 0,
          payout: { id: 32, status: 'pending' },
        },
      ],
    });
    const payout = { runId: 4, customer: annaUuid, amountCents: 5_500_000, paidAt: null, failedAt: null };
    const calls = stubApi((call) => {
      const path = pathOf(call);
      if (path === `${base}/coupon-runs/4` && call.method === 'GET') return Response.json(run);
      if (path.endsWith('/failed')) {
        return Response.json({ ...payout, id: 31, status: 'failed', failureReason: 'AC04 account closed' });
      }
      if (path.endsWith('/paid'))
        return Response.json({ ...payout, id: 32, status: 'paid', failureReason: null });
      return undefined;
    });
    show(`/admin/bonds/${code}?tab=payouts&run=4`);
    const table = await screen.findByRole('table', { name: 'Inhaber am Stichtag' });
    const [anna, jonas] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r));
    fireEvent.click(defined(anna).getByRole('button', { name: 'Als fehlgeschlagen markieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auszahlung als fehlgeschlagen markieren' });
    expect(dialog.textContent).toContain('Anna Becker');
    const reason = within(dialog).getByLabelText(/Begründung/);
    fireEvent.input(reason, { target: { value: 'AC04 account closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Als fehlgeschlagen markieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => [pathOf(c), c.body])).toEqual([
      [`${base}/coupon-runs/4/payouts/31/failed`, { reason: 'AC04 account closed' }],
    ]);

    fireEvent.click(defined(jonas).getByRole('button', { name: 'Als bezahlt markieren' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Jonas Weber');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Als bezahlt markieren' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(2));
    expect(pathOf(defined(writesOf(calls)[1]))).toBe(`${base}/coupon-runs/4/payouts/32/paid`);
  });

  it('uploads a camt.054 and shows what it matched and what it did not', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const run = redemptionRun({
      id: 4,
      kind: 'coupon',
      periodIndex: 1,
      status: 'approved',
      redemptionCents: 0,
      burn: null,
      holders: [
        {
          ...defined(redemptionRun().holders[0]),
          redemptionCents: 0,
          payout: { id: 31, status: 'pending' },
        },
      ],
    });
    stubApi((call) =>
      pathOf(call) === `${base}/coupon-runs/4` && call.method === 'GET' ? Response.json(run) : undefined,
    );
    show(`/admin/bonds/${code}?tab=payouts&run=4`);
    const input = await screen.findByLabelText('Bankbestätigung (camt.054)');
    const xml = new File(['<Document/>'], 'camt054.xml', { type: 'application/xml' });
    fireEvent.change(input, { target: { files: [xml] } });
    fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = defined(FakeXhr.sent[0]);
    expect(xhr.url).toBe(`${base}/coupon-runs/4/camt054`);
    expect((defined(xhr.body).get('file') as File).name).toBe('camt054.xml');
    const result: PayoutNoticeResult = {
      messageId: 'CAMT-2026-0042',
      matched: 1,
      alreadyPaid: 0,
      failed: 0,
      alreadyFailed: 0,
      unmatched: [{ endToEndId: 'E2E-UNKNOWN', amountCents: 1_234, reason: 'unknown_end_to_end_id' }],
      run: { id: 4, status: 'paid' },
    };
    xhr.respond(200, result);
    const status = await screen.findByRole('status', { name: '' });
    expect(status.textContent).toContain('Anzeige CAMT-2026-0042 gelesen');
    expect(status.textContent).toContain('Zugeordnet, jetzt bezahlt: 1');
    expect(status.textContent).toContain('Nicht zugeordnet: 1');
    expect(status.textContent).toContain('E2E-UNKNOWN');
    expect(status.textContent).toContain(euro(1_234));
    expect(status.textContent).toContain('unbekannte End-to-End-ID');
  });
});
