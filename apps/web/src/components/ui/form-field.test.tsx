import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { violationMessage } from '@token/domain/errors';
import { type UseFormRegister, useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { errorKey } from '../../lib/error-text.tsx';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { i18n } from '../../lib/i18n.ts';
import { formResolver } from '../../lib/validation.ts';
import { Checkbox } from './checkbox.tsx';
import { Input } from './input.tsx';
import { PasswordInput } from './password-input.tsx';
import { RadioGroup } from './radio-group.tsx';
import { Select } from './select.tsx';
import { Textarea } from './textarea.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('de');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('de');
});

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
    // the label names the field; the required mark stands beside it
    const input = screen.getByLabelText('Passwort');
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

describe('Input addons', () => {
  it('shows an addon inside the control and more content under the messages', () => {
    render(
      <Input
        label="Betrag"
        hint="In Euro"
        className="sm:w-64"
        end={<span>EUR</span>}
        after={<ul aria-label="Regeln" />}
        error="Dieses Feld ist erforderlich"
      />,
    );
    const input = screen.getByLabelText('Betrag');
    expect(input.parentElement?.textContent).toBe('EUR');
    expect(input.className).toContain('pr-11');
    // className places the whole field, the control keeps the shared look
    expect(input.closest('.sm\\:w-64')?.textContent).toContain('In Euro');
    expect(input.className).not.toContain('sm:w-64');
    const rules = screen.getByRole('list', { name: 'Regeln' });
    // under the hint and the error
    expect(document.getElementById(`${input.id}-error`)?.nextElementSibling).toBe(rules);
  });
});

describe('PasswordInput', () => {
  it('hides the password until its button is pressed, and keeps label, hint and error', () => {
    render(<PasswordInput label="Passwort" hint="Pflichtfeld" error="Dieses Feld ist erforderlich" />);
    const input = screen.getByLabelText('Passwort') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(descriptionOf(input)).toEqual(['Pflichtfeld', 'Dieses Feld ist erforderlich']);
    const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
    expect(toggle.getAttribute('type')).toBe('button');
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(input.type).toBe('password');
  });
});

