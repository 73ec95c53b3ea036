import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addCalendarMonths, platformToday } from '@token/domain/calendar';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from '../../../components/ui/notification-bar.tsx';
import { i18n, loadNamespace } from '../../../lib/i18n.ts';
import { clearNotifications } from '../../../lib/notifications.ts';
import { SessionProvider } from '../../../lib/session.tsx';
import { defined } from '../../../lib/test-defined.ts';
import { pdfProblem } from '../../../lib/upload.ts';
import { storeTestSession } from '../test-support.tsx';
import { DocumentUpload } from './document-upload.tsx';

/** XMLHttpRequest as the test drives it: progress events, an answer, or an abort. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

const pdf = (name = 'handelsregister.pdf', body = '%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF') =>
  new File([body], name, { type: 'application/pdf' });

function setup() {
  const fetch = vi.fn(async () => Response.json([]));
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <NotificationBar />
        <DocumentUpload
          purpose="commercial_register_excerpt"
          type="registry_excerpt"
          label="Handelsregisterauszug"
        />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join('');
const chooseFile = async (file: File) => {
  await act(async () => {
    fireEvent.change(field('Datei'), { target: { files: [file] } });
  });
};
const recentDate = () => addCalendarMonths(platformToday(), -1);
const uploadButton = () => screen.getByRole('button', { name: 'Hochladen' });

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('onboarding');
});
beforeEach(() => {
  // Pinned on Berlin's New Year while UTC is still on 31 December: the form must count by the
  // platform's day, as the API does (decision 012), whatever the device's time zone.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T23:30:00Z') });
  localStorage.clear();
  storeTestSession();
  clearNotifications();
  FakeXhr.sent = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('DocumentUpload (spec 5 uploads)', () => {
  it('sends the document with its date, shows the bytes sent and reports the upload', async () => {
    setup();
    fireEvent.input(field('Datum des Dokuments'), { target: { value: recentDate() } });
    await chooseFile(pdf());
    fireEvent.click(uploadButton());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = defined(FakeXhr.sent[0]);
    expect(`${xhr.method} ${xhr.url}`).toBe('POST /api/v2/shop/customer-documents');
    expect(xhr.headers.authorization).toBe('Bearer a.b.c');
    expect(xhr.headers['accept-language']).toBe('de');
    // the fields before the file, so a streaming server knows what the bytes are
    expect([...defined(xhr.body).keys()]).toEqual(['type', 'purpose', 'issuedAt', 'file']);
    expect(defined(xhr.body).get('type')).toBe('registry_excerpt');
    expect(defined(xhr.body).get('purpose')).toBe('commercial_register_excerpt');
    expect(defined(xhr.body).get('issuedAt')).toBe(recentDate());
    expect((defined(xhr.body).get('file') as File).name).toBe('handelsregister.pdf');

    act(() => xhr.progress(600_000, 2_400_000));
    const bar = screen.getByRole('progressbar', {
      name: 'Fortschritt beim Hochladen von handelsregister.pdf',
    });
    expect(bar.getAttribute('value')).toBe('25');
    expect(screen.getByText('25 % · 600 KB von 2,4 MB')).toBeTruthy();
    // while it runs, the file and date cannot change
    expect(field('Datei').disabled).toBe(true);

    act(() =>
      xhr.respond(201, {
        id: 5,
        type: 'registry_excerpt',
        purpose: 'commercial_register_excerpt',
        issuedAt: recentDate(),
        scope: 'company',
        file: { uuid: 'f1', name: 'handelsregister.pdf', size: 2_400_000, mediaType: 'application/pdf' },
        downloadUrl: '/api/v2/shop/file/f1/download',
        createdAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('handelsregister.pdf wurde hochgeladen.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(field('Datum des Dokuments').value).toBe('');
  });

  it('cancels a running upload: the request is aborted and nothing is reported as uploaded', async () => {
    setup();
    fireEvent.input(field('Datum des Dokuments'), { target: { value: recentDate() } });
    await chooseFile(pdf());
    fireEvent.click(uploadButton());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => defined(FakeXhr.sent[0]).progress(100, 1000));
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(defined(FakeXhr.sent[0]).aborted).toBe(true);
    expect(await screen.findByText('Das Hochladen wurde abgebrochen.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(uploadButton()).toBeTruthy();
    expect(screen.queryByText(/wurde hochgeladen/)).toBeNull();
  });

  it.each([
    [
      'a file that is no PDF',
      new File(['GIF89a'], 'scan.png', { type: 'image/png' }),
      'Dieser Dateityp kann nicht hochgeladen werden.',
    ],
    ['a PDF name on other bytes', pdf('auszug.pdf', 'just text, no PDF'), 'Die Datei wurde nicht erkannt.'],
  ])('refuses %s before sending', async (_name, file, message) => {
    setup();
    fireEvent.input(field('Datum des Dokuments'), { target: { value: recentDate() } });
    await chooseFile(file);
    await waitFor(() => expect(errorOf(field('Datei'))).toBe(message));
    fireEvent.click(uploadButton());
    await waitFor(() => expect(field('Datei').getAttribute('aria-invalid')).toBe('true'));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a file over 20 MB before sending', async () => {
    const big = pdf('gross.pdf');
    Object.defineProperty(big, 'size', { value: 21_000_000 });
    expect(await pdfProblem(big)).toBe('file_too_big');
    setup();
    await chooseFile(big);
    await waitFor(() => expect(errorOf(field('Datei'))).toBe('Die Datei ist zu groß.'));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('asks for a file and a date not older than three months', async () => {
    setup();
    expect((field('Datum des Dokuments') as HTMLInputElement).max).toBe('2027-01-01');
    fireEvent.input(field('Datum des Dokuments'), {
      target: { value: addCalendarMonths(platformToday(), -4) },
    });
    fireEvent.click(uploadButton());
    await waitFor(() => expect(errorOf(field('Datei'))).toBe('Es wurde keine Datei hochgeladen.'));
    expect(errorOf(field('Datum des Dokuments'))).toBe('Das Dokument darf nicht älter als 3 Monate sein');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's refusal of the file on the file field", async () => {
    setup();
    fireEvent.input(field('Datum des Dokuments'), { target: { value: recentDate() } });
    await chooseFile(pdf());
    fireEvent.click(uploadButton());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => defined(FakeXhr.sent[0]).respond(415, { status: 415, code: 'file_type_not_allowed' }));
    await waitFor(() =>
      expect(errorOf(field('Datei'))).toBe('Dieser Dateityp kann nicht hochgeladen werden.'),
    );
  });
});
