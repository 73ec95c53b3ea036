import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessage, violationMessage } from '@token/domain/errors';
import type {
  DisposalRestrictionView,
  MintingPreviewView,
  MintingRunView,
  RegisterAdminView,
  RegisterEntryAdminView,
  WhitelistEntryView,
} from '@token/domain/register';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { defined } from '../../lib/test-defined.ts';
import { answerOperator, operator, operatorUuid, setUpOperatorSession } from './admin.test-kit.tsx';
import { AdminBondsPage, AdminRegisterPage } from './register-pages.tsx';

const annaUuid = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const firmaUuid = '2c3d4e5f-6071-4b8c-9dae-1f2a3b4c5d6e';
const code = 'SOLAR_BRANDENBURG_2031';
const base = `/api/v2/admin/bonds/${code}`;
const hash = (c: string) => c.repeat(64);

const anna = { uuid: annaUuid, name: 'Anna Becker', email: 'anna.becker@demo.tokenwerk.example' };
const firma = { uuid: firmaUuid, name: 'Wagner Solar GmbH', email: 'info@wagner-solar.example' };

const registerView = (overrides: Partial<RegisterAdminView> = {}): RegisterAdminView => ({
  reconciliation: null,
  product: code,
  name: 'Solarpark Brandenburg 2031',
  whitelisting: false,
  head: { lastSequence: 3, lastHash: hash('c'), minted: 7000, burned: 0, holders: 2 },
  totalSupply: 5_000_000,
  outstanding: 7000,
  holders: [
    {
      customer: anna,
      identity: { type: 'natural', name: 'Anna Becker', birthDate: '1985-04-12', residence: 'Leipzig, DE' },
      balance: 4000,
      pendingOut: 1000,
      pendingIn: 0,
      restrictions: [],
    },
    {
      customer: firma,
      identity: { type: 'legal', company: 'Wagner Solar GmbH', seat: null },
      balance: 3000,
      pendingOut: 0,
      pendingIn: 1000,
      restrictions: [],
    },
  ],
  check: { ok: true, entries: 3, fault: null, mismatches: [], checkedAt: '2026-11-27T08:00:00.000Z' },
  ...overrides,
});

const entry = (overrides: Partial<RegisterEntryAdminView>): RegisterEntryAdminView => ({
  sequence: 1,
  kind: 'mint',
  amount: 5000,
  from: null,
  to: anna,
  cause: { type: 'order', orderId: '41' },
  orderNumber: 'S000000041',
  recordedAt: '2026-11-20T10:00:00.000Z',
  hash: hash('a'),
  previousHash: '0'.repeat(64),
  transactionHash: `0x${'ab12'.repeat(16)}`,
  status: 'confirmed',
  reversedBy: null,
  ...overrides,
});

const entries = [
  entry({
    sequence: 3,
    kind: 'transfer',
    amount: 1000,
    from: anna,
    to: firma,
    cause: { type: 'transfer_request', transferId: '7' },
    orderNumber: null,
    transactionHash: null,
  }),
  entry({
    sequence: 2,
    amount: 2000,
    to: firma,
    cause: { type: 'order', orderId: '42' },
    orderNumber: 'S000000042',
  }),
  entry({ sequence: 1 }),
];

const mintingOrder = (
  overrides: Partial<MintingPreviewView['orders'][number]>,
): MintingPreviewView['orders'][number] => ({
  order: { id: 43, number: '2026-000043', tokenValue: 'tok_43' },
  shippingState: 'ready',
  quantity: 2000,
  minted: 0,
  inInstructions: 0,
  remaining: 2000,
  investor: { ...anna, hasWallet: true },
  status: 'mintable',
  blockedReason: null,
  refusals: [],
  ...overrides,
});