describe('RadioGroup', () => {
  it('is a group named by its legend; each choice carries its description; an error marks the choices', () => {
    render(
      <RadioGroup
        label="Kontoart"
        name="accountType"
        error="Bitte wählen Sie eine Option aus"
        options={[
          { value: 'personal', label: 'Privatperson', description: 'Eine natürliche Person' },
          { value: 'company', label: 'Unternehmen' },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Kontoart' });
    expect(descriptionOf(group)).toEqual(['Bitte wählen Sie eine Option aus']);
    const personal = screen.getByRole('radio', { name: 'Privatperson' });
    expect(descriptionOf(personal)).toEqual(['Eine natürliche Person']);
    expect(personal.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Unternehmen' }).getAttribute('aria-describedby')).toBeNull();
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

  it('ticks from a click just beside its 16 px box, inside the 24 px target around it (WCAG 2.5.8)', () => {
    render(<Checkbox label="Newsletter" />);
    const box = screen.getByRole('checkbox', { name: 'Newsletter' }) as HTMLInputElement;
    const target = box.parentElement as HTMLElement;
    expect(target.className).toContain('size-6');
    fireEvent.click(target);
    expect(box.checked).toBe(true);
  });
});

describe('an error that comes while the focus stays in the field', () => {
  it('is announced: an alert the control is described by', () => {
    render(<Input label="Code" announceError error={errorKey('two_factor_invalid')} />);
    const input = screen.getByLabelText('Code');
    const alert = screen.getByRole('alert');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('is not announced otherwise (read when the field takes the focus)', () => {
    render(<Input label="Name" error="Dieses Feld ist erforderlich" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the pieces in a react-hook-form form with the domain resolver', () => {
  const schema = z.object({
    email: z.email(),
    country: z.enum(['DE', 'AT']),
    kind: z.enum(['personal', 'company']),
    message: z.string().min(10),
    terms: z.literal(true),
  });
  type Values = z.input<typeof schema>;

  function Form({ onValid }: { onValid: (v: Values) => void }) {
    const { register, handleSubmit, formState } = useForm<Values>({
      defaultValues: {
        email: '',
        country: '' as 'DE',
        kind: 'personal',
        message: '',
        terms: false as unknown as true,
      },
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
        <RadioGroup
          label="Kind"
          options={[
            { value: 'personal', label: 'Person' },
            { value: 'company', label: 'Company' },
          ]}
          error={e.kind?.message}
          {...register('kind')}
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
    await waitFor(() => expect(screen.getAllByText(required)).toHaveLength(2));
    expect(screen.getByText(violationMessage('invalid_value', 'en'))).toBeTruthy(); // the unticked box
    // spec 5: a select left on its placeholder 'must be selected'
    expect(screen.getByLabelText('Country').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(violationMessage('must_be_selected', 'en'))).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'erika@' } });
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText(violationMessage('invalid_email', 'en'))).toBeTruthy());
    expect(screen.getByText(violationMessage('too_short', 'en', { value: 10 }))).toBeTruthy();

    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'erika@example.com' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Company' }));
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'Wann kommt der Kupon?' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      email: 'erika@example.com',
      country: 'DE',
      kind: 'company',
      message: 'Wann kommt der Kupon?',
      terms: true,
    });
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBeNull();
  });
});

// issue 22: the forms built on lib/form.ts, whatever their fields' components register first
describe('a form of useDomainForm', () => {
  const schema = z.object({ firstName: z.string().min(1), email: z.email(), code: z.string().min(6) });
  type Values = z.input<typeof schema>;

  /** Shown first, registered last: a component of its own, as sign-up's name fields are. */
  function NameField({ register, error }: { register: UseFormRegister<Values>; error?: string | undefined }) {
    return <Input label="Vorname" error={error} {...register('firstName')} />;
  }

  function Form({ answer }: { answer?: ApiError }) {
    const { register, handleSubmit, formState, setError } = useDomainForm(schema, {
      firstName: '',
      email: '',
      code: '',
    });
    const showServerErrors = useServerErrors(setError, ['firstName', 'email', 'code']);
    const e = formState.errors;
    const onSubmit = handleSubmit(() => {
      if (answer) showServerErrors(answer);
    });
    return (
      <form onSubmit={onSubmit} noValidate>
        <NameField register={register} error={e.firstName?.message} />
        <Input label="E-Mail" error={e.email?.message} {...register('email')} />
        <Input label="Code" error={e.code?.message} {...register('code')} />
        <button type="submit">Senden</button>
      </form>
    );
  }

  const errorTexts = () => Array.from(document.querySelectorAll('p[id$="-error"]'), (p) => p.textContent);

  it('focuses the first invalid field on the page after a failed check, not the first registered', async () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(screen.getByLabelText('E-Mail').getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(screen.getByLabelText('Vorname'));
  });

  it('words its errors in the language of the moment: a switch rewords them, and back', async () => {
    render(<Form />);
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    const de = [
      violationMessage('required', 'de'),
      violationMessage('required', 'de'),
      violationMessage('too_short', 'de', { value: 6 }),
    ];
    await waitFor(() => expect(errorTexts()).toEqual(de));
    await act(() => i18n.changeLanguage('en'));
    expect(errorTexts()).toEqual([
      violationMessage('required', 'en'),
      violationMessage('required', 'en'),
      violationMessage('too_short', 'en', { value: 6 }),
    ]);
    await act(() => i18n.changeLanguage('de'));
    expect(errorTexts()).toEqual(de);
  });

  it("keeps the API's violations by code: worded anew on a switch, the first on the page focused", async () => {
    const answer = new ApiError({
      status: 422,
      code: 'validation_failed',
      violations: [
        {
          propertyPath: 'code',
          code: 'too_short',
          message: violationMessage('too_short', 'de', { value: 8 }),
        },
        {
          propertyPath: 'email',
          code: 'email_already_used',
          message: violationMessage('email_already_used', 'de'),
        },
        // a code this client does not know keeps the API's sentence
        { propertyPath: 'firstName', code: 'name_from_the_future', message: 'Ein Satz der API' },
      ],
    });
    render(<Form answer={answer} />);
    fireEvent.input(screen.getByLabelText('Vorname'), { target: { value: 'Erika' } });
    fireEvent.input(screen.getByLabelText('E-Mail'), { target: { value: 'erika@example.com' } });
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() =>
      expect(errorTexts()).toEqual([
        'Ein Satz der API',
        violationMessage('email_already_used', 'de'),
        violationMessage('too_short', 'de', { value: 8 }),
      ]),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Vorname'));
    await act(() => i18n.changeLanguage('en'));
    expect(errorTexts()).toEqual([
      'Ein Satz der API',
      violationMessage('email_already_used', 'en'),
      violationMessage('too_short', 'en', { value: 8 }),
    ]);
  });
});
