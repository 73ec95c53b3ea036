import type { ComponentProps } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'onDark';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-900 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600 aria-disabled:bg-slate-300 aria-disabled:text-slate-600',
  secondary: 'bg-accent-700 text-white hover:bg-accent-600 disabled:bg-slate-300 disabled:text-slate-600',
  outline:
    'border border-slate-300 bg-white text-brand-900 hover:border-brand-400 hover:bg-brand-50 disabled:text-slate-500',
  ghost: 'text-brand-800 hover:bg-brand-50 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300',
  onDark: 'border border-white/40 text-white hover:border-white hover:bg-white/10',
};

// A height to start from, not a fixed one: a label longer than a phone is wide wraps and the button
// grows, instead of pushing the page sideways at 320 CSS px (WCAG 1.4.10 reflow, issue 22).
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1 text-sm gap-1.5',
  md: 'min-h-10 px-4 py-1.5 text-sm gap-2',
  lg: 'min-h-12 px-6 py-2 text-base gap-2',
};

/** Class names of a button, for links and other elements that should look like one. */
export function buttonClasses(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return [
    'inline-flex max-w-full items-center justify-center rounded-md text-center font-medium break-words transition-colors',
    'disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
    variants[opts.variant ?? 'primary'],
    sizes[opts.size ?? 'md'],
    opts.className ?? '',
  ].join(' ');
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * A button; links that should look like one use `buttonClasses`. A submit button stays disabled until
 * a server-rendered page has hydrated: a press (or Enter in a field) before then would submit the
 * form natively, as a GET with its fields (a password) in the URL, instead of through the page.
 */
export function Button({ variant, size, className, type, disabled, ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  const classes = buttonClasses({ variant, size, className });
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || (type === 'submit' && !hydrated)}
      {...rest}
    />
  );
}