const preview = (open: 'before' | 'queued' | 'confirmed'): MintingPreviewView => {
  const blocked = mintingOrder({
    order: { id: 44, number: '2026-000044', tokenValue: 'tok_44' },
    quantity: 3000,
    remaining: 3000,
    investor: { ...firma, hasWallet: false },
    status: 'blocked',
    blockedReason: 'no_wallet',
  });
  const first =
    open === 'before'
      ? mintingOrder({})
      : open === 'queued'
        ? mintingOrder({ inInstructions: 2000, remaining: 0, status: 'queued' })
        : mintingOrder({ minted: 2000, remaining: 0, status: 'minted' });
  return {
    product: code,
    orders: [first, blocked],
    totals: {
      orders: 2,
      quantity: 5000,
      minted: first.minted,
      inInstructions: first.inInstructions,
      remaining: first.remaining + 3000,
      mintableOrders: open === 'before' ? 1 : 0,
      mintableTokens: open === 'before' ? 2000 : 0,
      blockedOrders: 1,
      blockedTokens: 3000,
      refusedOrders: 0,
      refusedTokens: 0,
    },
  };
};

const whitelistEntry = (overrides: Partial<WhitelistEntryView> = {}): WhitelistEntryView => ({
  customer: { ...anna, isProfessional: false },
  source: 'operator',
  addedAt: '2026-11-01T09:00:00.000Z',
  addedBy: { uuid: operatorUuid, name: operator.fullName, email: operator.email },
  balance: 4000,
  ...overrides,
});

const pledgeOnAnna: DisposalRestrictionView = {
  id: '7d0c1c52-6a57-4f7e-9d55-2b1f7a3c0e11',
  holder: annaUuid,
  kind: 'pledge',
  reason: 'Lombard loan',
  beneficiary: 'Sparkasse Köln',
  setAt: '2026-11-20T10:00:00.000Z',
  setBy: { uuid: operatorUuid, name: operator.fullName, email: operator.email },
  liftedAt: null,
  liftedBy: null,
  liftReason: null,
};

type Answer = (call: ApiCall) => Response | undefined;

/** The operator API of the register pages; `answer` overrides a call. */
function stubApi(
  opts: { register?: RegisterAdminView; answer?: Answer; minting?: () => MintingPreviewView } = {},
) {
  return mockApi((call) => {
    const overridden = opts.answer?.(call) ?? answerOperator(call);
    if (overridden) return overridden;
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/v2/admin/bonds') {
      const row = {
        status: 'published',
        termsVersion: 1,
        priceCents: 100,
        totalSupply: 5_000_000,
        sold: 7000,
        onHand: 4_993_000,
        professionalOnly: false,
        createdAt: '2026-01-05T09:00:00.000Z',
      } as const;
      return Response.json([
        { ...row, code, name: 'Solarpark Brandenburg 2031', whitelisting: false, investorLimit: null },
        {
          ...row,
          code: 'WIND_NORDSEE_2030',
          name: 'Windpark Nordsee 2030',
          status: 'draft',
          whitelisting: true,
          investorLimit: 149,
        },
      ]);
    }
    if (url.pathname === `${base}/register`) return Response.json(opts.register ?? registerView());
    if (url.pathname === `${base}/pause` && call.method === 'GET') {
      return Response.json({ product: code, paused: false, changedAt: null, transactionHash: null });
    }
    if (url.pathname === `${base}/register/entries`) {
      return Response.json({ 'hydra:member': entries, 'hydra:totalItems': 60 });
    }
    if (url.pathname === `${base}/minting` && call.method === 'GET') {
      return Response.json(opts.minting?.() ?? preview('before'));
    }
    if (url.pathname === `${base}/whitelist` && call.method === 'GET') {
      return Response.json([
        whitelistEntry(),
        whitelistEntry({
          customer: { ...firma, isProfessional: true },
          source: 'email_request',
          balance: 0,
          addedBy: null,
        }),
      ]);
    }
    return undefined;
  });
}

const show = (path: string) =>
  renderRoutes(
    [
      { path: '/admin/bonds', element: <AdminBondsPage /> },
      { path: '/admin/bonds/:code', element: <AdminRegisterPage /> },
    ],
    path,
  );

const pathOf = (c: ApiCall) => new URL(c.url, 'http://x').pathname;
/** Clicks a button as a person would: it takes the focus first (jsdom does not focus on click). */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

setUpOperatorSession();

