import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { violationMessage } from '@token/domain/errors';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formResolver } from '../../lib/validation.ts';
import { Checkbox } from './checkbox.tsx';
import { Input } from './input.tsx';
import { Select } from './select.tsx';
import { Textarea } from './textarea.tsx';

afterEach(cleanup);

/** The texts `aria-describedby` points at, in order. */
function descriptionOf(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('Input', () => {
  it('is named by its label and valid while it has no error', () => {
    render(<Input label="Name" name="name" />);
    const input = screen.getByLabelText('Name');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-required')).toBeNull();
  });

  it('describes itself by its hint and its error, and is invalid with an error', () => {
    render(
      <Input
        label="Passwort"
        hint="Mindestens 8 Zeichen mit Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen"
        error="Dieses Feld ist erforderlich"
        required
      />,
    );
    const input = screen.getByLabelText('Passwort', { exact: false });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(descriptionOf(input)).toEqual([
      'Mindestens 8 Zeichen mit Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen',
      'Dieses Feld ist erforderlich',
    ]);
    // the required mark is visible but not read out twice
    const mark = screen.getByText('*');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps a given id and passes input attributes through', () => {
    render(<Input label="E-Mail" id="mail" type="email" autoComplete="email" error="x" />);
    const input = screen.getByLabelText('E-Mail');
    expect(input.id).toBe('mail');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('aria-describedby')).toBe('mail-error');
  });
});

describe('Textarea', () => {
  it('is a labelled text area with its error', () => {
    render(<Textarea label="Nachricht" rows={6} error="Der Text ist zu lang" />);
    const area = screen.getByLabelText('Nachricht');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('6');
    expect(descriptionOf(area)).toEqual(['Der Text ist zu lang']);
  });
});

describe('Select', () => {
  it('offers its options after an empty placeholder choice', () => {
    render(
      <Select
        label="Land"
        placeholder="Bitte wählen"
        options={[
          { value: 'DE', label: 'Deutschland' },
          { value: 'AT', label: 'Österreich' },
        ]}
        error="Dieses Feld ist erforderlich"
      />,
    );
    const select = screen.getByLabelText('Land') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Bitte wählen'],
      ['DE', 'Deutschland'],
      ['AT', 'Österreich'],
    ]);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(select)).toEqual(['Dieses Feld ist erforderlich']);
  });
});

describe('Checkbox', () => {
  it('has its label beside the box, toggles from the label and carries its error', () => {
    const onChange = vi.fn();
    render(
      <Checkbox
        label={
          <>
            Ich akzeptiere die <a href="/terms-and-conditions">AGB</a>
          </>
        }
        error="Dieses Feld ist erforderlich"
        onChange={onChange}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Ich akzeptiere die AGB' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByText('Ich akzeptiere die', { exact: false }));
    expect(box.checked).toBe(true);
    expect(onChange).toHaveBeenCalledOnce();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(box)).toEqual(['Dieses Feld ist erforderlich']);
  });
});

describe('the pieces in a react-hook-form form with the domain resolver', () => {
  const schema = z.object({
    email: z.email(),
    country: z.string().min(1),
    message: z.string().min(10),
    terms: z.literal(true),
  });
  type Values = z.input<typeof schema>;

  function Form({ onValid }: { onValid: (v: Values) => void }) {
    const { register, handleSubmit, formState } = useForm<Values>({
      defaultValues: { email: '', country: '', message: '', terms: false as unknown as true },
      resolver: formResolver(schema, 'en'),
    });
    const e = formState.errors;
    return (
      <form onSubmit={handleSubmit(onValid)} noValidate>
        <Input label="E-mail" error={e.email?.message} {...register('email')} />
        <Select
          label="Country"
          placeholder="Please select"
          options={[{ value: 'DE', label: 'Germany' }]}
          error={e.country?.message}
          {...register('country')}
        />
        <Textarea label="Message" error={e.message?.message} {...register('message')} />
        <Checkbox label="I accept the terms" error={e.terms?.message} {...register('terms')} />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('shows the catalogue sentences on the fields and submits once everything is valid', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const required = violationMessage('required', 'en');
    await waitFor(() => expect(screen.getAllByText(required)).toHaveLength(3));
    expect(screen.getByText(violationMessage('invalid_value', 'en'))).toBeTruthy(); // the unticked box
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'erika@' } });
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText(violationMessage('invalid_email', 'en'))).toBeTruthy());
    expect(screen.getByText(violationMessage('too_short', 'en', { value: 10 }))).toBeTruthy();

    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'erika@example.com' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'Wann kommt der Kupon?' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]![0]).toEqual({
      email: 'erika@example.com',
      country: 'DE',
      message: 'Wann kommt der Kupon?',
      terms: true,
    });
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBeNull();
  });
});
