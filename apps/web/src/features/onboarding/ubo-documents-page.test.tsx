import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ui/confirm-dialog.tsx';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { customerRecord, onboardingStatus, storeTestSession, testUuid } from './test-support.tsx';
import type { CustomerDocument, DocumentPurpose } from './types.ts';
import { UboDocumentsPage } from './ubo-documents-page.tsx';

function doc(id: number, purpose: DocumentPurpose): CustomerDocument {
  return {
    id,
    type: purpose === 'commercial_register_excerpt' ? 'registry_excerpt' : 'ubo',
    purpose,
    issuedAt: '2026-01-10',
    scope: 'company',
    file: { uuid: `f${id}`, name: `liste-${id}.pdf`, size: 1_250_000, mediaType: 'application/pdf' },
    downloadUrl: `/api/v2/shop/file/f${id}/download`,
    createdAt: `2026-01-1${id}T10:00:00.000Z`,
  };
}

function setup(opts: { userRoles: number[]; documents: CustomerDocument[] }) {
  const calls: { method: string; url: string }[] = [];
  let documents = opts.documents;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (url === `/api/v2/shop/customers/${testUuid}`) {
        return Response.json(
          customerRecord({
            accountType: 'company',
            onboarding: onboardingStatus('/self-disclosure/ubo-documents', 'ubo_documents', [
              'company',
              'personal',
              'pep',
              'representatives',
              'ubo',
              'ubo_documents',
              'kyc',
            ]),
          }),
        );
      }
      if (url === '/api/v2/shop/ubo-users') {
        return Response.json([{ id: 1, isUser: true, roles: opts.userRoles, type: 'natural' }]);
      }
      const type = /customer-documents\/company\?type=(\w+)/.exec(url)?.[1];
      if (type) return Response.json(documents.filter((d) => d.type === type));
      const del = /customer-documents\/(\d+)$/.exec(url);
      if (del && method === 'DELETE') {
        documents = documents.filter((d) => d.id !== Number(del[1]));
        return new Response(null, { status: 204 });
      }
      return Response.json([]);
    }),
  );
  const router = createMemoryRouter([{ path: '*', element: <UboDocumentsPage /> }], {
    initialEntries: ['/self-disclosure/ubo-documents'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

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
});

describe('UboDocumentsPage (spec 3/5 documents)', () => {
  it('asks for the four company documents, and the proof of authorisation when the user acts by power of attorney', async () => {
    setup({ userRoles: [70], documents: [] });
    await screen.findByRole('heading', { name: /Handelsregisterauszug/ });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Handelsregisterauszug (fehlt noch)',
      'Gesellschafterliste (fehlt noch)',
      'Gesellschaftsvertrag (fehlt noch)',
      'Transparenzregisterauszug (fehlt noch)',
    ]);
    cleanup();
    setup({ userRoles: [10], documents: [] });
    expect(await screen.findByRole('heading', { name: /Nachweis der Vertretungsberechtigung/ })).toBeTruthy();
  });

  it('lists the documents of a purpose, offers no fourth upload and deletes after asking', async () => {
    const calls = setup({
      userRoles: [70],
      documents: [doc(1, 'shareholder_list'), doc(2, 'shareholder_list'), doc(3, 'shareholder_list')],
    });
    await screen.findByRole('heading', { name: 'Gesellschafterliste (vorhanden)' });
    const list = section('Gesellschafterliste');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByText('Dokument vom 10.01.2026 · 1,3 MB')).toHaveLength(3);
    expect(within(list).queryByRole('button', { name: 'Hochladen' })).toBeNull();
    expect(within(list).getByText('Höchstens drei Dokumente je Zweck')).toBeTruthy();
    // the other purposes can still be uploaded
    expect(within(section('Handelsregisterauszug')).getByRole('button', { name: 'Hochladen' })).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: /Entfernen.*liste-2\.pdf/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() =>
      expect(within(section('Gesellschafterliste')).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/shop/customer-documents/2')).toBe(
      true,
    );
    expect(within(section('Gesellschafterliste')).getByRole('button', { name: 'Hochladen' })).toBeTruthy();
  });

  it('names the missing documents when the server keeps the step due', async () => {
    setup({ userRoles: [70], documents: [doc(1, 'commercial_register_excerpt')] });
    fireEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gesellschafterliste', 'Gesellschaftsvertrag', 'Transparenzregisterauszug']);
  });
});
