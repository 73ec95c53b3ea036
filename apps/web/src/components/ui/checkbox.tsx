import { type ComponentProps, useId } from 'react';
import { FieldMessages, type FieldProps, fieldControlProps, RequiredMark } from './form-field.tsx';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'required'> & FieldProps;

/**
 * A checkbox with its label beside the box (consents, statements; spec 5 "terms must be accepted"),
 * hint and error below. The label may hold links (`<a>` to the terms).
 */
export function Checkbox({ label, hint, error, required, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          {...rest}
          {...fieldControlProps(boxId, { hint, error, required })}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-800 focus:ring-2 focus:ring-brand-200 aria-invalid:outline aria-invalid:outline-red-600"
        />
        <label htmlFor={boxId} className="text-sm text-slate-800">
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      <div className="pl-6.5">
        <FieldMessages id={boxId} hint={hint} error={error} />
      </div>
    </div>
  );
}
