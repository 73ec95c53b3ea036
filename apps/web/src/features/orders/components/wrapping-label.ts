import type { ButtonSize } from '../../../components/ui/button.tsx';

const minHeights: Record<ButtonSize, string> = { sm: 'min-h-9', md: 'min-h-10', lg: 'min-h-12' };

/**
 * Extra classes for a button (or a link that looks like one) whose label may be longer than a phone
 * is wide: `buttonClasses` keeps the label on one line at a fixed height, so "Zahlungspflichtig
 * zeichnen (2.000,00 €)" pushed the page sideways at 320 CSS px (WCAG 1.4.10, issue 22). The label
 * wraps, centred, the button grows in height from its size's height and never exceeds its row.
 * `whitespace-normal!` wins over the button's `whitespace-nowrap` whatever order the CSS has.
 */
export function wrappingLabel(size: ButtonSize = 'md'): string {
  return `h-auto ${minHeights[size]} max-w-full min-w-0 py-2 text-center break-words whitespace-normal!`;
}
