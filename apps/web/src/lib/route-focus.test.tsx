import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteFocus } from './route-focus.tsx';

/** A page as the app's pages are: it sets the tab title (DocumentTitle does so in an effect). */
function Page({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Tokenwerk`;
  }, [title]);
  return (
    <>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** A list whose filter lives in the query string (as browse, search and the admin lists keep it). */
function ListPage() {
  const [params] = useSearchParams();
  return (
    <Page title="Marktplatz">
      <p>Seite {params.get('page') ?? '1'}</p>
      <Link to="?page=2">Nächste Seite</Link>
    </Page>
  );
}

/** The product page: a placeholder (`aria-busy`) until its data is there, then its heading. */
function LoadingPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return <div aria-busy="true">lädt</div>;
  return <Page title="Anleihe Kiefernwald" />;
}

/** A page that puts the focus somewhere itself (a form on its first field). */
function SelfFocusingPage() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <Page title="Registrieren">
      <label>
        E-Mail <input ref={field} />
      </label>
    </Page>
  );
}

function NoHeadingPage() {
  useEffect(() => {
    document.title = 'Start · Tokenwerk';
  }, []);
  return <p>Willkommen</p>;
}

function Shell() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/">Start</Link>
        <Link to="/browse">Marktplatz</Link>
        <Link to="/products/KIEFER">Produkt</Link>
        <Link to="/sign-up">Registrieren</Link>
        <Link to="/account">Konto</Link>
        <Link to="/home">Ohne Überschrift</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function setup(initial = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { index: true, element: <Page title="Startseite" /> },
          { path: 'browse', Component: ListPage },
          { path: 'products/:code', Component: LoadingPage },
          { path: 'sign-up', Component: SelfFocusingPage },
          { path: 'account', element: <Page title="Mein Konto" /> },
          { path: 'home', Component: NoHeadingPage },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A keyboard user's press of a link: it has the focus, Enter follows it. */
function press(name: string) {
  const link = screen.getByRole('link', { name });
  link.focus();
  fireEvent.click(link);
  return link;
}

const announcer = () => screen.getByTestId('route-announcer');
const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

afterEach(() => {
  cleanup();
  document.title = '';
});

describe('RouteFocus (WCAG 2.4.3, BFSG issue 22)', () => {
  it('leaves the first page alone (a server-rendered page being hydrated)', async () => {
    setup('/account');
    await screen.findByRole('heading', { name: 'Mein Konto' });
    await settle();
    expect(document.activeElement).toBe(document.body);
    expect(announcer().textContent).toBe('');
  });

  it("moves the focus to the new page's h1 and announces its heading politely", async () => {
    setup('/');
    await screen.findByRole('heading', { name: 'Startseite' });
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    press('Konto');
    await waitFor(() => expect(document.activeElement).toBe(heading('Mein Konto')));
    // the shell has scrolled to the top; the heading's focus does not scroll on its own
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
    focus.mockRestore();
    expect(heading('Mein Konto').getAttribute('tabindex')).toBe('-1');
    await waitFor(() => expect(announcer().textContent).toBe('Mein Konto'));
    expect(announcer().getAttribute('aria-live')).toBe('polite');

    // focusable for this focus only: once the focus moved on, a click into its text does not focus it
    screen.getByRole('link', { name: 'Start' }).focus();
    expect(heading('Mein Konto').hasAttribute('tabindex')).toBe(false);

    press('Marktplatz');
    await waitFor(() => expect(document.activeElement).toBe(heading('Marktplatz')));
    await waitFor(() => expect(announcer().textContent).toBe('Marktplatz'));
  });

  it('does not move the focus when only the query changes (paging, filters)', async () => {
    setup('/');
    press('Marktplatz');
    await waitFor(() => expect(document.activeElement).toBe(heading('Marktplatz')));
    await waitFor(() => expect(announcer().textContent).toBe('Marktplatz'));
    const next = press('Nächste Seite');
    expect(await screen.findByText('Seite 2')).toBeTruthy();
    await settle();
    expect(document.activeElement).toBe(next);
    expect(announcer().textContent).toBe('Marktplatz');
  });

  it('waits for a loading page to show its heading, then focuses it with the final title', async () => {
    setup('/');
    press('Produkt');
    await settle();
    expect(screen.getByText('lädt')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading('Anleihe Kiefernwald')));
    await waitFor(() => expect(announcer().textContent).toBe('Anleihe Kiefernwald'));
  });

  it('does not take the focus from a visitor who went on while the page loaded', async () => {
    setup('/');
    const link = press('Produkt');
    await settle();
    fireEvent.keyDown(link, { key: 'ArrowDown' });
    await waitFor(() => expect(announcer().textContent).toBe('Anleihe Kiefernwald'));
    expect(document.activeElement).toBe(link);
  });

  it('leaves the focus where the new page put it, and still says which page it is', async () => {
    setup('/');
    press('Registrieren');
    await waitFor(() => expect(announcer().textContent).toBe('Registrieren'));
    expect(document.activeElement).toBe(screen.getByLabelText('E-Mail'));
  });

  it('focuses <main> on a page without an h1, and announces its title', async () => {
    setup('/account');
    await screen.findByRole('heading', { name: 'Mein Konto' });
    press('Ohne Überschrift');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    await waitFor(() => expect(announcer().textContent).toBe('Start · Tokenwerk'));
  });
});
