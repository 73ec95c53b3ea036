import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { errorMessage, violationMessage } from '@token/domain/errors';
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
});
