import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { errorMessage, violationMessage } from '@token/domain/errors';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { DecisionDialog, type DecisionKind } from './components/decision-dialog.tsx';

function setup(kind: DecisionKind, onDecide = vi.fn(async () => {}), onClose = vi.fn()) {
  render(
    <DecisionDialog kind={kind} customerName="Erika Mustermann" onDecide={onDecide} onClose={onClose} />,
  );
  return { onDecide, onClose };
}

/** The customer file's decision buttons (as DecisionButtons): after a ban, "Sperren" is disabled. */
function CustomerFile() {
  const [kind, setKind] = useState<DecisionKind | null>(null);
  const [banned, setBanned] = useState(false);
  return (
    <main id="main">
      <h1>Erika Mustermann</h1>
      <button type="button" onClick={() => setKind('follow_up')}>
        Rückfrage stellen
      </button>
      <button type="button" disabled={banned} onClick={() => setKind('ban')}>
        Kunden sperren
      </button>
      <button type="button" disabled={!banned} onClick={() => setKind('lift_ban')}>
        Sperre aufheben
      </button>
      <DecisionDialog
        kind={kind}
        customerName="Erika Mustermann"
        onDecide={async (decided) => {
          setBanned(decided === 'ban');
          setKind(null);
        }}
        onClose={() => setKind(null)}
      />
    </main>
  );
}

/** A keyboard user's press: the button has the focus, Enter activates it. */
function press(name: string) {
  const button = screen.getByRole('button', { name });
  button.focus();
  fireEvent.click(button);
  return button;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLTextAreaElement;
const descriptionOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

beforeAll(async () => {
  await i18n.changeLanguage('de');
});
afterEach(() => {
  cleanup();
});

describe('DecisionDialog', () => {
  it('asks before a ban, says what it does, and needs a reason before it decides', async () => {
    const { onDecide } = setup('ban');
    const dialog = screen.getByRole('dialog', { name: 'Kunden sperren' });
    expect(dialog.textContent).toContain(
      'Erika Mustermann wird gesperrt und kann nicht mehr investieren. Der Kunde erhält keine Begründung.',
    );
    const reason = field('Begründung');
    expect(reason.getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Sperren' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(reason)).toContain(violationMessage('required', 'de'));
    expect(onDecide).not.toHaveBeenCalled();

    fireEvent.input(reason, { target: { value: '  Treffer auf der Sanktionsliste  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sperren' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledTimes(1));
    expect(onDecide).toHaveBeenCalledWith('ban', { reason: 'Treffer auf der Sanktionsliste' });
  });

  it('asks a follow-up for the message to the customer and the internal reason', async () => {
    const { onDecide } = setup('follow_up');
    const message = field('Nachricht an den Kunden');
    fireEvent.input(message, { target: { value: 'Bitte' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückfrage senden' }));
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(message)).toContain(violationMessage('too_short', 'de', { value: 10 }));
    expect(descriptionOf(field('Begründung'))).toContain(violationMessage('required', 'de'));
    expect(onDecide).not.toHaveBeenCalled();

    fireEvent.input(message, { target: { value: 'Bitte laden Sie einen aktuellen Registerauszug hoch.' } });
    fireEvent.input(field('Begründung'), { target: { value: 'Auszug älter als drei Monate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rückfrage senden' }));
    await waitFor(() =>
      expect(onDecide).toHaveBeenCalledWith('follow_up', {
        message: 'Bitte laden Sie einen aktuellen Registerauszug hoch.',
        reason: 'Auszug älter als drei Monate',
      }),
    );
  });

  it('approves without a reason; the reason is offered as optional', async () => {
    const { onDecide } = setup('approve');
    expect(field('Begründung (optional)').getAttribute('aria-required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('approve', { reason: '' }));
  });

  it("puts the API's field violations on their fields", async () => {
    const onDecide = vi.fn(async () => {
      throw new ApiError({
        status: 422,
        code: 'validation_failed',
        violations: [{ propertyPath: 'reason', code: 'too_long', message: 'Der Text ist zu lang' }],
      });
    });
    setup('professional_refuse', onDecide);
    const reason = field('Begründung');
    fireEvent.input(reason, { target: { value: 'Keine Nachweise' } });
    fireEvent.click(screen.getByRole('button', { name: 'Antrag ablehnen' }));
    await waitFor(() => expect(descriptionOf(reason)).toContain('Der Text ist zu lang'));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of the API in the dialog, in the catalogue wording', async () => {
    const onDecide = vi.fn(async () => {
      throw new ApiError({ status: 409, code: 'customer_not_identified' });
    });
    setup('approve', onDecide);
    fireEvent.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      errorMessage('customer_not_identified', 'de'),
    );
    // still open: the operator reads why
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes without deciding on cancel', () => {
    const { onDecide, onClose } = setup('lift_ban');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalled();
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      setup('professional_approve');
      expect(screen.getByRole('dialog', { name: 'Classify as a professional client' })).toBeTruthy();
      expect(field('Reason (optional)')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('de');
    }
  });

  describe('focus (WCAG 2.4.3, BFSG issue 22)', () => {
    it('focuses the first field on open, keeps Tab inside and gives the focus back on "Abbrechen"', async () => {
      render(<CustomerFile />);
      const opener = press('Rückfrage stellen');
      const dialog = await screen.findByRole('dialog', { name: 'Weitere Angaben anfordern' });
      const message = field('Nachricht an den Kunden');
      await waitFor(() => expect(document.activeElement).toBe(message));

      const submit = screen.getByRole('button', { name: 'Rückfrage senden' });
      submit.focus();
      fireEvent.keyDown(submit, { key: 'Tab' });
      expect(document.activeElement).toBe(message);
      fireEvent.keyDown(message, { key: 'Tab', shiftKey: true });
      expect(document.activeElement).toBe(submit);
      expect(dialog.contains(document.activeElement)).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    });

    it('gives the focus back to "Kunden sperren" on Escape', async () => {
      render(<CustomerFile />);
      const opener = press('Kunden sperren');
      await screen.findByRole('dialog', { name: 'Kunden sperren' });
      await waitFor(() => expect(document.activeElement).toBe(field('Begründung')));
      fireEvent.keyDown(field('Begründung'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    });

    it("focuses the file's heading when the ban disabled the button that opened the dialog", async () => {
      render(<CustomerFile />);
      press('Kunden sperren');
      fireEvent.input(await screen.findByLabelText('Begründung', { exact: true }), {
        target: { value: 'Treffer auf der Sanktionsliste' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Sperren' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((screen.getByRole('button', { name: 'Kunden sperren' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Erika Mustermann' })),
      );
    });
  });
});
