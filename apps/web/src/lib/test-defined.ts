/** Tests only: the value, or a failure naming what was missing (in place of a non-null assertion). */
export function defined<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
