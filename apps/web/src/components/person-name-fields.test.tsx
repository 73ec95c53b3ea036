import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../lib/i18n.ts';
import { PersonNameFields, type PersonNameValues } from './person-name-fields.tsx';

function NameForm({
  namespace,
  onSave,
}: {
  namespace: 'accounts' | 'onboarding';
  onSave: (v: PersonNameValues) => void;
}) {
  const { register, handleSubmit, formState } = useForm<PersonNameValues>({
    defaultValues: { salutation: 'ms', title: '', firstName: 'Erika', lastName: 'Mustermann' },
  });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <PersonNameFields register={register} errors={formState.errors} namespace={namespace} />
      <button type="submit">save</button>
    </form>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('accounts');
  await loadNamespace('onboarding');
});
afterEach(cleanup);

describe('PersonNameFields (edit profile and personal self-disclosure)', () => {
  it.each([
    ['accounts', 'Pflichtfeld, höchstens 100 Zeichen'],
    ['onboarding', 'Wie in Ihrem Ausweisdokument'],
  ] as const)('reads labels and hints of the %s texts; names are required', (namespace, nameHint) => {
    render(<NameForm namespace={namespace} onSave={() => {}} />);
    const first = screen.getByLabelText(/^Vorname/) as HTMLInputElement;
    expect(first.value).toBe('Erika');
    expect(first.getAttribute('aria-required')).toBe('true');
    expect(first.autocomplete).toBe('given-name');
    expect(screen.getByLabelText(/^Nachname/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^Titel/).getAttribute('aria-required')).toBeNull();
    expect(screen.getAllByText(nameHint)).toHaveLength(2);
    expect(screen.getByRole('option', { name: 'Frau' })).toBeTruthy();
  });

  it('sends "no salutation" as null and the names as typed', async () => {
    const onSave = vi.fn();
    render(<NameForm namespace="accounts" onSave={onSave} />);
    fireEvent.change(screen.getByLabelText(/^Anrede/), { target: { value: '' } });
    fireEvent.input(screen.getByLabelText(/^Vorname/), { target: { value: 'Eva' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      salutation: null,
      title: '',
      firstName: 'Eva',
      lastName: 'Mustermann',
    });
  });
});
