import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { violationMessage } from '@token/domain/errors';
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

/** A 422 of the API with these violations (its sentences in German). */
function stubViolations(violations: { propertyPath: string; code: string; message: string }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        { code: 'validation_failed', status: 422, violations },
        { status: 422, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
  );
}

/** The error texts under the fields, in page order. */
const fieldErrors = () => Array.from(document.querySelectorAll('p[id$="-error"]'), (p) => p.textContent);

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await loadNamespace('accounts');
  await i18n.changeLanguage('de');
  await loadNamespace('accounts');
});
afterEach(async () => {
  cleanup();
  clearNotifications();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
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

// issue 22: the first invalid field in the order the page shows (and Tab walks) the fields
describe('SignUpPage focuses the first invalid field on the page', () => {
  it('after a client check with every required field empty: the first name, not the e-mail', async () => {
    vi.stubGlobal('fetch', vi.fn());
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    await waitFor(() => expect(field('Vorname').getAttribute('aria-invalid')).toBe('true'));
    expect(field('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Vorname'));
  });

  it('after the API rejected several fields, whatever order it listed them in', async () => {
    stubViolations([
      { propertyPath: 'referralCode', code: 'referral_code_invalid', message: 'Ungültiger Empfehlungscode' },
      {
        propertyPath: 'email',
        code: 'email_already_used',
        message: violationMessage('email_already_used', 'de'),
      },
    ]);
    setup();
    fillAndSubmit();
    await waitFor(() => expect(field('Empfehlungscode').getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(field('E-Mail-Adresse'));
  });
});

// issue 22: errors are kept by their code and worded when shown, in the language of the moment
describe('SignUpPage errors follow the language switch', () => {
  it("rewords the form's own errors in English and back in German", async () => {
    vi.stubGlobal('fetch', vi.fn());
    setup();
    fireEvent.input(field('E-Mail-Adresse'), { target: { value: 'erika@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    const required = (locale: 'de' | 'en') => violationMessage('required', locale);
    await waitFor(() => expect(fieldErrors()).toContain(required('de')));
    expect(fieldErrors()).toContain(violationMessage('invalid_email', 'de'));

    await act(() => i18n.changeLanguage('en'));
    expect(fieldErrors()).toContain(required('en'));
    expect(fieldErrors()).toContain(violationMessage('invalid_email', 'en'));
    expect(fieldErrors()).not.toContain(required('de'));

    await act(() => i18n.changeLanguage('de'));
    expect(fieldErrors()).toContain(required('de'));
    expect(fieldErrors()).not.toContain(required('en'));
  });

  it("rewords the API's violations by their code, with the values its sentence named", async () => {
    stubViolations([
      {
        propertyPath: 'email',
        code: 'email_already_used',
        message: violationMessage('email_already_used', 'de'),
      },
      {
        propertyPath: 'referralCode',
        code: 'too_short',
        message: violationMessage('too_short', 'de', { value: 6 }),
      },
    ]);
    setup();
    fillAndSubmit();
    await screen.findByText(violationMessage('email_already_used', 'de'));

    await act(() => i18n.changeLanguage('en'));
    await screen.findByText(violationMessage('email_already_used', 'en'));
    expect(fieldErrors()).toContain(violationMessage('too_short', 'en', { value: 6 }));
    expect(fieldErrors()).not.toContain(violationMessage('email_already_used', 'de'));
  });
});
