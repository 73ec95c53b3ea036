import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { SignUpPage } from './sign-up-page.tsx';

function setup() {
  const router = createMemoryRouter([{ path: '/sign-up', element: <SignUpPage /> }], {
    initialEntries: ['/sign-up'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

/** Fills every required field with valid values and presses "Konto anlegen". */
function fillAndSubmit() {
  fireEvent.input(field('Vorname'), { target: { value: 'Erika' } });
  fireEvent.input(field('Nachname'), { target: { value: 'Mustermann' } });
  fireEvent.input(field('E-Mail-Adresse'), { target: { value: 'erika@example.com' } });
  fireEvent.input(field('Passwort'), { target: { value: 'Kupon-Zins-2030!anleihe' } });
  fireEvent.input(field('Passwort wiederholen'), { target: { value: 'Kupon-Zins-2030!anleihe' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen' }));
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('accounts');
});
afterEach(() => {
  cleanup();
  clearNotifications();
  vi.unstubAllGlobals();
});

// issue 15: at 390 px the submit button is at the bottom of a long form; what follows must come into view.
describe('SignUpPage outcomes come into view', () => {
  it('moves the focus to the confirmation card once the account is created', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            uuid: 'c1',
            email: 'erika@example.com',
            firstName: 'Erika',
            lastName: 'Mustermann',
            accountType: 'personal',
            verified: false,
          },
          { status: 201 },
        ),
      ),
    );
    setup();
    fillAndSubmit();
    const title = await screen.findByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('moves the focus to the e-mail field when the address is already used', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'validation_failed',
            status: 422,
            violations: [
              {
                propertyPath: 'email',
                code: 'email_already_used',
                message: 'Diese E-Mail-Adresse wird bereits verwendet',
              },
            ],
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    setup();
    fillAndSubmit();
    await screen.findByText('Diese E-Mail-Adresse wird bereits verwendet');
    await waitFor(() => expect(document.activeElement).toBe(field('E-Mail-Adresse')));
  });

  it('moves the focus to the first invalid field when the form itself finds errors', async () => {
    vi.stubGlobal('fetch', vi.fn());
    setup();
    fireEvent.input(field('E-Mail-Adresse'), { target: { value: 'erika@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Vorname')));
  });
});
