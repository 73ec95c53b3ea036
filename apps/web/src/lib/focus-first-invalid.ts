import { type FieldErrors, get } from 'react-hook-form';

/**
 * Focuses the invalid field that comes first on the page (react-hook-form focuses the first one
 * registered, which is not the first one shown when a child component registers its fields later);
 * focusing scrolls it into view, so a phone user who submitted at the bottom sees what to fix.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  const invalid = Array.from(form?.elements ?? []).find(
    (el): el is HTMLInputElement =>
      el instanceof HTMLElement &&
      'name' in el &&
      Boolean(el.name) &&
      get(errors, String(el.name)) !== undefined,
  );
  invalid?.focus();
}
