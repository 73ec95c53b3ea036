import { type ComponentProps, useId } from 'react';
import { controlClass, type FieldProps, FormField, fieldControlProps } from './form-field.tsx';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'required'> & FieldProps;

/** A labelled multi-line text input with hint and error (convention 9). */
export function Textarea({ label, hint, error, required, id, className, ...rest }: TextareaProps) {
  const generated = useId();
  const textareaId = id ?? generated;
  return (
    <FormField id={textareaId} label={label} hint={hint} error={error} required={required}>
      <textarea
        {...rest}
        {...fieldControlProps(textareaId, { hint, error, required })}
        className={className ? `${controlClass} ${className}` : controlClass}
      />
    </FormField>
  );
}
