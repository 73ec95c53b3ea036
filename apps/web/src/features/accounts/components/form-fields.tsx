import { Eye, EyeOff } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/*
 * Small accessible fields for the account forms: label, the spec 5 rule as a hint, and the first
 * failing rule's message. They stand in until the shared components/ui/form-field.tsx, input.tsx,
 * select.tsx and checkbox.tsx arrive; the props follow react-hook-form's `register()`.
 */

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-600 aria-invalid:ring-red-100 disabled:bg-slate-100 sm:text-sm';

type FieldFrame = {
  label: ReactNode;
  /** The rule the value must meet (spec 5), always visible. */
  hint?: ReactNode;
  error?: FieldError | undefined;
  /** Shown below the hint (e.g. the password checklist). */
  after?: ReactNode;
};

function describedBy(id: string, opts: { hint: boolean; error: boolean; extra?: string | undefined }) {
  const ids = [opts.hint && `${id}-hint`, opts.error && `${id}-error`, opts.extra].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: FieldError | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </>
  );
}

type TextFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
    ref?: Ref<HTMLInputElement>;
    /** ids of further elements describing the input */
    describedById?: string;
  };

/** A labelled text input (text, e-mail, phone) with hint and error. */
export function TextField({ label, hint, error, after, className, describedById, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        className={`mt-1 ${inputClass}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, {
          hint: Boolean(hint),
          error: Boolean(error),
          extra: describedById,
        })}
        {...input}
      />
      <FieldMessages id={id} hint={hint} error={error} />
      {after}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  hint,
  error,
  after,
  className,
  describedById,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation('accounts');
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-11`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, {
            hint: Boolean(hint),
            error: Boolean(error),
            extra: describedById,
          })}
          {...input}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-brand-900"
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
      {after}
    </div>
  );
}

type SelectFieldProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly { value: string; label: string }[];
    /** The empty first option ('Please choose'). */
    placeholder?: string;
  };

/** A labelled native select (best on phones) with hint and error. */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={`mt-1 ${inputClass}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error) })}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

type CheckboxFieldProps = Omit<FieldFrame, 'after'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { ref?: Ref<HTMLInputElement> };

/** A checkbox with its label beside it (consents), hint and error below. */
export function CheckboxField({ label, hint, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-900"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error) })}
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <div className="pl-8">
        <FieldMessages id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

type ChoiceFieldProps = {
  legend: ReactNode;
  hint?: ReactNode;
  error?: FieldError | undefined;
  options: readonly { value: string; label: string; description?: string }[];
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value'> & {
    ref?: Ref<HTMLInputElement>;
  };
};

/** Radio cards for a small choice (account type). */
export function ChoiceField({ legend, hint, error, options, input }: ChoiceFieldProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error) })}>
      <legend className="block text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-accent-600"
          >
            <input type="radio" value={o.value} className="mt-0.5 size-4 accent-brand-900" {...input} />
            <span>
              <span className="block text-sm font-medium text-slate-900">{o.label}</span>
              {o.description && <span className="block text-xs text-slate-600">{o.description}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}
