import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IdentificationView, KycState } from '@token/domain/identification';
import { kycDisplayOf } from '@token/domain/identification';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { KycPage } from './kyc-page.tsx';
import { customerRecord, onboardingStatus, storeTestSession, testUuid } from './test-support.tsx';
import type { OnboardingCustomer } from './types.ts';

const url = 'http://localhost:3000/sandbox/kyc/case-1';

function identification(state: KycState, id = 3): IdentificationView {
  return {
    id,
    state,
    stateAsString: state,
    display: kycDisplayOf(state),
    urlKycStart: url,
    provider: 'sandbox',
    createdAt: '2026-11-20T09:00:00.000Z',
    decidedAt: state === 'init' || state === 'new' ? null : '2026-11-21T15:30:00.000Z',
  };
}

const atKyc = onboardingStatus('/self-disclosure/kyc', 'kyc');

function setup(opts: {
  latest: IdentificationView | null;
  record?: OnboardingCustomer;
  onStart?: () => Response;
  after?: OnboardingCustomer;
}) {
  let latest = opts.latest;
  let record = opts.record ?? customerRecord({ onboarding: atKyc });
  const calls = mockApi(({ method, url: path }) => {
    if (path === `/api/v2/shop/customers/${testUuid}`) return Response.json(record);
    if (path === '/api/v2/shop/identification?page=1&itemsPerPage=1')
      return Response.json(latest ? [latest] : []);
    if (path === '/api/v2/shop/identification/start' && method === 'POST') {
      if (opts.onStart) return opts.onStart();
      latest = identification('init');
      if (opts.after) record = opts.after;
      return Response.json(latest, { status: 201 });
    }
    return undefined;
  });
  const view = renderRoutes([{ path: '/self-disclosure/kyc', element: <KycPage /> }], '/self-disclosure/kyc');
  return {
    calls,
    ...view,
    /** What the API answers from now on (the partner decided meanwhile). */
    decide: (next: IdentificationView, nextRecord?: OnboardingCustomer) => {
      latest = next;
      if (nextRecord) record = nextRecord;
    },
  };
}

const status = async () => within(await screen.findByTestId('kyc-status'));

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('onboarding');
});
beforeEach(() => {
  localStorage.clear();
  storeTestSession();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('KycPage (spec 4 identification)', () => {
  it('starts the identification and opens the partner beside the page, keeping a link to it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = setup({ latest: null });
    expect((await status()).getByText('Identifizierung noch nicht begonnen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Identifizierung starten' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer'));
    expect(writesOf(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v2/shop/identification/start',
    ]);
    const link = await screen.findByRole('link', { name: /Identifizierung fortsetzen/ });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect((await status()).getByText('Identifizierung begonnen')).toBeTruthy();
  });

  it('asks again while the identification is undecided, shows the decision without a reload, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, decide } = setup({ latest: identification('init') });
    expect((await status()).getByText('Identifizierung begonnen')).toBeTruthy();
    decide(
      identification('approved'),
      customerRecord({ kycPassed: true, onboarding: onboardingStatus(null, null) }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await status()).getByText('Identität bestätigt')).toBeTruthy();
    const reads = () => calls.filter((c) => c.url.startsWith('/api/v2/shop/identification?')).length;
    const afterDecision = reads();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads()).toBe(afterDecision);
  });

  it('shows "check in progress" with the contact option and the 24 to 48 hours, without a start button', async () => {
    setup({ latest: identification('pending') });
    const card = await status();
    expect(card.getByText('Prüfung läuft')).toBeTruthy();
    expect(card.getByText(/etwa 24 bis 48 Stunden/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Kontaktieren Sie uns' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('button', { name: 'Identifizierung starten' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Weiter' })).toBeNull();
  });

  it('shows "under review" without the contact option', async () => {
    setup({ latest: identification('rejected_in_review') });
    const card = await status();
    expect(card.getByText('Ihre Identifizierung wird überprüft')).toBeTruthy();
    expect(card.getByText(/etwa 24 bis 48 Stunden/)).toBeTruthy();
    expect(card.queryByRole('link', { name: 'Kontaktieren Sie uns' })).toBeNull();
  });

  it('shows "identity not confirmed" with the contact option and offers a new identification', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = setup({ latest: identification('rejected') });
    const card = await status();
    expect(card.getByText('Identität nicht bestätigt')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Kontaktieren Sie uns' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Neue Identifizierung starten' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(writesOf(calls)).toHaveLength(1);
  });

  it('shows "passed" and goes on to where the server says (the custody wallet, decision 032)', async () => {
    const done = customerRecord({
      kycPassed: true,
      onboarding: onboardingStatus('/self-disclosure/custody', 'custody'),
    });
    setup({ latest: identification('approved'), record: done });
    expect((await status()).getByText('Identität bestätigt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/self-disclosure/custody'));
  });

  it('counts a passed identification as passed whatever a later one says (spec 4: cached once passed)', async () => {
    setup({
      latest: identification('rejected'),
      record: customerRecord({ kycPassed: true, onboarding: atKyc }),
    });
    expect((await status()).getByText('Identität bestätigt')).toBeTruthy();
  });

  it('names the personal data still missing when the server refuses the start, and changes nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setup({
      latest: null,
      onStart: () =>
        problemAnswer(409, 'onboarding_step_missing', [
          { propertyPath: 'birthDate', code: 'required', message: 'Dieses Feld ist erforderlich' },
          { propertyPath: 'mobileNumber', code: 'required', message: 'Dieses Feld ist erforderlich' },
        ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Identifizierung starten' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Bitte schließen Sie zuerst die vorherigen Schritte der Selbstauskunft ab.',
    );
    expect(within(alert).getByText('Geburtsdatum')).toBeTruthy();
    expect(within(alert).getByText('Mobilnummer')).toBeTruthy();
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/self-disclosure/personal');
    expect(open).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      setup({ latest: identification('new') });
      const card = await status();
      expect(card.getByText('Check in progress')).toBeTruthy();
      expect(card.getByText(/about 24 to 48 hours/)).toBeTruthy();
      expect(card.getByRole('link', { name: 'Contact us' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('de');
    }
  });
});
