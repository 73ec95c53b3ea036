import { useCurrencyNameMap } from '../../../lib/reference.ts';

/** A currency as the reader reads it: `Euro (EUR)` (GET currencies, shared with the forms); a code without a name reads as itself. */
export function useCurrencyNames() {
  const names = useCurrencyNameMap();
  return (code: string | null | undefined) => {
    const name = code ? names.data?.get(code) : undefined;
    return name ? `${name} (${code})` : code;
  };
}
