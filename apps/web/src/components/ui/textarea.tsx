import type { ComponentProps } from 'react';
import { controlClass, type FieldProps, FormField, useField } from './form-field.tsx';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'required'> & FieldProps;

/** A labelled multi-line text input with hint and error (convention 9). */
export function Textarea(props: TextareaProps) {
  const { frame, control, rest } = useField(props);
  return (
    <FormField {...frame}>
      <textarea {...rest} {...control} className={controlClass} />
    </FormField>
  );
}
