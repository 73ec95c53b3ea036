/** IBAN display: groups of four (spec: "display grouped by 4"); sent without spaces. */
export function formatIban(value: string): string {
  const compact = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Where the caret belongs after formatting: behind the same number of letters and digits as before,
 * so typing in the middle of an IBAN does not throw the caret to its end.
 */
export function caretAfterFormat(formatted: string, typed: string, caret: number): number {
  const significant = typed.slice(0, caret).replace(/[^0-9A-Za-z]/g, '').length;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (seen === significant) return i;
    if (/[0-9A-Za-z]/.test(formatted.charAt(i))) seen++;
  }
  return formatted.length;
}
