import type { ComponentProps } from 'react';
import { controlClass, type FieldProps, FormField, useField } from './form-field.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentProps<'select'>, 'required' | 'children'> &
  FieldProps & {
    options: readonly SelectOption[];
    /** The empty first choice ("Please select"); its value is '' so `required` reports it (spec 5). */
    placeholder?: string;
  };

/** A labelled native select with hint and error (convention 9): keyboard and screen readers for free. */
export function Select({ options, placeholder, ...props }: SelectProps) {
  const { frame, control, rest } = useField(props);
  return (
    <FormField {...frame}>
      <select
        {...rest}
        {...control}
        // a native select ignores line-height: the height of a text input (py-2, leading-6, border);
        // a long choice (a legal form, a country) ends in an ellipsis on a phone instead of being cut
        className={`${controlClass} h-10.5 min-w-0 truncate`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
