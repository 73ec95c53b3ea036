import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
import { i18n } from '../lib/i18n.ts';
import { useProcessCancelAction, useUnsavedChanges } from '../lib/navigation.ts';
import { RouteFocus } from '../lib/route-focus.tsx';
import { NavigationGuard } from './navigation-guard.tsx';

function Layout() {
  return (
    <>
      <RouteFocus />
      <NavigationGuard />
      <nav>
        <Link to="/">home</Link>
        <Link to="/order-process/addresses">addresses</Link>
        <Link to="/thank-you-for-offline-payment">thanks</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function OrderStep({ onCancel }: { onCancel: () => void }) {
  useProcessCancelAction('orderProcess', onCancel);
  return <h1>order step</h1>;
}

function Form({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return <h1>form</h1>;
}

function setup(initial: string, opts: { onCancel?: () => void; dirty?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <h1>home page</h1> },
          { path: 'order-process/token', element: <OrderStep onCancel={opts.onCancel ?? (() => {})} /> },
          { path: 'order-process/addresses', element: <h1>addresses page</h1> },
          { path: 'thank-you-for-offline-payment', element: <h1>thanks page</h1> },
          { path: 'contact', element: <Form dirty={opts.dirty ?? false} /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(
    <ConfirmProvider>
      <RouterProvider router={router} />
    </ConfirmProvider>,
  );
  return router;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('NavigationGuard (spec 2)', () => {
  it('asks before leaving a process and stays on cancel', async () => {
    const onCancel = vi.fn();
    const router = setup('/order-process/token', { onCancel });
    fireEvent.click(screen.getByText('home'));
    expect(
      await screen.findByText('All prepared information will be lost, are you sure to exit?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/order-process/token');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('runs the process cancel action and leaves on confirm', async () => {
    const onCancel = vi.fn();
    const router = setup('/order-process/token', { onCancel });
    fireEvent.click(screen.getByText('home'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/');
  });

  it('does not ask towards another process route or an end-of-process route', async () => {
    const router = setup('/order-process/token');
    fireEvent.click(screen.getByText('addresses'));
    expect(await screen.findByText('addresses page')).toBeTruthy();
    fireEvent.click(screen.getByText('thanks'));
    expect(await screen.findByText('thanks page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/thank-you-for-offline-payment');
  });

  it('asks before leaving a page with entered data', async () => {
    const router = setup('/contact', { dirty: true });
    fireEvent.click(screen.getByText('home'));
    expect(await screen.findByText('The data you entered will be lost if you leave this page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a clean page go without asking', async () => {
    setup('/contact', { dirty: false });
    await act(async () => {
      fireEvent.click(screen.getByText('home'));
    });
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  describe('focus (WCAG 2.4.3, BFSG issue 22)', () => {
    /** A keyboard user's press of a link: it has the focus, Enter follows it. */
    function press(name: string) {
      const link = screen.getByRole('link', { name });
      link.focus();
      fireEvent.click(link);
      return link;
    }

    it('gives the focus back to the link on "Stay" and on Escape', async () => {
      setup('/order-process/token');
      const link = press('home');
      fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(link));

      press('home');
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave this process?' });
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(link));
    });

    it('on "Leave" the focus goes to the new page\'s heading and its name is announced', async () => {
      setup('/order-process/token');
      press('home');
      fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
      const heading = await screen.findByRole('heading', { name: 'home page' });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      await waitFor(() => expect(screen.getByTestId('route-announcer').textContent).toBe('home page'));
    });
  });
});
