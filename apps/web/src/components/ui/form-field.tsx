import { type ReactNode, useId } from 'react';
import { useErrorKeyText } from '../../lib/error-text.tsx';

/** What every form control shows around itself (convention 9). */
export type FieldProps = {
  label: ReactNode;
  /** The rule the value has to follow (spec 5), shown under the control and read with it. */
  hint?: ReactNode;
  /**
   * The field's error: a catalogue key (the resolver's and the API's 422 violations, lib/error-text.tsx
   * `errorKey`), worded under the control in the language of the moment, or a page's own sentence.
   */
  error?: string | undefined;
  /**
   * Announces the error as it appears (`role="alert"`), for an error that comes while the focus stays
   * in the field, e.g. a refused one-time code; errors found on submit are read as the focus moves.
   */
  announceError?: boolean;
  /** Marks the label and tells assistive technology; validation itself is the schema's. */
  required?: boolean;
  /** More under the hint and error that belongs to the field, e.g. a new password's rule checklist. */
  after?: ReactNode;
  /** Places the whole field (width, grid span); the control itself keeps the one look of every form. */
  className?: string | undefined;
};

/** Ids of a control's hint and error texts, for `aria-describedby`. */
export const hintIdOf = (id: string) => `${id}-hint`;
export const errorIdOf = (id: string) => `${id}-error`;

/** The accessibility attributes of the control with this id: invalid state, description, required. */
export function fieldControlProps(
  id: string,
  field: Pick<FieldProps, 'hint' | 'error' | 'required'>,
): {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
} {
  const describedBy = [field.hint ? hintIdOf(id) : null, field.error ? errorIdOf(id) : null]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': field.required ? true : undefined,
  };
}

/**
 * Splits a piece's props into its frame's (label, hint, error, required, after, className), the
 * control's accessibility attributes, and the rest for the control (react-hook-form's `register`);
 * the control's id is the given one or a generated one.
 */
export function useField<P extends FieldProps & { id?: string | undefined }>(props: P) {
  const { label, hint, error, announceError, required, after, className, id, ...rest } = props;
  const generated = useId();
  const controlId = id ?? generated;
  return {
    frame: { id: controlId, label, hint, error, announceError, required, after, className },
    control: fieldControlProps(controlId, { hint, error, required }),
    rest,
  };
}

/**
 * The asterisk after a required field's label, beside the `<label>` rather than in it, so the label
 * text stays the field's name; screen readers hear `aria-required` instead.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/**
 * A field's hint and error texts, with the ids the control's `aria-describedby` names; the error is
 * worded from its catalogue key as the page renders, in the current language.
 */
export function FieldMessages({
  id,
  hint,
  error,
  announceError,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
  announceError?: boolean | undefined;
}) {
  const errorText = useErrorKeyText(error);
  return (
    <>
      {hint && (
        <p id={hintIdOf(id)} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorIdOf(id)}
          role={announceError ? 'alert' : undefined}
          className="mt-1 text-sm text-red-700"
        >
          {errorText}
        </p>
      )}
    </>
  );
}

/**
 * Label above, control, then hint and error: the frame of `Input`, `Select` and `Textarea`. The
 * control itself takes `fieldControlProps(id, field)` so the label, hint and error belong to it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  announceError,
  required,
  after,
  className,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <div className="text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {required && <RequiredMark />}
      </div>
      <div className="mt-1">{children}</div>
      <FieldMessages id={id} hint={hint} error={error} announceError={announceError} />
      {after}
    </div>
  );
}

/**
 * Where the page scrolls a control to when it takes the focus (a failed submit, Tab): below the
 * sticky header (64 px) with its label above it still in view, not under the header (WCAG 2.4.11).
 */
export const focusScrollMargin = 'scroll-mt-28';

/** The look of text inputs, selects and text areas; red border when invalid. */
export const controlClass = `block w-full ${focusScrollMargin} rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500`;
