import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
import { i18n } from '../lib/i18n.ts';
import { useProcessCancelAction, useUnsavedChanges } from '../lib/navigation.ts';
import { NavigationGuard } from './navigation-guard.tsx';

function Layout() {
  return (
    <>
      <NavigationGuard />
      <nav>
        <Link to="/">home</Link>
        <Link to="/order-process/addresses">addresses</Link>
        <Link to="/thank-you-for-offline-payment">thanks</Link>
      </nav>
      <Outlet />
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
});
