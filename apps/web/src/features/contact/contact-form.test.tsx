import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { defined } from '../../lib/test-defined.ts';
import { ContactForm } from './contact-form.tsx';

function setup() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('contact');
});
afterEach(() => {
  cleanup();
  clearNotifications();
  vi.unstubAllGlobals();
});

describe('ContactForm (spec 5 messages)', () => {
  it('calls every blank field required, also the e-mail address, and marks the fields invalid', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(screen.getAllByText('Dieses Feld ist erforderlich')).toHaveLength(4));
    for (const label of ['Name', 'E-Mail-Adresse', 'Betreff', 'Nachricht']) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      expect(document.getElementById(defined(input.getAttribute('aria-describedby')))?.textContent).toBe(
        'Dieses Feld ist erforderlich',
      );
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("puts the API's 422 violations on their fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'validation_failed',
            status: 422,
            violations: [{ propertyPath: 'subject', code: 'too_long', message: 'Der Text ist zu lang' }],
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    setup();
    fireEvent.input(field('Name'), { target: { value: 'Erika Mustermann' } });
    fireEvent.input(field('E-Mail-Adresse'), { target: { value: 'erika@example.com' } });
    fireEvent.input(field('Betreff'), { target: { value: 'Frage zur Anleihe' } });
    fireEvent.input(field('Nachricht'), { target: { value: 'Wann wird der Kupon ausgezahlt?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(screen.getByText('Der Text ist zu lang')).toBeTruthy());
    expect(field('Betreff').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
  });
});
