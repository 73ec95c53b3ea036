import type { ComponentProps, ReactNode } from 'react';
import { controlClass, type FieldProps, FormField, useField } from './form-field.tsx';

export type InputProps = Omit<ComponentProps<'input'>, 'required'> &
  FieldProps & {
    /** An addon at the control's right end, inside its border: a short unit or an icon button. */
    end?: ReactNode;
  };

/**
 * A labelled text input with hint and error (convention 9). Spread react-hook-form's `register`:
 * `<Input label={t('contact.name')} error={errors.name?.message} {...register('name')} />`.
 */
export function Input({ end, ...props }: InputProps) {
  const { frame, control, rest } = useField(props);
  const input = <input {...rest} {...control} className={end ? `${controlClass} pr-11` : controlClass} />;
  return (
    <FormField {...frame}>
      {end ? (
        <div className="relative">
          {input}
          <div className="absolute inset-y-0 right-0 flex items-center">{end}</div>
        </div>
      ) : (
        input
      )}
    </FormField>
  );
}
