import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Input, type InputProps } from './input.tsx';

export type PasswordInputProps = Omit<InputProps, 'type' | 'end'>;

/**
 * A password `Input` with a button that shows the typed password, so a long one can be checked
 * before it is sent (NIST SP 800-63B 3.1.1.2). Takes react-hook-form's `register` like `Input`.
 */
export function PasswordInput({ id, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const [isVisible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      id={inputId}
      type={isVisible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="flex h-full w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-brand-900 focus-visible:-outline-offset-2"
          aria-label={t('form.showPassword')}
          aria-pressed={isVisible}
          aria-controls={inputId}
          onClick={() => setVisible((v) => !v)}
        >
          {isVisible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}
