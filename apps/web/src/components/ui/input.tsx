import { type ComponentProps, useId } from 'react';
import { controlClass, type FieldProps, FormField, fieldControlProps } from './form-field.tsx';

export type InputProps = Omit<ComponentProps<'input'>, 'required'> & FieldProps;

/**
 * A labelled text input with hint and error (convention 9). Spread react-hook-form's `register`:
 * `<Input label={t('contact.name')} error={errors.name?.message} {...register('name')} />`.
 */
export function Input({ label, hint, error, required, id, className, ...rest }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FormField id={inputId} label={label} hint={hint} error={error} required={required}>
      <input
        {...rest}
        {...fieldControlProps(inputId, { hint, error, required })}
        className={className ? `${controlClass} ${className}` : controlClass}
      />
    </FormField>
  );
}
