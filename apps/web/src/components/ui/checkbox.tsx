import type { ComponentProps } from 'react';
import { FieldMessages, type FieldProps, RequiredMark, useField } from './form-field.tsx';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'required'> & FieldProps;

/**
 * A checkbox with its label beside the box (consents, statements; spec 5 "terms must be accepted"),
 * hint and error below. The label may hold links (`<a>` to the terms).
 */
export function Checkbox(props: CheckboxProps) {
  const { frame, control, rest } = useField(props);
  return (
    <div className={frame.className}>
      <div className="flex items-start gap-2.5">
        <input
          {...rest}
          {...control}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-800 focus:ring-2 focus:ring-brand-200 aria-invalid:outline aria-invalid:outline-red-600"
        />
        <div className="text-sm text-slate-800">
          <label htmlFor={frame.id}>{frame.label}</label>
          {frame.required && <RequiredMark />}
        </div>
      </div>
      <div className="pl-6.5">
        <FieldMessages id={frame.id} hint={frame.hint} error={frame.error} />
        {frame.after}
      </div>
    </div>
  );
}
