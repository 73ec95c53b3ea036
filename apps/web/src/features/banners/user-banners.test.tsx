import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const banner = async () => within(await screen.findByTestId('user-banner'));

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('banners');
});
beforeEach(() => {
  localStorage.clear();
  forgetClosedBanners();
  storeLongSession();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserBanners (spec 2/4, driven by customer.onboarding.banner)', () => {
  it('shows the KYC start link while the identification is due', async () => {
    mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
      identification: null,
    });
    renderBanners();
    const b = await banner();
    expect(b.getByText('Bestätigen Sie Ihre Identität, um investieren zu können.')).toBeTruthy();
    expect(b.getByRole('link', { name: 'Identifizierung starten' }).getAttribute('href')).toBe(
      '/self-disclosure/kyc',
    );
  });

  it('words the KYC banner by the latest identification (check in progress, 24 to 48 hours)', async () => {
    mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
      identification: identification('pending'),
    });
    renderBanners();
    expect(
      await screen.findByText('Ihre Identifizierung wird geprüft; das dauert etwa 24 bis 48 Stunden.'),
    ).toBeTruthy();
    expect((await banner()).getByRole('link', { name: 'Stand ansehen' })).toBeTruthy();
  });

  it('leaves the KYC banner off the identification page, which says all of it', async () => {
    mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
      identification: null,
    });
    renderBanners('/self-disclosure/kyc');
    await waitFor(() => expect(screen.queryByTestId('user-banner')).toBeNull());
  });

  it('shows "not yet approved" without an action', async () => {
    mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'not_approved' }) }),
      identification: null,
    });
    renderBanners();
    const b = await banner();
    expect(b.getByText(/Wir prüfen Ihr Konto noch/)).toBeTruthy();
    expect(b.queryByRole('link')).toBeNull();
  });

  it("shows 'more information needed' with the operator's message and the contact option", async () => {
    mockCheckerApi({
      record: record({
        status: 'follow_up',
        followUpMessage: 'Bitte senden Sie uns einen aktuellen Handelsregisterauszug.',
        onboarding: onboarding({ banner: 'more_information' }),
      }),
      identification: null,
    });
    renderBanners();
    const b = await banner();
    expect(b.getByText('Wir benötigen weitere Informationen von Ihnen.')).toBeTruthy();
    expect(b.getByText('Bitte senden Sie uns einen aktuellen Handelsregisterauszug.')).toBeTruthy();
    expect(b.getByRole('link', { name: 'Kontakt aufnehmen' }).getAttribute('href')).toBe('/contact');
  });

  it('welcomes a customer who may buy', async () => {
    mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'welcome', mayBuy: true }) }),
      identification: null,
    });
    renderBanners();
    expect(
      (await banner()).getByText(/Ihr Konto ist freigeschaltet, Sie können jetzt investieren/),
    ).toBeTruthy();
  });

  it('shows nothing without a banner, and nothing when logged out', async () => {
    const api = mockCheckerApi({ record: record(), identification: null });
    renderBanners();
    await waitFor(() => expect(api.customerReads()).toBe(1));
    expect(screen.queryByTestId('user-banner')).toBeNull();
    cleanup();
    localStorage.clear();
    storeLongSession();
    act(() => endSession('logout'));
    mockCheckerApi({
      record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
      identification: null,
    });
    renderBanners();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('user-banner')).toBeNull();
  });

  it('keeps a closed banner closed for the session (a reload too), and shows it again after logout', async () => {
    const state = {
      record: record({ onboarding: onboarding({ banner: 'not_approved' }) }),
      identification: null,
    };
    mockCheckerApi(state);
    renderBanners();
    fireEvent.click((await banner()).getByRole('button', { name: 'Hinweis schließen' }));
    await waitFor(() => expect(screen.queryByTestId('user-banner')).toBeNull());
    // a fresh page (reload) in the same session
    cleanup();
    renderBanners();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('user-banner')).toBeNull();
    // logout clears it; the next login shows it again
    cleanup();
    act(() => endSession('logout'));
    storeLongSession('sess-next');
    renderBanners();
    expect(await screen.findByTestId('user-banner')).toBeTruthy();
  });

  it('shows a new follow-up request again after the previous one was closed', async () => {
    const state = {
      record: record({
        followUpMessage: 'Erste Nachfrage',
        onboarding: onboarding({ banner: 'more_information' }),
      }),
      identification: null,
    };
    mockCheckerApi(state);
    renderBanners();
    fireEvent.click((await banner()).getByRole('button', { name: 'Hinweis schließen' }));
    await waitFor(() => expect(screen.queryByTestId('user-banner')).toBeNull());
    cleanup();
    state.record = record({
      followUpMessage: 'Zweite Nachfrage',
      onboarding: onboarding({ banner: 'more_information' }),
    });
    renderBanners();
    expect((await banner()).getByText('Zweite Nachfrage')).toBeTruthy();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      mockCheckerApi({
        record: record({ onboarding: onboarding({ banner: 'kyc_start' }) }),
        identification: null,
      });
      renderBanners();
      expect((await banner()).getByRole('link', { name: 'Start identification' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Close notice' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('de');
    }
  });
});
