import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { productFixture } from '../../lib/test-products.ts';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import { fakeXhr } from '../../lib/test-upload.ts';
import { EditPublicProfilePage } from './edit-public-profile-page.tsx';
import { NotificationsSettingsPage } from './notifications-settings-page.tsx';
import { CustomerProfilePage, ProfileByNamePage } from './profile-page.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
const profile = {
  uuid,
  displayName: 'Anna Berg',
  profileName: 'anna.berg',
  bio: 'Fotografin aus Leipzig',
  website: 'https://annaberg.example',
  socialLinks: [{ network: 'instagram', url: 'https://instagram.com/annaberg' }],
  profileImage: null,
  mediaFiles: [],
};
const record = customerRecordForTests({
  id: 7,
  uuid,
  email: 'erika@example.com',
  firstName: 'Erika',
  lastName: 'Mustermann',
  fullName: 'Erika Mustermann',
  onboarding: { nextRoute: null, steps: [], mayBuy: true, banner: null },
});

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('collections');
});
beforeEach(() => {
  localStorage.clear();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('public creator profile', () => {
  it('shows a visitor the chosen name, bio, links and the creator’s items', async () => {
    const calls = mockApi(({ url }) => {
      if (url === `/api/v2/shop/public-profiles/${uuid}`) return Response.json(profile);
      if (url.startsWith('/api/v2/shop/products?'))
        return Response.json([productFixture('KIEFER', { name: 'Kiefernwald im Abendlicht' })]);
      return undefined;
    });
    renderRoutes([{ path: '/customer', element: <CustomerProfilePage /> }], `/customer?id=${uuid}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Berg' })).toBeTruthy();
    expect(screen.getByText('@anna.berg')).toBeTruthy();
    expect(screen.getByText('Fotografin aus Leipzig')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(
      'https://instagram.com/annaberg',
    );
    expect(await screen.findByRole('link', { name: 'Kiefernwald im Abendlicht' })).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/v2/shop/products?'))?.url).toContain(
      `creator.uuid=${uuid}`,
    );
  });

  it('finds a profile by user name, and shows page-not-found for an unknown one', async () => {
    mockApi(({ url }) => {
      if (url === '/api/v2/shop/public-profiles?profileName=anna.berg') return Response.json([profile]);
      if (url.startsWith('/api/v2/shop/public-profiles?')) return Response.json([]);
      if (url.startsWith('/api/v2/shop/products?')) return Response.json([]);
      return undefined;
    });
    renderRoutes([{ path: '/profile/:profileName', element: <ProfileByNamePage /> }], '/profile/anna.berg');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Berg' })).toBeTruthy();
    expect(await screen.findByText('Noch keine Objekte veröffentlicht.')).toBeTruthy();
    cleanup();
    renderRoutes([{ path: '/profile/:profileName', element: <ProfileByNamePage /> }], '/profile/nobody');
    expect(await screen.findByText('404')).toBeTruthy();
  });
});

describe('notification settings', () => {
  it('shows the saved switches and saves a change', async () => {
    storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
    const settings = { auctionEnd: true, newFollower: true, bid: true, drop: true, sale: true };
    const calls = mockApi(({ url, method, body }) => {
      if (url === `/api/v2/shop/customers/${uuid}`) return Response.json(record);
      if (url.endsWith('/notification-settings')) return Response.json(method === 'PUT' ? body : settings);
      return undefined;
    });
    renderRoutes(
      [{ path: '/notifications-settings', element: <NotificationsSettingsPage /> }],
      '/notifications-settings',
    );
    const bid = await screen.findByRole('switch', { name: 'Gebote' });
    expect(bid.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(bid);
    expect(bid.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        {
          method: 'PUT',
          url: `/api/v2/shop/customers/${uuid}/notification-settings`,
          body: { ...settings, bid: false },
        },
      ]),
    );
    expect(await screen.findByText('Ihre Einstellungen wurden gespeichert.')).toBeTruthy();
  });
});

describe('edit public profile', () => {
  it('refuses an http website before sending, and shows a taken user name on its field', async () => {
    storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
    const calls = mockApi(({ url, method }) => {
      if (url === `/api/v2/shop/customers/${uuid}` && method === 'PUT')
        return problemAnswer(422, 'validation_failed', [
          {
            propertyPath: 'profileName',
            code: 'profile_name_taken',
            message: 'Dieser Profilname ist vergeben',
          },
        ]);
      if (url === `/api/v2/shop/customers/${uuid}`) return Response.json(record);
      return undefined;
    });
    renderRoutes([{ path: '/edit-profile', element: <EditPublicProfilePage /> }], '/edit-profile');
    fireEvent.input(await screen.findByLabelText('Website', { exact: false }), {
      target: { value: 'http://annaberg.example' },
    });
    fireEvent.input(screen.getByLabelText('Benutzername', { exact: false }), {
      target: { value: 'anna.berg' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Bitte geben Sie eine Adresse ein, die mit https:// beginnt'),
    ).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);

    fireEvent.input(screen.getByLabelText('Website', { exact: false }), {
      target: { value: 'https://annaberg.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieser Profilname ist vergeben')).toBeTruthy();
    expect(writesOf(calls)[0]?.body).toMatchObject({
      profileName: 'anna.berg',
      website: 'https://annaberg.example',
    });
  });

  it('uploads a profile image through presign and PUT, attaches it, and removes it again', async () => {
    storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
    let current: string | null = null;
    const calls = mockApi(({ url, method, body }) => {
      if (url === '/api/v2/shop/media-files/presign' && method === 'POST')
        return Response.json(
          {
            id: 5,
            '@id': '/api/v2/shop/media-files/5',
            uuid: 'f1e2d3c4-0000-4000-8000-000000000005',
            uploadUrl: 'http://localhost/api/v2/shop/media-uploads/abc?signature=xyz',
            method: 'PUT',
            headers: { 'content-type': 'image/png' },
            expiresAt: '2026-11-27T23:00:00.000Z',
          },
          { status: 201 },
        );
      if (url === `/api/v2/shop/customers/${uuid}` && method === 'PUT') {
        const sent = (body as { profileImage: string | null }).profileImage;
        current = sent ? '/media/public/content/abc.png' : null;
        return Response.json({ ...record, profileImage: current });
      }
      if (url === `/api/v2/shop/customers/${uuid}`)
        return Response.json({ ...record, profileImage: current });
      return undefined;
    });
    // the bytes go to the upload link by XHR (progress); the local store answers the checked file
    const xhr = fakeXhr(() => ({
      status: 200,
      body: { id: 5, '@id': '/api/v2/shop/media-files/5', state: 'ready' },
    }));
    vi.stubGlobal('XMLHttpRequest', xhr.FakeXhr);
    renderRoutes([{ path: '/edit-profile', element: <EditPublicProfilePage /> }], '/edit-profile');
    expect(await screen.findByTestId('profile-image-placeholder')).toBeTruthy();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const file = new File([bytes], 'ich.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Profilbild', { selector: 'input' }), {
      target: { files: [file] },
    });
    const image = await screen.findByTestId('profile-image');
    expect(image.getAttribute('src')).toBe('/media/public/content/abc.png');
    const writes = writesOf(calls);
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v2/shop/media-files/presign',
      `PUT /api/v2/shop/customers/${uuid}`,
    ]);
    expect(xhr.sent.map((put) => put.url)).toEqual([
      'http://localhost/api/v2/shop/media-uploads/abc?signature=xyz',
    ]);
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(writes[0]?.body).toEqual({ filename: 'ich.png', private: false, hash });
    expect(writes[1]?.body).toEqual({ profileImage: '/api/v2/shop/media-files/5' });

    fireEvent.click(screen.getByRole('button', { name: 'Bild entfernen' }));
    expect(await screen.findByTestId('profile-image-placeholder')).toBeTruthy();
    expect(writesOf(calls).at(-1)?.body).toEqual({ profileImage: null });
  });

  it('refuses a file that is no image before sending, and shows the server’s refusal', async () => {
    storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
    const calls = mockApi(({ url, method }) => {
      if (url === '/api/v2/shop/media-files/presign' && method === 'POST')
        return problemAnswer(422, 'validation_failed', [
          { propertyPath: 'filename', code: 'invalid_value', message: 'Dieser Wert ist ungültig' },
        ]);
      if (url === `/api/v2/shop/customers/${uuid}`) return Response.json(record);
      return undefined;
    });
    renderRoutes([{ path: '/edit-profile', element: <EditPublicProfilePage /> }], '/edit-profile');
    const input = await screen.findByLabelText('Profilbild', { selector: 'input' });
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'vertrag.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Dieser Dateityp kann nicht hochgeladen werden.',
    );
    expect(writesOf(calls)).toEqual([]);
    fireEvent.change(input, { target: { files: [new File(['x'], 'ich.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Dieser Wert ist ungültig'));
  });
});
