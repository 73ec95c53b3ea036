import { type ComponentProps, useId } from 'react';
import { controlClass, type FieldProps, FormField, fieldControlProps } from './form-field.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentProps<'select'>, 'required' | 'children'> &
  FieldProps & {
    options: readonly SelectOption[];
    /** The empty first choice ("Please select"); its value is '' so `required` reports it (spec 5). */
    placeholder?: string;
  };

/** A labelled native select with hint and error (convention 9): keyboard and screen readers for free. */
export function Select({
  label,
  hint,
  error,
  required,
  id,
  className,
  options,
  placeholder,
  ...rest
}: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FormField id={selectId} label={label} hint={hint} error={error} required={required}>
      <select
        {...rest}
        {...fieldControlProps(selectId, { hint, error, required })}
        className={className ? `${controlClass} ${className}` : controlClass}
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
