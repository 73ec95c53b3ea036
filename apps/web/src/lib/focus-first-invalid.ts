import { type FieldErrors, get } from 'react-hook-form';

/**
 * Focuses the invalid control that comes first in the form's document order, which is the order
 * a reader sees and tabs through (react-hook-form focuses the first one registered, which is not
 * the first one shown when a child component registers its fields later, issue 22). `isInvalid`
 * is the form's errors or a test of a field name. Focusing scrolls the control into view, below
 * the sticky header (the form pieces' scroll margin), so a phone user who submitted at the bottom
 * sees what to fix. Returns whether a control took the focus.
 */
export function focusFirstInvalid(
  form: HTMLFormElement | null | undefined,
  isInvalid: FieldErrors | ((name: string) => boolean),
): boolean {
  const test =
    typeof isInvalid === 'function' ? isInvalid : (name: string) => get(isInvalid, name) !== undefined;
  const invalid = Array.from(form?.elements ?? []).find(
    (el): el is HTMLInputElement =>
      el instanceof HTMLElement &&
      !(el instanceof HTMLFieldSetElement) &&
      'name' in el &&
      typeof el.name === 'string' &&
      el.name !== '' &&
      test(el.name),
  );
  invalid?.focus();
  return invalid !== undefined;
}

/**
 * The form an invalid field belongs to, from a submit event (its target) or else from the first
 * error whose control react-hook-form knows (`ref.form`); null when neither tells.
 */
export function formOfErrors(
  errors: FieldErrors,
  event?: { target?: unknown } | undefined,
): HTMLFormElement | null {
  if (event?.target instanceof HTMLFormElement) return event.target;
  const stack: unknown[] = [errors];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const ref = (node as { ref?: unknown }).ref;
    if (ref instanceof HTMLElement && 'form' in ref && ref.form instanceof HTMLFormElement) return ref.form;
    for (const [key, value] of Object.entries(node)) if (key !== 'ref') stack.push(value);
  }
  return null;
}

/**
 * `items` (an API's violations) in the order the page shows their fields, so the first to take the
 * focus is the first on the page, not the first the API listed (issue 22). The fields are looked up
 * by name in the form holding most of them (two forms of a page may share field names); items
 * without a field there keep their order after the rest.
 */
export function sortInPageOrder<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  if (typeof document === 'undefined' || items.length < 2) return [...items];
  const names = [...new Set(items.map(nameOf))];
  let form: HTMLFormElement | null = null;
  let held = 0;
  for (const name of names) {
    for (const el of Array.from(document.getElementsByName(name))) {
      const candidate: HTMLFormElement | null = 'form' in el ? (el.form as HTMLFormElement | null) : null;
      if (!candidate || candidate === form) continue;
      const count: number = names.filter((n) => candidate.elements.namedItem(n) !== null).length;
      if (count > held) {
        form = candidate;
        held = count;
      }
    }
  }
  if (!form) return [...items];
  const order = Array.from(form.elements, (el) => ('name' in el ? String(el.name) : ''));
  const rank = (item: T) => {
    const i = order.indexOf(nameOf(item));
    return i < 0 ? order.length : i;
  };
  return [...items].sort((a, b) => rank(a) - rank(b));
}
