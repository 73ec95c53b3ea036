import type { ComponentProps } from 'react';
import { FieldMessages, type FieldProps, focusScrollMargin, RequiredMark, useField } from './form-field.tsx';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'required'> & FieldProps;

/**
 * A checkbox with its label beside the box (consents, statements; spec 5 "terms must be accepted"),
 * hint and error below. The label may hold links (`<a>` to the terms).
 */
export function Checkbox(props: CheckboxProps) {
  const { frame, control, rest } = useField(props);
  return (
    <div className={frame.className}>
      {/* WCAG 2.2 2.5.8 (EN 301 549): the label's lines are 24 px high, and the 16 px box sits in a
          24 × 24 px target (a label of its own, holding only the box), so a click just beside the
          box ticks it too; the text's label names the box, the required mark stays outside it */}
      <div className="flex items-start gap-1.5 text-sm leading-6 text-slate-800">
        <label
          htmlFor={frame.id}
          className="-ml-1 flex size-6 shrink-0 cursor-pointer items-center justify-center"
        >
          <input
            {...rest}
            {...control}
            type="checkbox"
            className={`size-4 shrink-0 rounded border-slate-300 accent-brand-800 focus:ring-2 focus:ring-brand-200 aria-invalid:outline aria-invalid:outline-red-600 ${focusScrollMargin}`}
          />
        </label>
        <div>
          <label htmlFor={frame.id}>{frame.label}</label>
          {frame.required && <RequiredMark />}
        </div>
      </div>
      <div className="pl-6.5">
        <FieldMessages
          id={frame.id}
          hint={frame.hint}
          error={frame.error}
          announceError={frame.announceError}
        />
        {frame.after}
      </div>
    </div>
  );
}
