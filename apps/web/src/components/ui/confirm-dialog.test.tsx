import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { ConfirmProvider, useConfirm } from './confirm-dialog.tsx';

type After = 'remove' | 'removeLater' | 'disableLater';

/** A page with a list whose rows a confirmed removal takes away (as the session list's "log out"). */
function Page({ after = 'remove' }: { after?: After }) {
  const confirm = useConfirm();
  const [rows, setRows] = useState(['Laptop', 'Telefon']);
  const [pending, setPending] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string>('');
  const remove = async (row: string) => {
    const ok = await confirm({ title: `${row} abmelden?`, message: 'Die Sitzung endet.', destructive: true });
    setAnswer(String(ok));
    if (!ok) return;
    const removeRow = () => setRows((r) => r.filter((x) => x !== row));
    // the row goes at once, or once the list reloaded after the dialog is gone; or its button is
    // disabled while the request runs
    if (after === 'remove') removeRow();
    else if (after === 'removeLater') setTimeout(removeRow, 50);
    else setTimeout(() => setPending(row), 50);
  };
  return (
    <main id="main">
      <h1>Sitzungen</h1>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            <button type="button" disabled={pending === row} onClick={() => void remove(row)}>
              {row} abmelden
            </button>
          </li>
        ))}
      </ul>
      <output>{answer}</output>
    </main>
  );
}

function setup(props: { after?: After } = {}) {
  render(
    <ConfirmProvider>
      <Page {...props} />
    </ConfirmProvider>,
  );
}

/** A keyboard user's press: the button has the focus, Enter activates it. */
function press(name: string) {
  const button = screen.getByRole('button', { name });
  button.focus();
  fireEvent.click(button);
  return button;
}

const closed = () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

beforeAll(async () => {
  await i18n.changeLanguage('de');
});
afterEach(cleanup);

describe('ConfirmDialog focus (WCAG 2.4.3, BFSG issue 22)', () => {
  it('focuses "Cancel" on open, keeps Tab inside, and gives the focus back to its button on cancel', async () => {
    setup();
    const opener = press('Laptop abmelden');
    const dialog = await screen.findByRole('alertdialog', { name: 'Laptop abmelden?' });
    const cancel = screen.getByRole('button', { name: 'Abbrechen' });
    const confirm = screen.getByRole('button', { name: 'Bestätigen' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Tab from the last control goes to the first, Shift+Tab from the first to the last
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    // focus that leaves it some other way is brought back
    opener.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.click(cancel);
    await closed();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(screen.getByRole('status').textContent).toBe('false');
  });

  it('gives the focus back to its button on Escape', async () => {
    setup();
    const opener = press('Telefon abmelden');
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await closed();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(screen.getByRole('status').textContent).toBe('false');
  });

  it("focuses the page's heading when the confirmed action removed the button", async () => {
    setup();
    press('Laptop abmelden');
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await closed();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sitzungen' })),
    );
    expect(screen.queryByRole('button', { name: 'Laptop abmelden' })).toBeNull();
  });

  it('moves on to the heading when the button goes only after the dialog closed (the list reloaded)', async () => {
    setup({ after: 'removeLater' });
    const opener = press('Laptop abmelden');
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await closed();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await waitFor(() => expect(opener.isConnected).toBe(false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sitzungen' }));
  });

  it('moves on to the heading when the button is disabled after the dialog closed (the request runs)', async () => {
    setup({ after: 'disableLater' });
    const opener = press('Laptop abmelden');
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await closed();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await waitFor(() => expect((opener as HTMLButtonElement).disabled).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sitzungen' }));
  });
});
