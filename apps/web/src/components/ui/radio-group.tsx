import type { ComponentProps } from 'react';
import { FieldMessages, type FieldProps, focusScrollMargin, RequiredMark, useField } from './form-field.tsx';

export type RadioOption = { value: string; label: string; description?: string; disabled?: boolean };

export type RadioGroupProps = Omit<ComponentProps<'input'>, 'type' | 'required' | 'value' | 'children'> &
  FieldProps & { options: readonly RadioOption[] };

/**
 * A small choice as cards side by side, each with a line of description (account type, spec 3):
 * one fieldset named by its legend. Spread react-hook-form's `register`; it reaches every radio.
 */
export function RadioGroup({ options, ...props }: RadioGroupProps) {
  const { frame, control, rest } = useField(props);
  const groupId = frame.id;
  return (
    // a fieldset takes no aria-invalid or aria-required: the radios say invalid, the legend's mark required
    <fieldset id={groupId} aria-describedby={control['aria-describedby']} className={frame.className}>
      <legend className="block text-sm font-medium text-slate-800">
        {frame.label}
        {frame.required && <RequiredMark />}
      </legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          // named by its label alone; the description is read after it, not as part of the name
          const labelId = `${groupId}-${o.value}-label`;
          const descriptionId = `${groupId}-${o.value}-description`;
          return (
            <label
              key={o.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-accent-600 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                {...rest}
                type="radio"
                value={o.value}
                disabled={o.disabled ?? rest.disabled}
                aria-labelledby={labelId}
                aria-describedby={o.description ? descriptionId : undefined}
                aria-invalid={control['aria-invalid']}
                className={`mt-0.5 size-4 shrink-0 accent-brand-800 ${focusScrollMargin}`}
              />
              <span>
                <span id={labelId} className="block text-sm font-medium text-slate-900">
                  {o.label}
                </span>
                {o.description && (
                  <span id={descriptionId} className="block text-xs text-slate-600">
                    {o.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldMessages id={groupId} hint={frame.hint} error={frame.error} announceError={frame.announceError} />
      {frame.after}
    </fieldset>
  );
}
