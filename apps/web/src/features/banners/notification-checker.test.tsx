import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { endSession } from '../../lib/session-store.ts';
import {
  identification,
  mockCheckerApi,
  onboarding,
  record,
  renderBanners,
  storeLongSession,
} from './banners-test-support.tsx';
import { forgetClosedBanners } from './closed-banners.ts';
import { customerPollInterval, customerPollMs, kycPollMs } from './notification-checker.ts';

const minute = 60_000;
/** Moves the fake clock on and lets the polls' answers arrive. */
const pass = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('banners');
});
beforeEach(() => {
  // the fake clock also runs on by itself, so rendering and the first fetches need no pushing
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  forgetClosedBanners();
  storeLongSession();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('notification checker (spec 4)', () => {
  it('polls by the spec 9 intervals: the customer every minute, KYC every 5 minutes', () => {
    expect(customerPollMs).toBe(minute);
    expect(kycPollMs).toBe(5 * minute);
    expect(customerPollInterval(record())).toBe(minute);
    expect(customerPollInterval(record({ onboarding: onboarding({ mayBuy: true }) }))).toBe(false);
  });

  it('polls the customer every minute until approved with a wallet, then stops', async () => {
    const state = {
      record: record({ onboarding: onboarding({ banner: 'not_approved' }) }),
      identification: null,
    };
    const api = mockCheckerApi(state);
    renderBanners();
    await waitFor(() => expect(api.customerReads()).toBe(1));
    await pass(minute);
    expect(api.customerReads()).toBe(2);
    await pass(minute);
    expect(api.customerReads()).toBe(3);
    // the operator approves: the next poll brings mayBuy and the welcome
    state.record = record({ onboarding: onboarding({ banner: 'welcome', mayBuy: true }) });
    await pass(minute);
    expect(api.customerReads()).toBe(4);
    expect(
      await screen.findByText('Ihr Konto ist freigeschaltet. Sie können jetzt investieren.'),
    ).toBeTruthy();
    await pass(10 * minute);
    expect(api.customerReads()).toBe(4);
    // the KYC banner was never active: no identification was polled
    expect(api.kycReads()).toBe(0);
  });

  it('polls the latest identification every 5 minutes only while the KYC banner is active', async () => {
    const state = {
      record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
      identification: identification('pending'),
    };
    const api = mockCheckerApi(state);
    renderBanners();
    await waitFor(() => expect(api.kycReads()).toBe(1));
    await pass(4 * minute);
    expect(api.kycReads()).toBe(1);
    expect(api.customerReads()).toBe(5);
    await pass(minute);
    expect(api.kycReads()).toBe(2);
    // the partner confirmed the identity: the checker says so and reads the customer again
    state.identification = identification('approved');
    state.record = record({ kycPassed: true, onboarding: onboarding({ banner: 'not_approved' }) });
    await pass(5 * minute);
    expect(await screen.findByText('Ihre Identität wurde bestätigt.')).toBeTruthy();
    const kycReads = api.kycReads();
    await pass(15 * minute);
    // the KYC banner is gone: no more identification polls
    expect(api.kycReads()).toBe(kycReads);
  });

  it('tells a rejected identification once (deduplicated by message and type)', async () => {
    const state = {
      record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
      identification: identification('new'),
    };
    const api = mockCheckerApi(state);
    renderBanners();
    await waitFor(() => expect(screen.getByTestId('user-banner')).toBeTruthy());
    // the first reading ('new') is what the session saw; only a change after it is news
    await waitFor(() => expect(api.kycReads()).toBe(1));
    state.identification = identification('rejected');
    await pass(5 * minute);
    await pass(5 * minute);
    await waitFor(() =>
      expect(screen.getAllByText(/Ihre Identität konnte nicht bestätigt werden. Bitte/)).toHaveLength(1),
    );
  });

  it('stops polling on logout', async () => {
    const api = mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
      identification: identification('pending'),
    });
    renderBanners();
    await waitFor(() => expect(api.kycReads()).toBe(1));
    await pass(minute);
    const customer = api.customerReads();
    act(() => endSession('logout'));
    await pass(30 * minute);
    expect(api.customerReads()).toBe(customer);
    expect(api.kycReads()).toBe(1);
  });

  it('says nothing about the state found at the first reading', async () => {
    mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'welcome', mayBuy: true }) }),
      identification: null,
    });
    renderBanners();
    await waitFor(() => expect(screen.getByTestId('user-banner')).toBeTruthy());
    expect(screen.queryByText('Ihr Konto ist freigeschaltet. Sie können jetzt investieren.')).toBeNull();
  });
});