describe('/admin/bonds', () => {
  it('lists the bonds with their access rules and opens a register, also by code', async () => {
    const calls = stubApi();
    const { router } = show('/admin/bonds');
    expect(await screen.findByText('2 Anleihen')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Bereiche der Administration' });
    expect(within(nav).getByRole('link', { name: 'Register' }).getAttribute('aria-current')).toBe('page');
    expect(
      screen
        .getAllByRole('link', { name: 'Register von Solarpark Brandenburg 2031 öffnen' })[0]
        ?.getAttribute('href'),
    ).toBe(`/admin/bonds/${code}`);
    expect(screen.getAllByText('Höchstens 149 Anleger').length).toBeGreaterThan(0);
    // the operator's list: drafts too, with their status
    expect(calls.some((c) => pathOf(c) === '/api/v2/admin/bonds')).toBe(true);
    expect(screen.getAllByText('Entwurf').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Neue Anleihe' }).getAttribute('href')).toBe('/admin/bonds/new');

    fireEvent.input(screen.getByLabelText('Anleihe-Code'), {
      target: { value: ' GEOTHERMIE_OBERRHEIN_2033 ' },
    });
    fireEvent.submit(screen.getByRole('form', { name: 'Anleihe per Code öffnen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/bonds/GEOTHERMIE_OBERRHEIN_2033'),
    );
  });
});

describe('/admin/bonds/:code overview', () => {
  it('shows the head and an intact chain in green with the entries checked', async () => {
    stubApi();
    show(`/admin/bonds/${code}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Register ${code}` })).toBeTruthy();
    expect(await screen.findByText('Die Kette ist intakt: 3 Einträge geprüft.')).toBeTruthy();
    const head = within(screen.getByRole('region', { name: 'Registerstand' }));
    const figure = (label: string) => head.getByText(label).nextElementSibling?.textContent;
    expect(figure('Ausgegeben')).toBe('7.000');
    expect(figure('Emissionsvolumen')).toBe('5.000.000');
    expect(figure('Inhaber')).toBe('2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names a broken chain in red: the entry, its fault in words, and the projections that differ', async () => {
    stubApi({
      register: registerView({
        check: {
          ok: false,
          entries: 3,
          fault: { sequence: 2, fault: 'hash_mismatch', detail: 'stored hash differs' },
          mismatches: [{ kind: 'holding', subject: annaUuid, journal: '4000', stored: '4500' }],
          checkedAt: '2026-11-27T08:00:00.000Z',
        },
      }),
    });
    show(`/admin/bonds/${code}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Fehler bei Eintrag Nr. 2: Der Eintrag wurde verändert: Sein Hash stimmt nicht.',
    );
    expect(alert.textContent).toContain('stored hash differs');
    expect(
      screen.getByText(new RegExp(`Bestand des Inhabers ${annaUuid}: laut Journal 4000, gespeichert 4500`)),
    ).toBeTruthy();
    expect(screen.queryByText(/Die Kette ist intakt/)).toBeNull();
  });

  it('shows the last reconciliation with the registrar: never run, in agreement, or the differing addresses', async () => {
    stubApi();
    show(`/admin/bonds/${code}`);
    expect(
      await screen.findByText('Abgleich mit dem Registrar: noch nicht gelaufen (stündlich).'),
    ).toBeTruthy();
    cleanup();
    stubApi({
      register: registerView({
        reconciliation: {
          ok: false,
          registrar: 'evm',
          differences: [
            { address: '0x1111111111111111111111111111111111111111', journal: 4000, registrar: 4500 },
          ],
          error: null,
          ranAt: '2026-11-27T08:00:00.000Z',
        },
      }),
    });
    show(`/admin/bonds/${code}`);
    expect(
      await screen.findByText(/Abgleich mit dem Registrar \(evm\) am 27\.11\.2026.*: 1 Abweichung/),
    ).toBeTruthy();
    expect(screen.getByText(/Register 4\.000, Registrar 4\.500/)).toBeTruthy();
  });

  it('says so when there is no bond with the code', async () => {
    stubApi({
      answer: (c) => (pathOf(c) === `${base}/register` ? problemAnswer(404, 'not_found') : undefined),
    });
    show(`/admin/bonds/${code}`);
    expect(await screen.findByText('Eine Anleihe mit diesem Code gibt es nicht.')).toBeTruthy();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    stubApi();
    show(`/admin/bonds/${code}`);
    expect(await screen.findByText('The chain is intact: 3 entries checked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Journal' })).toBeTruthy();
    expect(screen.getByText('Issue volume').nextElementSibling?.textContent).toBe('5,000,000');
  });
});

describe('/admin/bonds/:code holders', () => {
  it('identifies each holder per eWpRV § 8 with balance and pending transfers', async () => {
    stubApi();
    show(`/admin/bonds/${code}?tab=holders`);
    expect(await screen.findByText('2 Inhaber')).toBeTruthy();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      [
        'Anna Beckeranna.becker@demo.tokenwerk.example',
        'Natürliche PersonAnna BeckerGeburtsdatum: 12.04.1985Wohnort: Leipzig, DE',
        '4.000',
        '1.000',
        '0',
        'Keine VerfügungsbeschränkungBeschränken',
      ],
      [
        'Wagner Solar GmbHinfo@wagner-solar.example',
        'Juristische PersonWagner Solar GmbHSitz: nicht angegeben',
        '3.000',
        '0',
        '1.000',
        'Keine VerfügungsbeschränkungBeschränken',
      ],
    ]);
  });

  it('enters a restriction of the chosen kind with the third party and a reason; cancel returns the focus', async () => {
    const restrictionsPath = `${base}/register/holders/${annaUuid}/restrictions`;
    const calls = stubApi({
      answer: (c) =>
        c.method === 'POST' && pathOf(c) === restrictionsPath
          ? Response.json({ ...pledgeOnAnna, kind: 'attachment' }, { status: 201 })
          : undefined,
    });
    show(`/admin/bonds/${code}?tab=holders`);
    const opener = (
      await screen.findAllByRole('button', { name: 'Verfügungsbeschränkung für Anna Becker eintragen' })
    )[0] as HTMLElement;
    press(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Verfügungsbeschränkung eintragen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    press(opener);
    dialog = await screen.findByRole('dialog', { name: 'Verfügungsbeschränkung eintragen' });
    expect(dialog.textContent).toContain('Die 4.000 Token von Anna Becker');
    fireEvent.change(within(dialog).getByLabelText(/Art der Beschränkung/), {
      target: { value: 'attachment' },
    });
    fireEvent.input(within(dialog).getByLabelText(/Begünstigter Dritter/), {
      target: { value: 'Finanzamt Köln' },
    });
    const reason = within(dialog).getByLabelText(/Begründung/);
    fireEvent.input(reason, { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Beschränkung eintragen' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(writesOf(calls)).toEqual([]);
    fireEvent.input(reason, { target: { value: ' Pfändungsverfügung 12/2026 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Beschränkung eintragen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => [pathOf(c), c.body])).toEqual([
      [
        restrictionsPath,
        { kind: 'attachment', reason: 'Pfändungsverfügung 12/2026', beneficiary: 'Finanzamt Köln' },
      ],
    ]);
    expect(
      await screen.findByText('Die Verfügungsbeschränkung für Anna Becker ist eingetragen.'),
    ).toBeTruthy();
  });

  it('shows a restriction in force with its third party and lifts it with a reason, in English too', async () => {
    await i18n.changeLanguage('en');
    const withPledge = registerView();
    defined(withPledge.holders[0]).restrictions = [pledgeOnAnna];
    const liftPath = `${base}/register/restrictions/${pledgeOnAnna.id}/lift`;
    const calls = stubApi({
      register: withPledge,
      answer: (c) =>
        c.method === 'POST' && pathOf(c) === liftPath
          ? Response.json({
              ...pledgeOnAnna,
              liftedAt: '2026-11-27T09:00:00.000Z',
              liftReason: 'Loan repaid',
            })
          : undefined,
    });
    show(`/admin/bonds/${code}?tab=holders`);
    const row = defined(within(await screen.findByRole('table')).getAllByRole('row')[1]);
    expect(row.textContent).toContain('Pledge since 20/11/2026: Lombard loan');
    expect(row.textContent).toContain('Third-party right: Sparkasse Köln');
    press(within(row).getByRole('button', { name: 'Lift Pledge of Anna Becker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift a disposal restriction' });
    expect(dialog.textContent).toContain('Pledge of Anna Becker (Lombard loan) is lifted');
    fireEvent.input(within(dialog).getByLabelText(/Reason/), { target: { value: 'Loan repaid' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift restriction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => [pathOf(c), c.body])).toEqual([[liftPath, { reason: 'Loan repaid' }]]);
    expect(await screen.findByText('The disposal restriction of Anna Becker is lifted.')).toBeTruthy();
  });
});

describe('/admin/bonds/:code journal', () => {
  it('lists the entries newest first with kind, parties, amount, cause and the shortened hash, paged', async () => {
    const calls = stubApi();
    const { router } = show(`/admin/bonds/${code}?tab=journal`);
    expect(await screen.findByText('60 Einträge')).toBeTruthy();
    const table = screen.getByRole('table');
    const first = defined(within(table).getAllByRole('row')[1]);
    expect(first.textContent).toContain('Übertragung');
    expect(first.textContent).toContain('Anna Becker → Wagner Solar GmbH');
    expect(first.textContent).toContain('Übertragungsauftrag 7');
    const mint = defined(within(table).getAllByRole('row')[3]);
    expect(mint.textContent).toContain('– → Anna Becker');
    expect(mint.textContent).toContain('0xab1…ab12');
    const page1 = defined(calls.find((c) => pathOf(c) === `${base}/register/entries`));
    expect(new URL(page1.url, 'http://x').searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: /Weiter/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=journal&page=2'));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            pathOf(c) === `${base}/register/entries` &&
            new URL(c.url, 'http://x').searchParams.get('page') === '2',
        ),
      ).toBe(true),
    );
  });

  it('pauses the token after a confirmation with a reason, then offers to unpause', async () => {
    let paused = false;
    const calls = stubApi({
      answer: (c) => {
        const view = () => ({
          product: code,
          paused,
          changedAt: paused ? '2026-03-02T10:15:00.000Z' : null,
          transactionHash: null,
        });
        if (c.method === 'POST' && pathOf(c) === `${base}/pause`) {
          paused = true;
          return Response.json(view());
        }
        if (c.method === 'GET' && pathOf(c) === `${base}/pause`) return Response.json(view());
        return undefined;
      },
    });
    show(`/admin/bonds/${code}`);
    const section = within(await screen.findByRole('region', { name: 'Übertragungen der Anleihe' }));
    expect(await section.findByText('Der Token ist aktiv: Übertragungen sind möglich.')).toBeTruthy();
    press(section.getByRole('button', { name: 'Token pausieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Token pausieren?' });
    expect(dialog.textContent).toContain(`Solange der Token von ${code} pausiert ist`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls)).toEqual([]);

    press(section.getByRole('button', { name: 'Token pausieren' }));
    const again = await screen.findByRole('dialog', { name: 'Token pausieren?' });
    fireEvent.input(within(again).getByLabelText(/Begründung/), { target: { value: 'Kapitalmaßnahme' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Token pausieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => [pathOf(c), c.body])).toEqual([
      [`${base}/pause`, { reason: 'Kapitalmaßnahme' }],
    ]);
    expect(await screen.findByText(`Der Token von ${code} ist pausiert.`)).toBeTruthy();
    expect(await section.findByRole('button', { name: 'Pause aufheben' })).toBeTruthy();
    expect(section.getByText(/Der Token ist pausiert/)).toBeTruthy();
  });

  it('reverses an entry with a reason of at least 10 characters; focus returns to the opener on cancel', async () => {
    const calls = stubApi({
      answer: (c) =>
        c.method === 'POST' && pathOf(c) === `${base}/register/entries/2/reversal`
          ? Response.json(
              entry({
                sequence: 4,
                kind: 'reversal',
                cause: { type: 'correction', reason: 'x', reverses: 2 },
              }),
              { status: 201 },
            )
          : undefined,
    });
    show(`/admin/bonds/${code}?tab=journal`);
    const opener = (
      await screen.findAllByRole('button', { name: 'Eintrag Nr. 2 stornieren' })
    )[0] as HTMLElement;
    expect(opener.textContent).toBe('Stornieren');

    press(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Registereintrag stornieren' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    press(opener);
    dialog = await screen.findByRole('dialog', { name: 'Registereintrag stornieren' });
    expect(dialog.textContent).toContain('Eintrag Nr. 2 (Ausgabe, 2.000 Token)');
    const reason = within(dialog).getByLabelText(/Begründung/);
    fireEvent.input(reason, { target: { value: 'zu kurz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eintrag stornieren' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain(violationMessage('too_short', 'de', { value: 10 }));
    expect(writesOf(calls)).toEqual([]);

    fireEvent.input(reason, { target: { value: '  Doppelt ausgegeben, Bestellung 42  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eintrag stornieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => [pathOf(c), c.body])).toEqual([
      [`${base}/register/entries/2/reversal`, { reason: 'Doppelt ausgegeben, Bestellung 42' }],
    ]);
    expect(await screen.findByText('Eintrag Nr. 2 ist storniert (Storno-Eintrag Nr. 4).')).toBeTruthy();
  });

  it('offers no reversal of a reversal or a reversed entry, and shows a refusal in the catalogue’s words', async () => {
    stubApi({
      answer: (c) => {
        if (pathOf(c) === `${base}/register/entries` && c.method === 'GET') {
          return Response.json({
            'hydra:member': [
              entry({
                sequence: 5,
                kind: 'reversal',
                from: anna,
                to: null,
                cause: { type: 'correction', reason: 'Fehlbuchung', reverses: 4 },
              }),
              entry({ sequence: 4, status: 'reversed', reversedBy: 5 }),
              entry({ sequence: 3, kind: 'transfer', from: anna, to: firma }),
            ],
            'hydra:totalItems': 3,
          });
        }
        if (c.method === 'POST') return problemAnswer(409, 'reversal_not_allowed');
        return undefined;
      },
    });
    show(`/admin/bonds/${code}?tab=journal`);
    expect((await screen.findAllByText('Storniert durch Nr. 5')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Storno von Nr. 4: Fehlbuchung').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Eintrag Nr. 5 stornieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eintrag Nr. 4 stornieren' })).toBeNull();

    press(defined(screen.getAllByRole('button', { name: 'Eintrag Nr. 3 stornieren' })[0]));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Begründung/), {
      target: { value: 'Übertragung auf falsches Depot' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eintrag stornieren' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      errorMessage('reversal_not_allowed', 'de'),
    );
  });
});

describe('/admin/bonds/:code minting', () => {
  it('shows the batch: orders, investors, amounts, the blocked one and why, and the totals', async () => {
    stubApi();
    show(`/admin/bonds/${code}?tab=minting`);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      [
        '2026-000043',
        'Anna Beckeranna.becker@demo.tokenwerk.example',
        '2.000',
        '0',
        '0',
        '2.000',
        'Ausgebbar',
      ],
      [
        '2026-000044',
        'Wagner Solar GmbHinfo@wagner-solar.example',
        '3.000',
        '0',
        '0',
        '3.000',
        'BlockiertKein Verwahr-Wallet',
      ],
    ]);
    expect(within(table).getByRole('link', { name: '2026-000043' }).getAttribute('href')).toBe(
      '/admin/orders/tok_43',
    );
    expect(screen.getByText('Jetzt ausgebbar').nextElementSibling?.textContent).toBe('1 Best. · 2.000 Token');
  });

  it('runs after a confirmation, shows what was queued, and reads the batch again until the registrar confirmed', async () => {
    let state: 'before' | 'queued' | 'confirmed' = 'before';
    const run: MintingRunView = {
      product: code,
      queued: [
        {
          order: { id: 43, number: '2026-000043', tokenValue: 'tok_43' },
          amount: 2000,
          idempotencyKey: 'mint-order-43',
          instruction: 'ins_1',
          investor: anna,
        },
      ],
      queuedOrders: 1,
      queuedTokens: 2000,
      preview: preview('queued'),
    };
    const calls = stubApi({
      minting: () => preview(state),
      answer: (c) => {
        if (c.method === 'POST' && pathOf(c) === `${base}/minting`) {
          state = 'queued';
          return Response.json(run);
        }
        return undefined;
      },
    });
    show(`/admin/bonds/${code}?tab=minting`);
    const start = await screen.findByRole('button', { name: 'Minting starten' });
    press(start);
    const dialog = await screen.findByRole('dialog', { name: 'Minting starten' });
    expect(dialog.textContent).toContain('Für 1 Bestellungen werden 2.000 Token beim Registrar');
    expect(within(dialog).getByLabelText('Begründung (optional)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Minting starten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => c.body)).toEqual([{}]);

    const result = await screen.findByRole('status', { name: 'Ergebnis des Minting-Laufs' });
    expect(result.textContent).toContain('1 Bestellungen mit 2.000 Token angewiesen.');
    expect(result.textContent).toContain('Anweisung ins_1');
    // nothing left to mint: the button is disabled, so the focus goes to the result
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect((screen.getByRole('button', { name: 'Minting starten' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(/Der Registrar hat noch offene Anweisungen/)).toBeTruthy();

    // the registrar confirms; the next poll shows it and the polling stops
    state = 'confirmed';
    const reads = () => calls.filter((c) => c.method === 'GET' && pathOf(c) === `${base}/minting`).length;
    const before = reads();
    await waitFor(() => expect(reads()).toBeGreaterThan(before), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText(/Der Registrar hat noch offene Anweisungen/)).toBeNull());
    const first = defined(within(screen.getByRole('table')).getAllByRole('row')[1]);
    expect(first.querySelectorAll('td')[6]?.textContent).toBe('Ausgegeben');
  }, 15_000);

  it('lists a refused mint with the registrar’s reason and retries it after a confirmation', async () => {
    const refused = mintingOrder({
      status: 'refused',
      refusals: [
        {
          instruction: 'ins_9',
          idempotencyKey: 'mint-order-43',
          amount: 2000,
          reason: 'AddressNotAllowed',
          refusedAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    const batch = { ...preview('before'), orders: [refused] };
    const retryPath = `${base}/minting/orders/43/retry`;
    const calls = stubApi({
      minting: () => batch,
      answer: (c) =>
        c.method === 'POST' && pathOf(c) === retryPath
          ? Response.json({
              product: code,
              queued: {
                order: refused.order,
                amount: 2000,
                idempotencyKey: 'mint-order-43-2',
                instruction: 'ins_10',
                investor: anna,
              },
              order: { ...refused, status: 'queued', inInstructions: 2000, remaining: 0 },
            })
          : undefined,
    });
    show(`/admin/bonds/${code}?tab=minting`);
    const row = defined(within(await screen.findByRole('table')).getAllByRole('row')[1]);
    expect(row.textContent).toContain('Abgelehnt');
    expect(row.textContent).toContain('Registrar lehnte 2.000 Token ab (mint-order-43): AddressNotAllowed');
    press(within(row).getByRole('button', { name: 'Bestellung 2026-000043 erneut anweisen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abgelehnte Ausgabe erneut anweisen' });
    expect(dialog.textContent).toContain('die 2.000 noch nicht ausgegebenen Token');
    expect(dialog.textContent).toContain('Letzter Ablehnungsgrund: AddressNotAllowed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erneut anweisen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => [pathOf(c), c.body])).toEqual([[retryPath, {}]]);
    expect(await screen.findByText('Bestellung 2026-000043: 2.000 Token erneut angewiesen.')).toBeTruthy();
  });

  it('sends the optional note when one is given', async () => {
    const calls = stubApi({
      answer: (c) =>
        c.method === 'POST'
          ? Response.json({
              product: code,
              queued: [],
              queuedOrders: 0,
              queuedTokens: 0,
              preview: preview('before'),
            })
          : undefined,
    });
    show(`/admin/bonds/${code}?tab=minting`);
    press(await screen.findByRole('button', { name: 'Minting starten' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText('Begründung (optional)'), {
      target: { value: ' Monatslauf November ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Minting starten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((c) => c.body)).toEqual([{ reason: 'Monatslauf November' }]);
    expect(await screen.findByText(/Nichts angewiesen/)).toBeTruthy();
  });
});

describe('/admin/bonds/:code whitelist', () => {
  it('lists the admitted investors with source, date, who added them and their tokens', async () => {
    stubApi();
    show(`/admin/bonds/${code}?tab=whitelist`);
    expect(await screen.findByText('2 Anleger auf der Whitelist')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows
        .map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))
        .map((r) => r.slice(0, 4)),
    ).toEqual([
      [
        'Anna Beckeranna.becker@demo.tokenwerk.example',
        'Verwaltung',
        '01.11.2026von Clara Hoffmann',
        '4.000',
      ],
      ['Wagner Solar GmbH Professionellinfo@wagner-solar.example', 'Anfrage per E-Mail', '01.11.2026', '0'],
    ]);
  });

  it('admits an investor by e-mail and puts a refusal on the field in the catalogue’s words', async () => {
    let refuse = true;
    const calls = stubApi({
      answer: (c) => {
        if (c.method !== 'POST') return undefined;
        if (refuse) return problemAnswer(422, 'whitelist_investor_not_approved');
        return Response.json(
          whitelistEntry({
            customer: {
              uuid: '3d4e5f60-7182-4c9d-8eaf-2a3b4c5d6e7f',
              name: 'Jonas Wagner',
              email: 'jonas.wagner@demo.tokenwerk.example',
              isProfessional: false,
            },
          }),
          { status: 201 },
        );
      },
    });
    show(`/admin/bonds/${code}?tab=whitelist`);
    const field = await screen.findByLabelText(/E-Mail-Adresse oder Kunden-ID/);
    fireEvent.click(screen.getByRole('button', { name: 'Aufnehmen' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(writesOf(calls)).toEqual([]);

    fireEvent.input(field, { target: { value: 'jonas.wagner@demo.tokenwerk.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aufnehmen' }));
    await waitFor(() =>
      expect(screen.getByText(errorMessage('whitelist_investor_not_approved', 'de'))).toBeTruthy(),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('error');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Aufnehmen' }));
    expect(await screen.findByText('Jonas Wagner ist auf der Whitelist.')).toBeTruthy();
    expect(writesOf(calls).map((c) => c.body)).toEqual([
      { customer: 'jonas.wagner@demo.tokenwerk.example' },
      { customer: 'jonas.wagner@demo.tokenwerk.example' },
    ]);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
  });

  it('removes with a reason, shows the refusal while the investor holds tokens, and returns the focus', async () => {
    const calls = stubApi({
      answer: (c) =>
        c.method === 'DELETE'
          ? pathOf(c).endsWith(annaUuid)
            ? problemAnswer(409, 'whitelist_investor_holds_tokens')
            : new Response(null, { status: 204 })
          : undefined,
    });
    show(`/admin/bonds/${code}?tab=whitelist`);
    const opener = (
      await screen.findAllByRole('button', { name: 'Anna Becker von der Whitelist entfernen' })
    )[0] as HTMLElement;
    press(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Von der Whitelist entfernen' });
    fireEvent.input(within(dialog).getByLabelText(/Begründung/), {
      target: { value: 'Kein Interesse mehr' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      errorMessage('whitelist_investor_holds_tokens', 'de'),
    );
    const refused = defined(writesOf(calls)[0]);
    expect(refused.method).toBe('DELETE');
    expect(refused.url).toBe(`${base}/whitelist/${annaUuid}?reason=Kein+Interesse+mehr`);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    press(
      defined(screen.getAllByRole('button', { name: 'Wagner Solar GmbH von der Whitelist entfernen' })[0]),
    );
    dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Begründung/), { target: { value: 'Auf eigenen Wunsch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Wagner Solar GmbH ist von der Whitelist entfernt.')).toBeTruthy();
    expect(writesOf(calls).at(-1)?.url).toBe(`${base}/whitelist/${firmaUuid}?reason=Auf+eigenen+Wunsch`);
  });
});
