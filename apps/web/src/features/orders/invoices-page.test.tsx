import { cleanup, screen } from '@testing-library/react';
import type { InvoiceView } from '@token/domain/orders';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { InvoicesPage } from './invoices-page.tsx';
import { mockApi, orderToken, renderRoutes, storeTestSession } from './test-support.tsx';

const invoice = (localeCode: 'de' | 'en'): InvoiceView => ({
  id: 7,
  number: '2026-000123',
  year: 2026,
  order: `/api/v2/shop/orders/${orderToken}`,
  orderTokenValue: orderToken,
  issuedAt: '2026-11-20T10:00:00.000Z',
  total: 200_000,
  currencyCode: 'EUR',
  localeCode,
});

function setup(localeCode: 'de' | 'en') {
  mockApi(({ url }) =>
    url === `/api/v2/shop/orders/${orderToken}/invoices` ? Response.json([invoice(localeCode)]) : undefined,
  );
  renderRoutes([{ path: '/invoices', element: <InvoicesPage /> }], `/invoices?tokenValue=${orderToken}`);
}

beforeAll(async () => {
  await loadNamespace('orders');
});
beforeEach(() => {
  localStorage.clear();
  storeTestSession();
  clearNotifications();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

// issue 15: the invoice downloaded from the English page was German without saying so
describe('InvoicesPage (/invoices)', () => {
  it('says an invoice is in German on the English page', async () => {
    await i18n.changeLanguage('en');
    setup('de');
    const button = await screen.findByRole('button', {
      name: 'Download invoice 2026-000123 as PDF (in German)',
    });
    expect(button.textContent).toBe('Download PDF (in German)');
  });

  it("says nothing about the language when the invoice is in the reader's", async () => {
    await i18n.changeLanguage('de');
    setup('de');
    const button = await screen.findByRole('button', { name: 'Rechnung 2026-000123 als PDF herunterladen' });
    expect(button.textContent).toBe('PDF herunterladen');
  });
});
